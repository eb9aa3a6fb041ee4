/**
 * What the Refund dialog's choice gives back and how (card or MobilePay first, then gift cards), computed with the
 * same packages/domain rules the server decides with, so the manager sees the server's numbers before confirming.
 */
import type { OrderRefunds } from "@app/contracts";
import { lineRefundMinor, type RefundSource, splitRefund, toDkk, toMinor } from "@app/domain";

export type RefundChoice =
  | { kind: "order" }
  | { kind: "lines"; units: Record<string, number> }
  | { kind: "amount"; amount: string };

export type RefundPreview =
  | { ok: true; amount: number; online: number; giftcard: number }
  | { ok: false; problem: "nothingChosen" | "amountInvalid" | "tooMuch" };

/** "107,10", "107.1", "1.250,50" (da-DK) or "1,250.50" (en-US) → DKK; NaN when it is not an amount. */
export function parseAmount(text: string, language: string): number {
  const trimmed = text.trim().replace(/\s|kr\.?|DKK/gi, "");
  const [thousands, decimal] = language === "en-US" ? [",", "."] : [".", ","];
  const plain = trimmed.split(thousands).join("").replace(decimal, ".");
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return Number.NaN;
  return Number(plain);
}

export function previewRefund(state: OrderRefunds, choice: RefundChoice, language: string): RefundPreview {
  const refundableMinor = toMinor(state.refundable);
  const amountMinor = chosenMinor(state, choice, language, refundableMinor);
  if (typeof amountMinor === "string") return { ok: false, problem: amountMinor };
  if (amountMinor > refundableMinor) return { ok: false, problem: "tooMuch" };
  const parts = splitRefund(sources(state), amountMinor);
  if (!parts) return { ok: false, problem: "tooMuch" };
  const sum = (kind: "online" | "giftcard") =>
    toDkk(parts.filter((part) => part.kind === kind).reduce((total, part) => total + part.amountMinor, 0));
  return { ok: true, amount: toDkk(amountMinor), online: sum("online"), giftcard: sum("giftcard") };
}

function chosenMinor(
  state: OrderRefunds,
  choice: RefundChoice,
  language: string,
  refundableMinor: number,
): number | "nothingChosen" | "amountInvalid" {
  if (choice.kind === "order") return refundableMinor;
  if (choice.kind === "amount") {
    const amount = parseAmount(choice.amount, language);
    if (!Number.isFinite(amount) || amount <= 0) return "amountInvalid";
    return toMinor(amount);
  }
  let total = 0;
  for (const line of state.lines) {
    const units = choice.units[line.id] ?? 0;
    if (units <= 0) continue;
    total += lineRefundMinor(
      {
        id: line.id,
        amount: line.amount,
        totalMinor: toMinor(line.total),
        refundedAmount: line.refundedAmount,
        refundedMinor: toMinor(line.refunded),
      },
      toMinor(line.net),
      units,
    );
  }
  return total > 0 ? total : "nothingChosen";
}

function sources(state: OrderRefunds): RefundSource[] {
  return state.payments
    .filter((payment) => payment.method !== "pickup")
    .map((payment) => ({
      paymentId: payment.paymentId,
      kind: payment.method === "giftcard" ? "giftcard" : "online",
      amountMinor: toMinor(payment.paid),
      refundedMinor: toMinor(payment.refunded),
    }));
}
