import { isHolding, PaymentState, PaymentType } from "@app/domain";
import type { PaymentRow } from "../payment";

/** What staff collect at pickup of an order with these payments (its latest attempt's). */
export function toCollectMinor(payments: PaymentRow[]): number {
  return payments
    .filter((payment) => payment.type === PaymentType.UNPAID && isHolding(payment.state))
    .reduce((sum, payment) => sum + payment.amountMinor, 0);
}

/**
 * Money came in (online or by gift card), every payment that brought it is REFUNDED and nothing is left to
 * collect at pickup. A payment moves to REFUNDED once its whole amount is given back (payment's
 * giveRefundPartsBack, the reject's refundOrderPayments), so this needs no sum of the order's refunds.
 */
export function isRefundedInFull(payments: PaymentRow[]): boolean {
  const paid = payments.filter(
    (payment) =>
      payment.type !== PaymentType.UNPAID && (isHolding(payment.state) || payment.state === PaymentState.REFUNDED),
  );
  return (
    toCollectMinor(payments) === 0 &&
    paid.length > 0 &&
    paid.every((payment) => payment.state === PaymentState.REFUNDED)
  );
}
