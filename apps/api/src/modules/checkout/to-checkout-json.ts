import type { Checkout } from "@app/contracts";
import type { Executor } from "@app/db";
import {
  type BasketSummary,
  CheckoutState,
  DeliveryStage,
  isHolding,
  LIVE_STATES,
  PaymentType,
  summarizeBasket,
  toDkk,
  totalLeft,
} from "@app/domain";
import { withLineKinds } from "../basket";
import { computeCheckoutTotalsReading } from "./checkout-totals";
import type { CheckoutRow, PaymentSummaryRow as PaymentSummary } from "./repository";
import { findAnswerRows, findCheckoutDiscounts, findCheckoutGiftcards, findPayments } from "./repository";

/**
 * The checkout as SPEC §3 names it. Totals are recomputed (which, for an OPEN checkout, also brings
 * the applied discount and gift cards in line with the current basket), and the rows they were computed from shown.
 */
export async function toCheckoutJson(
  db: Executor,
  checkout: CheckoutRow,
  now: Date,
  alreadyRead: AlreadyRead = {},
): Promise<Checkout> {
  return (await readCheckoutAnswer(db, checkout, now, alreadyRead)).answer;
}

/** Rows of the checkout the caller knows already, so the answer does not read them again. */
export type AlreadyRead = {
  discounts?: Awaited<ReturnType<typeof findCheckoutDiscounts>>;
  giftcards?: Awaited<ReturnType<typeof findCheckoutGiftcards>>;
  basket?: BasketSummary;
  payments?: PaymentSummary[];
};

/** A checkout made this moment has nothing applied and no payment yet. */
export const NOTHING_YET: AlreadyRead = { discounts: [], giftcards: [], payments: [] };

/**
 * What a checkout's answer was read from, for keeping it in memory (decision 015): the row-change tags
 * of its checkout, basket and discount codes (migration 0007), and when an applied discount stops being
 * valid by the clock alone (epoch ms; infinite when none does).
 */
export type CheckoutAnswerScope = { tags: string[]; untilMs: number };

export async function readCheckoutAnswer(
  db: Executor,
  checkout: CheckoutRow,
  now: Date,
  alreadyRead: AlreadyRead = {},
): Promise<{ answer: Checkout; scope: CheckoutAnswerScope }> {
  // One query after another: `db` may be a transaction, whose one connection runs one query at a time.
  const known = Object.keys(alreadyRead).length > 0 ? alreadyRead : await readAllAtOnce(db, checkout);
  const read = { discounts: findCheckoutDiscounts, giftcards: findCheckoutGiftcards };
  const { totals, discounts, giftcards } = await computeCheckoutTotalsReading(db, checkout, now, read, known);
  const payments = known.payments ?? (await findPayments(db, checkout.id));
  const current = currentPayment(checkout, payments);
  // Gift cards count through the checkout's gift-card rows (no state: they pay for sure); the
  // GIFTCARD payment that draws them is left out so it is not counted twice. Of the other payments
  // only those holding money pay: a REFUNDED one paid nothing.
  const leftMinor = totalLeft(totals.orderTotalMinor, [
    ...giftcards.map((row) => ({ amountMinor: row.amountMinor, type: PaymentType.GIFTCARD })),
    ...payments.filter((payment) => payment.type !== PaymentType.GIFTCARD && isHolding(payment.state)),
  ]);
  const hasDelivery = checkout.isDelivery || checkout.deliveryStage !== DeliveryStage.INITIAL;
  const scope = {
    tags: [
      `c:${checkout.id}`,
      ...(checkout.basketId ? [`b:${checkout.basketId}`] : []),
      ...discounts.map((row) => `d:${row.discountCodeId}`),
    ],
    // validUntil is inclusive (@app/domain discount.ts): the answer holds through that very millisecond.
    untilMs: Math.min(
      Number.POSITIVE_INFINITY,
      ...discounts.flatMap((row) => (row.validUntil ? [row.validUntil.getTime() + 1] : [])),
    ),
  };

  const answer: Checkout = {
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
  return { answer, scope };
}

/** Everything the answer reads, in one statement (findAnswerRows); nothing when the checkout is gone. */
async function readAllAtOnce(db: Executor, checkout: CheckoutRow): Promise<AlreadyRead> {
  const rows = await findAnswerRows(db, checkout);
  if (!rows) return {};
  const lines = rows.lines.length > 0 ? await withLineKinds(db, checkout.moduleId, rows.lines) : [];
  return {
    discounts: rows.discounts,
    giftcards: rows.giftcards,
    basket: summarizeBasket(lines),
    payments: rows.payments,
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
function currentPayment(checkout: CheckoutRow, payments: PaymentSummary[]): PaymentSummary | undefined {
  const mainFirst = (rows: PaymentSummary[]) =>
    rows.find((payment) => payment.type !== PaymentType.GIFTCARD) ?? rows[0];
  const live = payments.filter((payment) => LIVE_STATES.includes(payment.state));
  if (live.length > 0 || checkout.state !== CheckoutState.ERROR) return mainFirst(live);
  const lastAttempt = Math.max(...payments.map((payment) => payment.attempt));
  return mainFirst(payments.filter((payment) => payment.attempt === lastAttempt));
}
