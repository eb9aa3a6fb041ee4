/**
 * A save someone else's save overtook (409 EditConflict): who saved and when, that what was typed is still
 * there but not saved, and a button that loads their version. It takes the focus on each refused save (a screen
 * reader reads it). Used by the hours and ordering forms and by the restaurant's sections.
 */
import type { EditConflict } from "@app/contracts";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { dateTimeText } from "../lib/clock";

export function ConflictNotice(props: {
  conflict: EditConflict | null;
  attempt: number;
  onReload: () => void;
  /**
   * The clock of the restaurant that owns what was saved (its hours, its sections), as the audit log reads it;
   * undefined reads the screen's own clock. A manager abroad or a laptop on UTC would otherwise read "07:04" for
   * a save the restaurant's staff made at 08:04.
   */
  timeZone: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (props.attempt > 0) ref.current?.focus();
  }, [props.attempt]);
  if (!props.conflict) return null;
  const { updatedBy, updatedAt } = props.conflict.current;
  const when = dateTimeText(updatedAt, props.timeZone, i18n.language);
  const who = updatedBy ? `${updatedBy.name} (${updatedBy.email})` : t("form.conflict.someone");
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert">
      {/* An h2 like the forms' error summary (components/form.tsx), whose place and look it shares. */}
      <h2>{t("form.conflict.title")}</h2>
      <p>{t("form.conflict.body", { who, when })}</p>
      <button type="button" className="button" onClick={props.onReload}>
        {t("form.conflict.reload")}
      </button>
    </div>
  );
}
