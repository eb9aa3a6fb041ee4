import type { OrderRefund, OrderRefunds, RefundKind, RefundRequest } from "@app/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { money } from "../../lib/money";
import { createRefund } from "./api";
import { parseAmount, previewRefund, type RefundChoice } from "./refund-preview";

type Props = { state: OrderRefunds; onClose: (created?: OrderRefund) => void };

/**
 * "Refund": the whole order, chosen lines (units of each) or an amount, and a reason, in a modal <dialog> (focus
 * kept inside, Escape closes, focus back to the opening button). It shows what will be given back and how before
 * the manager confirms; the server decides again under the order's lock and its refusal is shown on its field.
 */
export function RefundDialog({ state, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const kr = (dkk: number) => money(dkk, i18n.language);
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<RefundKind>("order");
  const [units, setUnits] = useState<Record<string, number>>({});
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [shown, setShown] = useState<{ reason?: boolean; choice?: boolean }>({});

  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);

  const choice: RefundChoice = kind === "order" ? { kind } : kind === "lines" ? { kind, units } : { kind, amount };
  const preview = previewRefund(state, choice, i18n.language);
  const refund = useMutation({
    mutationFn: (request: RefundRequest) => createRefund(state.orderId, request),
    onSuccess: (created) => {
      queryClient.setQueryData(["order", state.orderId, "refunds"], created.order);
      void queryClient.invalidateQueries({ queryKey: ["order", state.orderId] });
      onClose(created.refund);
    },
  });
  const serverError = refund.error instanceof ApiError ? refund.error.errors[0] : undefined;
  const errorText = (code: string | undefined) =>
    t(`orderPage.errors.${code ?? "Unknown"}`, { defaultValue: t("orderPage.errors.Unknown") });
  const serverField = serverError?.field ?? "";

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const missingReason = reason.trim() === "";
    setShown({ reason: missingReason, choice: !preview.ok });
    if (missingReason) return document.getElementById(`${id}-reason`)?.focus();
    if (!preview.ok) return document.getElementById(`${id}-${kind}-first`)?.focus();
    if (refund.isPending) return;
    refund.mutate(requestOf(choice, reason.trim(), i18n.language));
  };

  const choiceError = shown.choice && !preview.ok ? t(`orderPage.problem.${preview.problem}`) : undefined;
  const fieldServerError = (prefix: string) =>
    serverField.startsWith(prefix) ? errorText(serverError?.code) : undefined;

  return (
    <dialog
      ref={dialog}
      className="refund-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form noValidate onSubmit={submit} className="form">
        <h2 id={`${id}-title`}>{t("orderPage.refundTitle", { number: state.receiptNumber })}</h2>
        <p className="hint">{t("orderPage.refundable", { amount: kr(state.refundable) })}</p>
        <fieldset className="group">
          <legend>{t("orderPage.what")}</legend>
          {(["order", "lines", "amount"] as const).map((value) => (
            <div className="field checkbox" key={value}>
              <input
                id={`${id}-kind-${value}`}
                type="radio"
                name={`${id}-kind`}
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              <label htmlFor={`${id}-kind-${value}`}>{t(`orderPage.kind.${value}`)}</label>
            </div>
          ))}
        </fieldset>
        {kind === "lines" && (
          <fieldset className={choiceError || fieldServerError("lines") ? "group has-error" : "group"}>
            <legend>{t("orderPage.chooseLines")}</legend>
            {(choiceError || fieldServerError("lines")) && (
              <p className="field-error" id={`${id}-lines-error`}>
                {fieldServerError("lines") ?? choiceError}
              </p>
            )}
            {state.lines.map((line, index) => {
              const left = line.amount - line.refundedAmount;
              return (
                <div className="field refund-line" key={line.id}>
                  <label htmlFor={index === 0 ? `${id}-lines-first` : `${id}-line-${line.id}`}>
                    {line.name}{" "}
                    <span className="muted">
                      {t("orderPage.lineWorth", { count: line.amount, net: kr(line.net) })}
                      {line.refundedAmount > 0 && ` · ${t("orderPage.lineRefunded", { count: line.refundedAmount })}`}
                    </span>
                  </label>
                  <select
                    id={index === 0 ? `${id}-lines-first` : `${id}-line-${line.id}`}
                    value={units[line.id] ?? 0}
                    disabled={left <= 0}
                    aria-describedby={choiceError ? `${id}-lines-error` : undefined}
                    onChange={(event) => setUnits({ ...units, [line.id]: Number(event.target.value) })}
                  >
                    {Array.from({ length: left + 1 }, (_, n) => n).map((n) => (
                      <option key={`units-${n}`} value={n}>
                        {n === 0 ? t("orderPage.none") : t("orderPage.units", { count: n })}
                      </option>
                    ))}
                  </select>
                </div>
              );
            })}
          </fieldset>
        )}
        {kind === "amount" && (
          <div className={choiceError || fieldServerError("amount") ? "field has-error" : "field"}>
            <label htmlFor={`${id}-amount-first`}>{t("orderPage.amount")}</label>
            {(choiceError || fieldServerError("amount")) && (
              <p className="field-error" id={`${id}-amount-error`}>
                {fieldServerError("amount") ?? choiceError}
              </p>
            )}
            <input
              id={`${id}-amount-first`}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              aria-invalid={Boolean(choiceError) || undefined}
              aria-describedby={choiceError ? `${id}-amount-error` : undefined}
              onChange={(event) => setAmount(event.target.value)}
            />
          </div>
        )}
        <div className={shown.reason ? "field has-error" : "field"}>
          <label htmlFor={`${id}-reason`}>{t("orderPage.reason")}</label>
          <p className="hint" id={`${id}-reason-hint`}>
            {t("orderPage.reasonHint")}
          </p>
          {shown.reason && (
            <p className="field-error" id={`${id}-reason-error`}>
              {t("orderPage.reasonRequired")}
            </p>
          )}
          <textarea
            id={`${id}-reason`}
            rows={2}
            maxLength={500}
            value={reason}
            aria-invalid={shown.reason || undefined}
            aria-describedby={shown.reason ? `${id}-reason-hint ${id}-reason-error` : `${id}-reason-hint`}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim()) setShown((before) => ({ ...before, reason: false }));
            }}
          />
        </div>
        <div className="refund-preview" aria-live="polite">
          {preview.ok ? (
            <>
              <p>
                <strong>{t("orderPage.willRefund", { amount: kr(preview.amount) })}</strong>
              </p>
              <ul>
                {preview.online > 0 && <li>{t("orderPage.toCard", { amount: kr(preview.online) })}</li>}
                {preview.giftcard > 0 && <li>{t("orderPage.toGiftcard", { amount: kr(preview.giftcard) })}</li>}
              </ul>
            </>
          ) : (
            <p className="muted">{t(`orderPage.problem.${preview.problem}`)}</p>
          )}
        </div>
        {serverError && !serverField && (
          <p className="field-error" role="alert">
            {errorText(serverError.code)}
          </p>
        )}
        {refund.error && !(refund.error instanceof ApiError) && (
          <p className="field-error" role="alert">
            {t("orderPage.errors.NETWORK")}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="button primary" aria-disabled={refund.isPending || undefined}>
            {preview.ok ? t("orderPage.confirm", { amount: kr(preview.amount) }) : t("orderPage.confirmPlain")}
          </button>
          <button type="button" className="button" onClick={() => onClose()}>
            {t("orderPage.cancel")}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function requestOf(choice: RefundChoice, reason: string, language: string): RefundRequest {
  if (choice.kind === "order") return { kind: "order", reason };
  if (choice.kind === "amount") return { kind: "amount", amount: parseAmount(choice.amount, language), reason };
  const lines = Object.entries(choice.units)
    .filter(([, amount]) => amount > 0)
    .map(([orderLineId, amount]) => ({ orderLineId, amount }));
  return { kind: "lines", lines, reason };
}
