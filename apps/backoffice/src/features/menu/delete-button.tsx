/**
 * Delete, after a confirmation. The server decides: a row that open baskets or past orders still name is archived
 * (kept for them, no longer offered), anything else deleted; the answer is said as it came, politely.
 */
import type { DeleteResult } from "@app/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "../../lib/form-errors";

export function DeleteButton(props: {
  name: string;
  onDelete: () => Promise<DeleteResult>;
  /** Where to go once it is gone (the list it was in). */
  onDone: (result: DeleteResult) => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      props.onDone(await props.onDelete());
    } catch (failure) {
      setError(t(`errors.${errorMessageKey(failure)}`, { defaultValue: t("errors.Unknown") }));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <div className="delete-area">
      {confirming ? (
        <div className="button-row">
          <p className="delete-question">{t("menu.delete.confirmTitle", { name: props.name })}</p>
          <button type="button" className="button danger-solid" aria-disabled={busy || undefined} onClick={run}>
            {t("menu.delete.confirm")}
          </button>
          <button type="button" className="button quiet" onClick={() => setConfirming(false)}>
            {t("menu.delete.cancel")}
          </button>
        </div>
      ) : (
        <button type="button" className="button quiet danger-text delete-start" onClick={() => setConfirming(true)}>
          {t("menu.delete.button")}
          <span className="visually-hidden"> {props.name}</span>
        </button>
      )}
      <p className="hint">{t("menu.delete.hint")}</p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The outcome as the server answered it, for the page the person lands on next. */
export function deletedMessageKey(result: DeleteResult): string {
  return result.result === "archived" ? "menu.delete.archived" : "menu.delete.deleted";
}
