import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

/** A message a page left for the next one (e.g. "Archived: …" after a delete), said once, politely. */
export function FlashNotice() {
  const { t } = useTranslation();
  const notice = (useLocation().state as { notice?: { key: string; name: string } } | null)?.notice;
  return (
    <p className="flash-notice" role="status">
      {notice ? t(notice.key, { name: notice.name }) : ""}
    </p>
  );
}
