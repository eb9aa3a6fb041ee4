import type { Checkout } from "@app/contracts";
import type { Executor } from "@app/db";
import { DeliveryStage, PaymentState, PaymentType, toDkk, totalLeft } from "@app/domain";
import { type CheckoutRow, computeCheckoutTotals } from "./checkout-totals";
import { findCheckoutDiscounts, findCheckoutGiftcards, findPayments } from "./repository";

/** A payment that ended without money moving does not count as the checkout's payment. */
const ENDED_STATES: number[] = [PaymentState.CANCELLED, PaymentState.FAILED];

/**
 * The checkout as SPEC §3 names it. Totals are recomputed (which, for an OPEN checkout, also brings
 * the applied discount and gift cards in line with the current basket) before the rows are read.
 */
export async function toCheckoutJson(db: Executor, checkout: CheckoutRow, now: Date): Promise<Checkout> {
  const totals = await computeCheckoutTotals(db, checkout, now);
  const [discounts, giftcards, payments] = await Promise.all([
    findCheckoutDiscounts(db, checkout.id),
    findCheckoutGiftcards(db, checkout.id),
    findPayments(db, checkout.id),
  ]);
  // The checkout's payment is its live main payment; gift-card payments of the same attempt only
  // stand in when they paid everything.
  const live = payments.filter((payment) => !ENDED_STATES.includes(payment.state));
  const current = live.find((payment) => payment.type !== PaymentType.GIFTCARD) ?? live[0];
  // Gift cards count through the checkout's gift-card rows (no state: they pay for sure); the
  // GIFTCARD payment that draws them is left out so it is not counted twice.
  const leftMinor = totalLeft(totals.orderTotalMinor, [
    ...giftcards.map((row) => ({ amountMinor: row.amountMinor, type: PaymentType.GIFTCARD })),
    ...payments.filter((payment) => payment.type !== PaymentType.GIFTCARD),
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
