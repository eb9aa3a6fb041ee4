import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "../lib/form-errors";

interface Props {
  /** The button that asks (its text may carry a visually hidden "of whom"). */
  button: ReactNode;
  question: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** The action; what it throws is said under the button in the user's language. */
  action: () => Promise<void>;
  /** After a refusal, before it is said: e.g. reload what another screen changed (a 409). */
  onFailure?: (failure: unknown) => Promise<void> | void;
  /** False once the action no longer applies (e.g. the invitation was accepted): a refusal still stays said. */
  offered?: boolean;
  className?: string;
}

/**
 * A destructive action after a question in place: the button asks, Cancel takes the focus (the safe choice first)
 * and gives it back to the button; the action runs once at a time, and a refusal is said under it.
 */
export function ConfirmAction(props: Props) {
  const { button, question, cancelLabel, confirmLabel, action, onFailure, offered = true, className } = props;
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const askButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
  }, [confirming]);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      await onFailure?.(failure);
      setError(t(`errors.${errorMessageKey(failure)}`, { defaultValue: t("errors.Unknown") }));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };
  const cancel = () => {
    setConfirming(false);
    // The question's buttons go: the focus returns to the one that asked.
    requestAnimationFrame(() => askButton.current?.focus());
  };
  if (!offered && !error) return null;
  return (
    <div className={className}>
      {!offered ? null : confirming ? (
        <div className="confirm-box">
          <p>{question}</p>
          <div className="button-row">
            <button type="button" className="button" ref={cancelButton} onClick={cancel}>
              {cancelLabel}
            </button>
            <button type="button" className="button danger-solid" aria-disabled={busy || undefined} onClick={confirm}>
              {confirmLabel}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button danger" ref={askButton} onClick={() => setConfirming(true)}>
          {button}
        </button>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
