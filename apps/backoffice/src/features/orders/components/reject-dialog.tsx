import { type RejectReason, RejectRequest } from "@app/contracts";
import { REJECT_REASONS } from "@app/domain";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * "Reject order": the reason (sold out, closed, too busy, other with a text) in a modal <dialog>, which keeps the
 * focus inside, closes on Escape and gives the focus back to the button that opened it.
 */
export function RejectDialog(props: {
  receiptNumber: number;
  onCancel: () => void;
  onReject: (reason: RejectReason, text: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [reason, setReason] = useState<RejectReason>("sold-out");
  const [text, setText] = useState("");
  const [missingText, setMissingText] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const request = RejectRequest.safeParse({ reason, text: text.trim() || undefined });
    if (!request.success) {
      setMissingText(true);
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    props.onReject(request.data.reason, request.data.text);
  };

  return (
    <dialog
      ref={dialog}
      className="reject-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <form noValidate onSubmit={submit} className="form">
        <h2 id={`${id}-title`}>{t("orders.rejectTitle", { number: props.receiptNumber })}</h2>
        <p className="hint">{t("orders.rejectHint")}</p>
        <fieldset className="group">
          <legend>{t("orders.rejectReason")}</legend>
          {REJECT_REASONS.map((value) => (
            <div className="field checkbox" key={value}>
              <input
                id={`${id}-${value}`}
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
              />
              <label htmlFor={`${id}-${value}`}>{t(`orders.rejectedBecause.${value}`)}</label>
            </div>
          ))}
        </fieldset>
        <div className={missingText ? "field has-error" : "field"}>
          <label htmlFor={`${id}-text`}>{t("orders.rejectText")}</label>
          <p className="hint" id={`${id}-text-hint`}>
            {t("orders.rejectTextHint")}
          </p>
          {missingText && (
            <p className="field-error" id={`${id}-text-error`}>
              {t("errors.Kitchen.RejectTextRequired")}
            </p>
          )}
          <textarea
            id={`${id}-text`}
            rows={3}
            maxLength={500}
            value={text}
            aria-invalid={missingText || undefined}
            aria-describedby={missingText ? `${id}-text-hint ${id}-text-error` : `${id}-text-hint`}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="actions">
          <button type="submit" className="button danger-solid">
            {t("orders.rejectConfirm")}
          </button>
          <button type="button" className="button" onClick={props.onCancel}>
            {t("orders.cancel")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
