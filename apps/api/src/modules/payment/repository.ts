/** SQL of the payment feature: every function takes an Executor (the database or an open transaction). */
import { type Executor, schema } from "@app/db";
import { and, asc, desc, eq, inArray, sql } from "@app/db/orm";
import { PaymentState, PaymentType } from "@app/domain";
import type { CheckoutRow } from "../checkout/checkout-totals";
import type { PaymentRow } from "./providers/provider";

const {
  payment,
  checkout,
  checkoutGiftcard,
  giftcard,
  giftcardTransaction,
  moduleDomain,
  paymentInstance,
  productionUnit,
} = schema;

export type NewPayment = typeof payment.$inferInsert;

/** States of a payment that still counts: waiting (CREATED) or holding money (authorized, captured). */
export const LIVE_STATES: number[] = [
  PaymentState.CREATED,
  PaymentState.AUTHORIZED,
  PaymentState.PARTIALLYCAPTURED,
  PaymentState.CAPTURED,
];

export async function findCheckoutOfUnit(
  db: Executor,
  id: string,
  productionUnitId: number,
  lock = false,
): Promise<CheckoutRow | undefined> {
  const query = db
    .select()
    .from(checkout)
    .where(and(eq(checkout.id, id), eq(checkout.productionUnitId, productionUnitId)))
    .limit(1);
  const rows = lock ? await query.for("update") : await query;
  return rows[0];
}

export async function setCheckoutState(db: Executor, id: string, state: number, now: Date): Promise<void> {
  await db.update(checkout).set({ state, updatedAt: now }).where(eq(checkout.id, id));
}

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

export async function findRestaurantName(db: Executor, productionUnitId: number): Promise<string> {
  const rows = await db
    .select({ name: productionUnit.name })
    .from(productionUnit)
    .where(eq(productionUnit.id, productionUnitId))
    .limit(1);
  return rows[0]?.name ?? "";
}

/** The checkout's payments that still count (see LIVE_STATES), gift cards first. */
export async function findLivePayments(db: Executor, checkoutId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payment)
    .where(and(eq(payment.checkoutId, checkoutId), inArray(payment.state, LIVE_STATES)))
    .orderBy(desc(eq(payment.type, PaymentType.GIFTCARD)), asc(payment.createdAt), asc(payment.id));
}

/**
 * The checkout's latest payment attempt: its main payment (online or unpaid, or the gift card one
 * when gift cards paid everything) and every payment written with it (same transaction, same
 * created_at), gift cards first. Empty when the checkout has no payment.
 */
export async function findLatestAttempt(db: Executor, checkoutId: string): Promise<PaymentRow[]> {
  const [main] = await db
    .select()
    .from(payment)
    .where(eq(payment.checkoutId, checkoutId))
    .orderBy(desc(payment.createdAt), asc(eq(payment.type, PaymentType.GIFTCARD)), desc(payment.id))
    .limit(1);
  if (!main) return [];
  return db
    .select()
    .from(payment)
    .where(and(eq(payment.checkoutId, checkoutId), eq(payment.createdAt, main.createdAt)))
    .orderBy(desc(eq(payment.type, PaymentType.GIFTCARD)), asc(payment.id));
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

export async function setProviderReference(db: Executor, id: string, providerReference: string): Promise<void> {
  await db.update(payment).set({ providerReference }).where(eq(payment.id, id));
}

/** The gift cards applied to the checkout, in gift-card id order (a fixed lock order). */
export async function findCheckoutGiftcardAmounts(db: Executor, checkoutId: string) {
  return db
    .select({
      giftcardId: checkoutGiftcard.giftcardId,
      code: checkoutGiftcard.code,
      amountMinor: checkoutGiftcard.amountMinor,
    })
    .from(checkoutGiftcard)
    .where(eq(checkoutGiftcard.checkoutId, checkoutId))
    .orderBy(asc(checkoutGiftcard.giftcardId));
}

/**
 * Draws `amountMinor` from the gift card if its balance still covers it and it has not expired:
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
  values: { giftcardId: number; paymentId: string; amountMinor: number; createdAt: Date },
): Promise<void> {
  await db.insert(giftcardTransaction).values(values);
}

export async function findModuleHosts(db: Executor, moduleId: number): Promise<string[]> {
  const rows = await db
    .select({ host: moduleDomain.host })
    .from(moduleDomain)
    .where(eq(moduleDomain.moduleId, moduleId));
  return rows.map((row) => row.host);
}

export async function findProviderName(db: Executor, paymentInstanceId: number): Promise<string | undefined> {
  const rows = await db
    .select({ provider: paymentInstance.provider })
    .from(paymentInstance)
    .where(eq(paymentInstance.id, paymentInstanceId))
    .limit(1);
  return rows[0]?.provider;
}
