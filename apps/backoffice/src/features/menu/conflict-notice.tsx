import type { EditConflict } from "@app/contracts";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { editTimeText } from "./edit-time";

/**
 * The 409 of a stale save, said as a person would: "Mette Hansen changed this at 14:30". It takes the focus (a
 * screen reader reads it) and offers the two ways on; until one is chosen the form keeps what was typed.
 */
export function ConflictNotice(props: {
  conflict: EditConflict | null;
  timeZone: string;
  busy: boolean;
  onLoadTheirs: () => void;
  onSaveMine: () => void;
}) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const { conflict } = props;
  useEffect(() => {
    if (conflict) ref.current?.focus();
  }, [conflict]);
  if (!conflict) return null;
  const name = conflict.current.updatedBy?.name ?? t("menu.conflict.someone");
  const time = editTimeText(conflict.current.updatedAt, new Date(), props.timeZone, i18n.language);
  return (
    <div className="conflict-notice" role="alert" tabIndex={-1} ref={ref} aria-labelledby="conflict-title">
      <h2 id="conflict-title">{t("menu.conflict.title", { name, time })}</h2>
      <p>{t("menu.conflict.explain")}</p>
      <div className="button-row">
        <button type="button" className="button" onClick={props.onLoadTheirs}>
          {t("menu.conflict.loadTheirs", { name })}
        </button>
        <button
          type="button"
          className="button quiet"
          aria-disabled={props.busy || undefined}
          onClick={props.onSaveMine}
        >
          {t("menu.conflict.saveMine")}
        </button>
      </div>
    </div>
  );
}
