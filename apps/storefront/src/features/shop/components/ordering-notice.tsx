import { useTranslation } from "react-i18next";
import "./shop-brand.css";
import type { Shop } from "../api/start-app";
import { useOrderingNotice } from "../hooks/use-ordering-notice";

/**
 * "We are not taking online orders right now — try again after 12:30" (or busy mode's extra minutes) above the
 * front page and the menu, in a polite live region so it is read when it appears.
 */
export function OrderingNotice({ shop }: { shop: Shop }) {
  const { t } = useTranslation();
  const notice = useOrderingNotice(shop);
  return (
    <div className="ordering-notice-slot" role="status" aria-live="polite">
      {notice ? (
        <p className={`ordering-notice ordering-notice-${notice.kind}`}>
          {notice.kind === "paused"
            ? t("OrderingPause.Paused", { time: notice.time })
            : t("OrderingPause.Busy", { minutes: notice.minutes })}
        </p>
      ) : null}
    </div>
  );
}
