/** SQL of the payment feature: every function takes an Executor (the database or an open transaction). */
import { type Executor, schema } from "@app/db";
import { and, asc, count, desc, eq, exists, gt, inArray, isNull, lt, lte, max, min, notExists, sql } from "@app/db/orm";
import { CheckoutState, HOLDING_STATES, LIVE_STATES, PaymentState, PaymentType } from "@app/domain";
import { readRestaurantSetup } from "../../shared/restaurant-setup";
import { findProductionUnit } from "../tenancy";

export type PaymentRow = typeof schema.payment.$inferSelect;

const {
  payment,
  paymentHold,
  paymentRefund,
  paymentWebhookEvent,
  checkout,
  giftcard,
  giftcardTransaction,
  paymentInstance,
} = schema;

export type NewPayment = typeof payment.$inferInsert;
export type PaymentRefundRow = typeof paymentRefund.$inferSelect;
export type PaymentHoldRow = typeof paymentHold.$inferSelect;
export type HoldState = PaymentHoldRow["state"];

/** Gift cards first, the main payment (online or unpaid) last: the order every answer lists them in. */
const mainLast = [desc(eq(payment.type, PaymentType.GIFTCARD)), asc(payment.id)];

export async function findPaymentOfUnit(
  db: Executor,
  id: string,
  productionUnitId: number,
): Promise<PaymentRow | undefined> {
  const rows = await db
    .select()
    .from(payment)
    .where(and(eq(payment.id, id), eq(payment.productionUnitId, productionUnitId)))
    .limit(1);
  return rows[0];
}

export async function findPayment(db: Executor, id: string): Promise<PaymentRow | undefined> {
  const rows = await db.select().from(payment).where(eq(payment.id, id)).limit(1);
  return rows[0];
}

/** The production unit's name, from its row as tenancy keeps it. */
export async function findRestaurantName(db: Executor, productionUnitId: number): Promise<string> {
  return (await findProductionUnit(db, productionUnitId))?.name ?? "";
}

/** The checkout's payments that still count (see LIVE_STATES), gift cards first. */
export async function findLivePayments(db: Executor, checkoutId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payment)
    .where(and(eq(payment.checkoutId, checkoutId), inArray(payment.state, LIVE_STATES)))
    .orderBy(...mainLast);
}

/** Every payment of one attempt of the checkout, gift cards first. */
export async function findAttempt(db: Executor, checkoutId: string, attempt: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payment)
    .where(and(eq(payment.checkoutId, checkoutId), eq(payment.attempt, attempt)))
    .orderBy(...mainLast);
}

/** The checkout's latest payment attempt (its highest attempt number), gift cards first; empty before any. */
export async function findLatestAttempt(db: Executor, checkoutId: string): Promise<PaymentRow[]> {
  const [latest] = await latestAttemptNumber(db, checkoutId);
  return latest?.attempt ? findAttempt(db, checkoutId, latest.attempt) : [];
}

/** The number of the checkout's next attempt. Call with the checkout row locked, so two requests never share one. */
export async function nextAttemptNumber(db: Executor, checkoutId: string): Promise<number> {
  const [latest] = await latestAttemptNumber(db, checkoutId);
  return (latest?.attempt ?? 0) + 1;
}

function latestAttemptNumber(db: Executor, checkoutId: string) {
  return db
    .select({ attempt: max(payment.attempt) })
    .from(payment)
    .where(eq(payment.checkoutId, checkoutId));
}

export async function insertPayment(db: Executor, values: NewPayment): Promise<PaymentRow> {
  const [row] = await db.insert(payment).values(values).returning();
  return row!;
}

/** Moves a payment only if it is still in state `from`; undefined when it was not. */
export async function movePayment(
  db: Executor,
  id: string,
  from: number,
  to: number,
  now: Date,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payment)
    .set({ state: to, updatedAt: now })
    .where(and(eq(payment.id, id), eq(payment.state, from)))
    .returning();
  return row;
}

/** Moves the given payments that are still holding money to REFUNDED; answers the moved rows. */
export async function refundHoldingPayments(db: Executor, ids: string[], now: Date): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(payment)
    .set({ state: PaymentState.REFUNDED, updatedAt: now })
    .where(and(inArray(payment.id, ids), inArray(payment.state, HOLDING_STATES)))
    .returning();
}

/**
 * Stores the provider's id of the payment if the payment is still waiting and has no other one yet
 * (a repeated request may start the same payment again: the provider answers the same id); undefined
 * when not (a newer request replaced it, or it was cancelled, while the provider was answering).
 */
export async function storeProviderReference(
  db: Executor,
  id: string,
  created: {
    providerReference: string;
    hostedPageUrl: string | null;
    account?: { providerAccountId: string | null; keyFingerprint: string };
  },
): Promise<PaymentRow | undefined> {
  const { providerReference } = created;
  const [row] = await db
    .update(payment)
    .set({
      providerReference,
      providerPageUrl: created.hostedPageUrl,
      providerAccountId: created.account?.providerAccountId ?? null,
      providerKeyFingerprint: created.account?.keyFingerprint ?? null,
    })
    .where(
      and(
        eq(payment.id, id),
        eq(payment.state, PaymentState.CREATED),
        sql`(${payment.providerReference} is null or ${payment.providerReference} = ${providerReference})`,
      ),
    )
    .returning();
  return row;
}

export async function insertHold(db: Executor, values: typeof paymentHold.$inferInsert): Promise<void> {
  await db.insert(paymentHold).values(values);
}

/** Moves the attempt's hold from `from` to `to`; undefined when it has none in state `from`. */
export async function moveHold(
  db: Executor,
  key: { checkoutId: string; attempt: number },
  from: HoldState,
  to: HoldState,
  now: Date,
): Promise<PaymentHoldRow | undefined> {
  const [row] = await db
    .update(paymentHold)
    .set({ state: to, updatedAt: now })
    .where(
      and(
        eq(paymentHold.checkoutId, key.checkoutId),
        eq(paymentHold.attempt, key.attempt),
        eq(paymentHold.state, from),
      ),
    )
    .returning();
  return row;
}

/**
 * Draws `amountMinor` from the gift card if its balance still covers it, it has not expired and is active:
 * one conditional statement, so concurrent payments can never take the balance below 0.
 */
export async function tryDrawGiftcard(
  db: Executor,
  giftcardId: number,
  amountMinor: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(giftcard)
    .set({ balanceMinor: sql`${giftcard.balanceMinor} - ${amountMinor}` })
    .where(
      and(
        eq(giftcard.id, giftcardId),
        sql`${giftcard.balanceMinor} >= ${amountMinor}`,
        sql`(${giftcard.validUntil} is null or ${giftcard.validUntil} > ${now.toISOString()})`,
        // Deactivated by the restaurant after the guest applied it: it pays nothing.
        eq(giftcard.isActive, true),
      ),
    )
    .returning({ id: giftcard.id });
  return rows.length === 1;
}

export async function creditGiftcard(db: Executor, giftcardId: number, amountMinor: number): Promise<void> {
  await db
    .update(giftcard)
    .set({ balanceMinor: sql`${giftcard.balanceMinor} + ${amountMinor}` })
    .where(eq(giftcard.id, giftcardId));
}

export async function insertGiftcardTransaction(
  db: Executor,
  values: {
    giftcardId: number;
    paymentId: string;
    amountMinor: number;
    createdAt: Date;
    /** A staff refund (or a reject's) that gave this back: its kind is then "refunded". */
    orderRefund?: { id: string; accountId: string | null };
  },
): Promise<void> {
  const { orderRefund, ...row } = values;
  const kind = row.amountMinor < 0 ? "spent" : orderRefund ? "refunded" : "returned";
  await db
    .insert(giftcardTransaction)
    .values({ ...row, kind, orderRefundId: orderRefund?.id ?? null, accountId: orderRefund?.accountId ?? null });
}

export function findProviderName(db: Executor, paymentInstanceId: number): Promise<string | undefined> {
  return readRestaurantSetup(db, `payment.provider:${paymentInstanceId}`, async () => {
    const rows = await db
      .select({ provider: paymentInstance.provider })
      .from(paymentInstance)
      .where(eq(paymentInstance.id, paymentInstanceId))
      .limit(1);
    return rows[0]?.provider;
  });
}

// ── The limits on unpaid payments (unpaid-limits.ts) ──────────────────────────────────────────

/** What the limits on unpaid payments read of one client, in one statement (unpaid-limits.ts). */
export type ClientPayments = {
  /** Online payments still waiting for the guest (CREATED) that the token started. */
  unpaidOfToken: number;
  /** The same, started from the address. */
  unpaidOfAddress: number;
  /** When the address's `hourlyLimit`-th newest online payment since `since` was started; null with fewer. */
  hourlyLimitReachedBy: Date | null;
};

export async function readClientPayments(
  db: Executor,
  client: { tokenId: string; address: string },
  since: Date,
  hourlyLimit: number,
): Promise<ClientPayments> {
  const unpaid = (column: typeof payment.clientTokenId | typeof payment.clientAddress, value: string) =>
    db
      .select({ n: count() })
      .from(payment)
      .where(and(eq(column, value), eq(payment.state, PaymentState.CREATED)));
  const nthNewest = db
    .select({ at: payment.createdAt })
    .from(payment)
    .where(
      and(
        eq(payment.clientAddress, client.address),
        eq(payment.type, PaymentType.ONLINE),
        gt(payment.createdAt, since),
      ),
    )
    .orderBy(desc(payment.createdAt))
    .limit(1)
    .offset(hourlyLimit - 1);
  // Three small index reads in one statement: every online payment start runs it.
  const [row] = await db
    .select({
      unpaidOfToken: sql<number>`(${unpaid(payment.clientTokenId, client.tokenId)})`.mapWith(Number),
      unpaidOfAddress: sql<number>`(${unpaid(payment.clientAddress, client.address)})`.mapWith(Number),
      hourlyLimitReachedBy: sql<Date | string | null>`(${nthNewest})`,
    })
    .from(sql`(select 1) as one`);
  const reachedBy = row?.hourlyLimitReachedBy ?? null;
  return {
    unpaidOfToken: row?.unpaidOfToken ?? 0,
    unpaidOfAddress: row?.unpaidOfAddress ?? 0,
    hourlyLimitReachedBy: reachedBy === null ? null : new Date(reachedBy),
  };
}

/**
 * Records that the guest followed the payment's link, once, while it is still waiting; the row when this
 * was the first time, undefined otherwise. One conditional statement: the sweeper cancels an unopened payment
 * only with its row locked and opened_at still null (lockUnopenedPayment), so the two never both win.
 */
export async function markPaymentOpened(db: Executor, id: string, now: Date): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payment)
    .set({ openedAt: now })
    .where(and(eq(payment.id, id), eq(payment.state, PaymentState.CREATED), isNull(payment.openedAt)))
    .returning();
  return row;
}

// ── The sweeper's queries ──────────────────────────────────────────────────────────────────

/** Payments still waiting (CREATED) that were created at or before `cutoff`, oldest first. */
export async function findWaitingPaymentsBefore(db: Executor, cutoff: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payment)
    .where(and(eq(payment.state, PaymentState.CREATED), lte(payment.createdAt, cutoff)))
    .orderBy(asc(payment.createdAt))
    .limit(limit);
}

/** Online payments still waiting whose link nobody followed, started at or before `cutoff`, oldest first. */
export async function findUnopenedPaymentsBefore(db: Executor, cutoff: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payment)
    .where(
      and(
        eq(payment.state, PaymentState.CREATED),
        eq(payment.type, PaymentType.ONLINE),
        isNull(payment.openedAt),
        lte(payment.createdAt, cutoff),
      ),
    )
    .orderBy(asc(payment.createdAt))
    .limit(limit);
}

/**
 * Locks the payment's row if it is still waiting and unopened; false when it is not (any more). On
 * PostgreSQL a concurrent markPaymentOpened either committed first (then this sees opened_at and answers
 * false) or waits for this transaction and then finds the payment no longer CREATED.
 */
export async function lockUnopenedPayment(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: payment.id })
    .from(payment)
    .where(and(eq(payment.id, id), eq(payment.state, PaymentState.CREATED), isNull(payment.openedAt)))
    .for("update");
  return rows.length === 1;
}

/**
 * PENDING checkouts without an order whose payment is settled (holding money, nothing waiting)
 * since at least `cutoff`: their finalize never ran or never finished (e.g. the process died).
 */
export async function findSettledCheckoutsWithoutOrder(
  db: Executor,
  cutoff: Date,
  limit: number,
): Promise<{ checkoutId: string; productionUnitId: number; settledAt: Date }[]> {
  const waiting = db
    .select({ id: payment.id })
    .from(payment)
    .where(and(eq(payment.checkoutId, checkout.id), eq(payment.state, PaymentState.CREATED)));
  const settled = db
    .select({ id: payment.id })
    .from(payment)
    .where(
      and(eq(payment.checkoutId, checkout.id), inArray(payment.state, HOLDING_STATES), lte(payment.updatedAt, cutoff)),
    );
  const settledAt = db
    .select({ at: min(payment.updatedAt) })
    .from(payment)
    .where(and(eq(payment.checkoutId, checkout.id), inArray(payment.state, HOLDING_STATES)));
  const rows = await db
    .select({
      checkoutId: checkout.id,
      productionUnitId: checkout.productionUnitId,
      settledAt: sql<Date | string>`(${settledAt})`,
    })
    .from(checkout)
    .where(
      and(eq(checkout.state, CheckoutState.PENDING), isNull(checkout.orderId), exists(settled), notExists(waiting)),
    )
    .orderBy(asc(checkout.updatedAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, settledAt: new Date(row.settledAt) }));
}

// ── Refund outbox ──────────────────────────────────────────────────────────────────────────

type RefundPart = { paymentId: string; amountMinor: number; orderRefundId: string; now: Date };

/** Queues a part of an order refund (order_refund) at the payment's provider: one of possibly several per payment. */
export async function insertOrderRefundPart(db: Executor, values: RefundPart): Promise<void> {
  await insertRefundPart(db, values, null);
}

/**
 * A part of an order refund the provider already made (a refund in Stripe's dashboard, taken over from its
 * webhook): written done, so the outbox never asks the provider for it again.
 */
export async function insertRefundMadeAtProvider(db: Executor, values: RefundPart): Promise<void> {
  await insertRefundPart(db, values, values.now);
}

async function insertRefundPart(db: Executor, values: RefundPart, doneAt: Date | null): Promise<void> {
  await db.insert(paymentRefund).values({
    paymentId: values.paymentId,
    amountMinor: values.amountMinor,
    orderRefundId: values.orderRefundId,
    nextAttemptAt: values.now,
    doneAt,
    createdAt: values.now,
  });
}

/**
 * What was given back of each payment so far: refunds queued at its provider, and money put back onto its gift
 * card (returned or refunded). A payment without any is absent.
 */
export async function findRefundedByPayment(db: Executor, paymentIds: string[]): Promise<Map<string, number>> {
  const sums = new Map<string, number>();
  if (paymentIds.length === 0) return sums;
  const online = await db
    .select({ paymentId: paymentRefund.paymentId, sum: sql<number>`sum(${paymentRefund.amountMinor})`.mapWith(Number) })
    .from(paymentRefund)
    .where(inArray(paymentRefund.paymentId, paymentIds))
    .groupBy(paymentRefund.paymentId);
  const cards = await db
    .select({
      paymentId: giftcardTransaction.paymentId,
      sum: sql<number>`sum(${giftcardTransaction.amountMinor})`.mapWith(Number),
    })
    .from(giftcardTransaction)
    .where(and(inArray(giftcardTransaction.paymentId, paymentIds), gt(giftcardTransaction.amountMinor, 0)))
    .groupBy(giftcardTransaction.paymentId);
  for (const row of [...online, ...cards]) {
    if (row.paymentId) sums.set(row.paymentId, (sums.get(row.paymentId) ?? 0) + row.sum);
  }
  return sums;
}

/** How each order refund was given back: øre queued at providers and øre put back onto gift cards. */
export async function findOrderRefundParts(
  db: Executor,
  orderRefundIds: string[],
): Promise<Map<string, { onlineMinor: number; giftcardMinor: number }>> {
  const parts = new Map<string, { onlineMinor: number; giftcardMinor: number }>();
  if (orderRefundIds.length === 0) return parts;
  const online = await db
    .select({ id: paymentRefund.orderRefundId, sum: sql<number>`sum(${paymentRefund.amountMinor})`.mapWith(Number) })
    .from(paymentRefund)
    .where(inArray(paymentRefund.orderRefundId, orderRefundIds))
    .groupBy(paymentRefund.orderRefundId);
  const cards = await db
    .select({
      id: giftcardTransaction.orderRefundId,
      sum: sql<number>`sum(${giftcardTransaction.amountMinor})`.mapWith(Number),
    })
    .from(giftcardTransaction)
    .where(inArray(giftcardTransaction.orderRefundId, orderRefundIds))
    .groupBy(giftcardTransaction.orderRefundId);
  const of = (id: string) => parts.get(id) ?? parts.set(id, { onlineMinor: 0, giftcardMinor: 0 }).get(id)!;
  for (const row of online) if (row.id) of(row.id).onlineMinor += row.sum;
  for (const row of cards) if (row.id) of(row.id).giftcardMinor += row.sum;
  return parts;
}

/** Queues the refund of a payment; false when one is already queued (a decision replayed refunds once). */
export async function insertRefund(
  db: Executor,
  values: { paymentId: string; amountMinor: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(paymentRefund)
    .values({
      paymentId: values.paymentId,
      amountMinor: values.amountMinor,
      nextAttemptAt: values.now,
      createdAt: values.now,
    })
    .onConflictDoNothing({ target: paymentRefund.paymentId, where: isNull(paymentRefund.orderRefundId) })
    .returning({ id: paymentRefund.id });
  return rows.length === 1;
}

/**
 * Takes up to `limit` refunds that are due and moves their next attempt `leaseMs` ahead, so other
 * workers (other API processes) leave them alone while this one talks to the provider.
 */
export async function claimDueRefunds(
  db: Executor,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<PaymentRefundRow[]> {
  const due = await db
    .select({ id: paymentRefund.id })
    .from(paymentRefund)
    .where(and(isNull(paymentRefund.doneAt), lte(paymentRefund.nextAttemptAt, now)))
    .orderBy(asc(paymentRefund.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  if (due.length === 0) return [];
  return db
    .update(paymentRefund)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(
      inArray(
        paymentRefund.id,
        due.map((row) => row.id),
      ),
    )
    .returning();
}

export async function markRefundDone(db: Executor, id: string, attempts: number, now: Date): Promise<void> {
  await db.update(paymentRefund).set({ doneAt: now, attempts, lastError: null }).where(eq(paymentRefund.id, id));
}

export async function markRefundFailed(
  db: Executor,
  id: string,
  values: { attempts: number; lastError: string; nextAttemptAt: Date },
): Promise<void> {
  await db.update(paymentRefund).set(values).where(eq(paymentRefund.id, id));
}

/**
 * The payments of each checkout's latest attempt (the one that placed its order), gift cards first, in one
 * statement for a whole queue of orders: the back office shows how each order was paid, and given back.
 */
export async function findLatestAttemptPayments(db: Executor, checkoutIds: string[]): Promise<PaymentRow[]> {
  if (checkoutIds.length === 0) return [];
  return db
    .select()
    .from(payment)
    .where(
      and(
        inArray(payment.checkoutId, checkoutIds),
        sql`${payment.attempt} = (select max(latest.attempt) from ${payment} as latest where latest.checkout_id = ${payment.checkoutId})`,
      ),
    )
    .orderBy(...mainLast);
}

/** Whether a provider's webhook event was handled already (a repeated delivery changes nothing twice). */
export async function isWebhookEventHandled(db: Executor, provider: string, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ eventId: paymentWebhookEvent.eventId })
    .from(paymentWebhookEvent)
    .where(and(eq(paymentWebhookEvent.provider, provider), eq(paymentWebhookEvent.eventId, eventId)))
    .limit(1);
  return rows.length === 1;
}

/** Notes a handled webhook event; one noted already (a delivery handled twice at once) stays as it is. */
export async function recordWebhookEvent(
  db: Executor,
  values: { provider: string; eventId: string; type: string; now: Date },
): Promise<void> {
  await db
    .insert(paymentWebhookEvent)
    .values({ provider: values.provider, eventId: values.eventId, type: values.type, receivedAt: values.now })
    .onConflictDoNothing();
}

/**
 * Forgets handled webhook events older than `before` (the retention sweep: a provider retries an event for days,
 * never weeks). Answers how many were deleted.
 */
export async function deleteOldWebhookEvents(db: Executor, input: { before: Date; limit: number }): Promise<number> {
  const old = db
    .select({ provider: paymentWebhookEvent.provider, eventId: paymentWebhookEvent.eventId })
    .from(paymentWebhookEvent)
    .where(lt(paymentWebhookEvent.receivedAt, input.before))
    .limit(input.limit);
  const deleted = await db
    .delete(paymentWebhookEvent)
    .where(sql`(${paymentWebhookEvent.provider}, ${paymentWebhookEvent.eventId}) in (${old})`)
    .returning({ eventId: paymentWebhookEvent.eventId });
  return deleted.length;
}
