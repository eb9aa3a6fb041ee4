import type { Checkout } from "@app/contracts";
import {
  type BasketLine,
  CheckoutState,
  DeliveryStage,
  isHolding,
  LIVE_STATES,
  PaymentType,
  toDkk,
  totalLeft,
} from "@app/domain";
import { computeCheckoutMoney } from "./checkout-totals";
import type { AppliedDiscountRow, AppliedGiftcardRow, CheckoutRow, PaymentSummaryRow } from "./repository";

/** Everything a checkout's answer is made of: its row and the rows that belong to it. */
export type CheckoutAnswerRows = {
  checkout: CheckoutRow;
  /** The linked basket's lines with their kind (none without a basket). */
  lines: BasketLine[];
  discounts: AppliedDiscountRow[];
  giftcards: AppliedGiftcardRow[];
  /** Newest first. */
  payments: PaymentSummaryRow[];
};

/**
 * The checkout as SPEC §3 names it, from its rows: a pure function. The totals are computed from the rows
 * (computeCheckoutMoney: for an OPEN checkout the applied discount and gift cards as they apply to the
 * basket now), and the discounts and gift cards shown are the ones that count.
 */
export function toCheckoutJson(rows: CheckoutAnswerRows): Checkout {
  const { checkout, payments } = rows;
  const { totals, discounts, giftcards } = computeCheckoutMoney(rows);
  const current = currentPayment(checkout, payments);
  // Gift cards count through the checkout's gift-card rows (no state: they pay for sure); the
  // GIFTCARD payment that draws them is left out so it is not counted twice. Of the other payments
  // only those holding money pay: a REFUNDED one paid nothing.
  const leftMinor = totalLeft(totals.orderTotalMinor, [
    ...giftcards.map((row) => ({ amountMinor: row.amountMinor, type: PaymentType.GIFTCARD })),
    ...payments.filter((payment) => payment.type !== PaymentType.GIFTCARD && isHolding(payment.state)),
  ]);
  const hasDelivery = checkout.isDelivery || checkout.deliveryStage !== DeliveryStage.INITIAL;
  return {
    id: checkout.id,
    instanceId: checkout.checkoutInstanceId,
    moduleId: checkout.moduleId,
    createdUtc: checkout.createdAt.toISOString(),
    state: checkout.state,
    checkoutBaskets: checkout.basketId ? [{ externalBasketId: checkout.basketId }] : [],
    discounts: discounts.map((row) => ({ id: row.id, discountCode: row.code, amount: toDkk(row.amountMinor) })),
    giftcards: giftcards.map((row) => ({ id: row.id, giftcardCode: row.code, amount: toDkk(row.amountMinor) })),
    orderId: checkout.orderId,
    payment: current ? { paymentId: current.id } : null,
    delivery: hasDelivery
      ? {
          deliveryFee: toDkk(totals.deliveryFeeMinor),
          fee: toDkk(totals.deliveryFeeMinor),
          zipCode: checkout.deliveryZipCode,
          address: checkout.deliveryAddress,
          date: checkout.deliveryDate,
          deliveryTime: checkout.isDelivery ? (checkout.orderReadyTime?.toISOString() ?? null) : null,
          stage: checkout.deliveryStage,
        }
      : null,
    guestInformation: {
      name: checkout.guestName,
      phone: checkout.guestPhone,
      email: checkout.guestEmail,
      orderComment: checkout.orderComment,
      amountOfGuests: checkout.amountOfGuests,
      amountOfKids: checkout.amountOfKids,
    },
    orderReadyTime: checkout.orderReadyTime?.toISOString() ?? null,
    totals: {
      basketTotal: toDkk(totals.basketTotalMinor),
      discount: toDkk(totals.discountMinor),
      deliveryFee: toDkk(totals.deliveryFeeMinor),
      total: toDkk(totals.orderTotalMinor),
      giftcard: toDkk(totals.giftcardMinor),
      totalLeft: toDkk(leftMinor),
    },
  };
}

/**
 * The payment the checkout shows (`payments` newest first). Normally its live payment (waiting or
 * holding, @app/domain payment-states.ts): the main one (online or pay at pickup), else a gift-card payment that
 * pays everything. Ended payments (cancelled, failed, refunded) are not shown, so after a cancelled
 * attempt the checkout shows no payment and the storefront may reuse it (SPEC §4 "Checkout start").
 *
 * A checkout in ERROR 3 keeps showing the payment of the attempt that was closed (now REFUNDED or
 * CANCELLED): it is finished, and with a payment shown the storefront does not try to reuse it
 * (which would fail, it can no longer change) and the order page polls it into its error page
 * instead of calling finalize.
 */
function currentPayment(checkout: CheckoutRow, payments: PaymentSummaryRow[]): PaymentSummaryRow | undefined {
  const mainFirst = (rows: PaymentSummaryRow[]) =>
    rows.find((payment) => payment.type !== PaymentType.GIFTCARD) ?? rows[0];
  const live = payments.filter((payment) => LIVE_STATES.includes(payment.state));
  if (live.length > 0 || checkout.state !== CheckoutState.ERROR) return mainFirst(live);
  const lastAttempt = Math.max(...payments.map((payment) => payment.attempt));
  return mainFirst(payments.filter((payment) => payment.attempt === lastAttempt));
}
