import { useTranslation } from "react-i18next";
import "./shop-brand.css";
import { useHoursToday } from "./hours-today";

/**
 * "We are not taking online orders right now — try again after 12:30" (or busy mode's extra minutes) above the
 * front page and the menu, in a polite live region so it is read when it appears. What HoursTodayProvider read.
 */
export function OrderingNotice() {
  const { t } = useTranslation();
  const { notice } = useHoursToday();
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
