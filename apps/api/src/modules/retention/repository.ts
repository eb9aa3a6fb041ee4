/**
 * SQL of the retention sweep: deletes, a batch at a time, the checkouts and baskets that never
 * became an order. Each batch is one short statement; rows another process is deleting (or a
 * request is changing) are skipped (SKIP LOCKED), so several API processes can sweep at once.
 */
import { type Executor, schema } from "@app/db";
import { and, eq, inArray, isNull, lt, ne, notExists, notInArray, sql } from "@app/db/orm";
import { CheckoutState, PaymentState } from "@app/domain";

const { basket, checkout, giftcardTransaction, order, payment, paymentHold, paymentRefund, rateLimitCounter } = schema;

/** Payments that ended without money ever being taken or given back. */
const ENDED_WITHOUT_MONEY = [PaymentState.CANCELLED, PaymentState.FAILED];

/**
 * Deletes up to `limit` checkouts created and last changed before `before` that have no order, are not
 * DONE or FINALIZING, and whose payments all ended without money (cancelled or failed, no gift-card
 * transaction, no refund) and whose payment holds were all released. Their discounts, gift cards,
 * payments and holds go with them (ON DELETE CASCADE). Answers how many were deleted.
 */
export async function deleteUnorderedCheckouts(db: Executor, input: { before: Date; limit: number }): Promise<number> {
  const one = sql`1`;
  const stale = db
    .select({ id: checkout.id })
    .from(checkout)
    .where(
      and(
        lt(checkout.createdAt, input.before),
        lt(checkout.updatedAt, input.before),
        notInArray(checkout.state, [CheckoutState.DONE, CheckoutState.FINALIZING]),
        isNull(checkout.orderId),
        notExists(db.select({ one }).from(order).where(eq(order.checkoutId, checkout.id))),
        notExists(
          db
            .select({ one })
            .from(payment)
            .where(and(eq(payment.checkoutId, checkout.id), notInArray(payment.state, ENDED_WITHOUT_MONEY))),
        ),
        notExists(
          db
            .select({ one })
            .from(payment)
            .innerJoin(giftcardTransaction, eq(giftcardTransaction.paymentId, payment.id))
            .where(eq(payment.checkoutId, checkout.id)),
        ),
        notExists(
          db
            .select({ one })
            .from(payment)
            .innerJoin(paymentRefund, eq(paymentRefund.paymentId, payment.id))
            .where(eq(payment.checkoutId, checkout.id)),
        ),
        notExists(
          db
            .select({ one })
            .from(paymentHold)
            .where(and(eq(paymentHold.checkoutId, checkout.id), ne(paymentHold.state, "released"))),
        ),
      ),
    )
    .limit(input.limit)
    .for("update", { skipLocked: true });
  const deleted = await db.delete(checkout).where(inArray(checkout.id, stale)).returning({ id: checkout.id });
  return deleted.length;
}

/**
 * Deletes up to `limit` baskets created before `before` that no checkout holds (a basket that became an
 * order is held by that order's checkout, which is never deleted). Lines and their choices go with
 * them (ON DELETE CASCADE). Answers how many were deleted.
 */
export async function deleteUnorderedBaskets(db: Executor, input: { before: Date; limit: number }): Promise<number> {
  const stale = db
    .select({ id: basket.id })
    .from(basket)
    .where(
      and(
        lt(basket.createdAt, input.before),
        notExists(db.select({ one: sql`1` }).from(checkout).where(eq(checkout.basketId, basket.id))),
      ),
    )
    .limit(input.limit)
    .for("update", { skipLocked: true });
  const deleted = await db.delete(basket).where(inArray(basket.id, stale)).returning({ id: basket.id });
  return deleted.length;
}

/**
 * Deletes up to `limit` rate-limit counters whose window is over (plugins/guess-limit): their keys name a
 * minute that has passed, so nothing reads them again. The database's clock decides, as it did when it set
 * them. Answers how many were deleted.
 */
export async function deleteExpiredRateLimitCounters(db: Executor, input: { limit: number }): Promise<number> {
  const stale = db
    .select({ key: rateLimitCounter.key })
    .from(rateLimitCounter)
    .where(lt(rateLimitCounter.expiresAt, sql`now()`))
    .limit(input.limit)
    .for("update", { skipLocked: true });
  const deleted = await db
    .delete(rateLimitCounter)
    .where(inArray(rateLimitCounter.key, stale))
    .returning({ key: rateLimitCounter.key });
  return deleted.length;
}
