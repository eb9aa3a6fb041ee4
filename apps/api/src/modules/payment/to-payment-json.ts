import type { Payment } from "@app/contracts";
import { PaymentState, PaymentType, toDkk } from "@app/domain";
import type { PaymentProvider, PaymentRow } from "./providers/provider";

/**
 * The Payment answer of one attempt (gift cards first, main payment last). The main payment is
 * the online or pay-at-pickup one, or the (last) gift-card one when gift cards paid everything.
 */
export function toPaymentJson(
  attempt: PaymentRow[],
  options: { provider: PaymentProvider | undefined; apiBaseUrl: string; hostedPageUrl?: string | null },
): Payment {
  const main = attempt.find((row) => row.type !== PaymentType.GIFTCARD) ?? attempt.at(-1);
  if (!main) throw new Error("toPaymentJson needs at least one payment");
  const hosted =
    main.type === PaymentType.ONLINE && main.state === PaymentState.CREATED
      ? options.hostedPageUrl !== undefined
        ? options.hostedPageUrl
        : (options.provider?.hostedPageUrl(main, options.apiBaseUrl) ?? null)
      : null;
  const ordered = [...attempt.filter((row) => row !== main), main];
  return {
    id: main.id,
    state: main.state,
    type: main.type,
    amount: toDkk(main.amountMinor),
    // Our own link, which records that the guest opened it and sends the browser on to `hosted` (open-payment-page.ts).
    paymentUrl: hosted === null ? null : paymentPageLink(options.apiBaseUrl, main.id),
    payments: ordered.map((row) => ({ paymentId: row.id, amount: toDkk(row.amountMinor), type: row.type })),
  };
}

/** The link handed to the guest for a waiting online payment: GET /payment/{id}/open (open-payment-page.ts). */
export function paymentPageLink(apiBaseUrl: string, paymentId: string): string {
  return `${apiBaseUrl}/payment/${paymentId}/open`;
}
