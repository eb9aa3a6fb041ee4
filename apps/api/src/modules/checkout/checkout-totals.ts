/**
 * The money of a checkout, always recomputed from the database: the basket's server-priced
 * lines, the applied discounts, the delivery fee and the gift cards. Shared by checkout,
 * payment and order, which all must agree on what the guest owes.
 */
import { type Executor, schema } from "@app/db";
import { asc, eq, sql } from "@app/db/orm";
import { CheckoutState, computeDiscount, type DiscountRule, orderTotal } from "@app/domain";

const { basketItem, checkoutDiscount, checkoutGiftcard, discountCode } = schema;

export type CheckoutRow = typeof schema.checkout.$inferSelect;

export type CheckoutTotals = {
  /** Sum of the basket's line totals. */
  basketTotalMinor: number;
  /** Number of product units in the basket (what kitchen capacity counts). */
  itemCount: number;
  discountMinor: number;
  deliveryFeeMinor: number;
  /** basket − discount (never below 0) + delivery fee. */
  orderTotalMinor: number;
  giftcardMinor: number;
};

export async function basketTotals(db: Executor, basketId: string | null) {
  if (!basketId) return { basketTotalMinor: 0, itemCount: 0 };
  const rows = await db
    .select({
      total: sql<string>`coalesce(sum(${basketItem.totalPriceMinor}), 0)`,
      count: sql<string>`coalesce(sum(${basketItem.amount}), 0)`,
    })
    .from(basketItem)
    .where(eq(basketItem.basketId, basketId));
  return { basketTotalMinor: Number(rows[0]?.total ?? 0), itemCount: Number(rows[0]?.count ?? 0) };
}

/**
 * The checkout's totals. For an OPEN checkout the applied discounts and gift cards are first brought
 * in line with the basket as it is now (see refreshCheckoutAdjustments), so every reader agrees.
 * Pass `now` so that a discount whose validity has ended since it was applied is dropped too.
 */
export async function computeCheckoutTotals(db: Executor, checkout: CheckoutRow, now?: Date): Promise<CheckoutTotals> {
  if (checkout.state === CheckoutState.OPEN) await refreshCheckoutAdjustments(db, checkout, now);
  const [basket, discounts, giftcards] = await Promise.all([
    basketTotals(db, checkout.basketId),
    db
      .select({ amountMinor: checkoutDiscount.amountMinor })
      .from(checkoutDiscount)
      .where(eq(checkoutDiscount.checkoutId, checkout.id)),
    db
      .select({ amountMinor: checkoutGiftcard.amountMinor })
      .from(checkoutGiftcard)
      .where(eq(checkoutGiftcard.checkoutId, checkout.id)),
  ]);
  const discountMinor = Math.min(
    basket.basketTotalMinor,
    discounts.reduce((sum, row) => sum + row.amountMinor, 0),
  );
  const deliveryFeeMinor = checkout.isDelivery ? checkout.deliveryFeeMinor : 0;
  return {
    ...basket,
    discountMinor,
    deliveryFeeMinor,
    orderTotalMinor: orderTotal({ basketTotalMinor: basket.basketTotalMinor, discountMinor, deliveryFeeMinor }),
    giftcardMinor: giftcards.reduce((sum, row) => sum + row.amountMinor, 0),
  };
}

/** The basket's lines as the discount rules see them. */
export async function basketLines(db: Executor, basketId: string | null) {
  if (!basketId) return [];
  return db
    .select({ productId: basketItem.productId, totalPriceMinor: basketItem.totalPriceMinor })
    .from(basketItem)
    .where(eq(basketItem.basketId, basketId));
}

export type StoredDiscountRule = DiscountRule & { id: number; code: string };

export function toDiscountRule(row: typeof discountCode.$inferSelect): StoredDiscountRule {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    minimumBasketMinor: row.minimumBasketMinor,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    productIds: row.productIds,
    usageLimit: row.usageLimit,
    usageCount: row.usageCount,
    isActive: row.isActive,
  };
}

/**
 * The basket may change after a discount or gift card was applied (SPEC §5: the discount is
 * revalidated when the basket total changes). This recomputes every applied discount against the
 * current basket with the same domain rule that accepted it, stores the new amount, and drops a
 * discount that no longer applies (below the minimum, no applicable product, worth nothing). Then it
 * caps the gift cards at what is left to pay, dropping one that would pay nothing.
 *
 * Without `now` only the basket-dependent rules are re-checked: validity dates and the usage limit
 * were checked when the code was applied, and finalize consumes the usage with a conditional update.
 * Only for OPEN checkouts: once payment starts, the amounts are what the guest agreed to.
 */
export async function refreshCheckoutAdjustments(db: Executor, checkout: CheckoutRow, now?: Date): Promise<void> {
  // The checkout row is locked and its state re-read, so a refresh that raced with the start of a
  // payment never rewrites the amounts that payment was computed from. Inside a caller's
  // transaction this is a savepoint on a row the caller usually holds already.
  await db.transaction(async (tx) => {
    const [fresh] = await tx.select().from(schema.checkout).where(eq(schema.checkout.id, checkout.id)).for("update");
    if (fresh?.state === CheckoutState.OPEN) await refreshLocked(tx, fresh, now);
  });
}

async function refreshLocked(db: Executor, checkout: CheckoutRow, now: Date | undefined): Promise<void> {
  const [lines, applied, giftcards] = await Promise.all([
    basketLines(db, checkout.basketId),
    db
      .select({ id: checkoutDiscount.id, amountMinor: checkoutDiscount.amountMinor, rule: discountCode })
      .from(checkoutDiscount)
      .innerJoin(discountCode, eq(discountCode.id, checkoutDiscount.discountCodeId))
      .where(eq(checkoutDiscount.checkoutId, checkout.id)),
    db
      .select({ id: checkoutGiftcard.id, amountMinor: checkoutGiftcard.amountMinor })
      .from(checkoutGiftcard)
      .where(eq(checkoutGiftcard.checkoutId, checkout.id))
      .orderBy(asc(checkoutGiftcard.id)),
  ]);

  let discountMinor = 0;
  for (const row of applied) {
    const stored = toDiscountRule(row.rule);
    const rule = now ? stored : { ...stored, validFrom: null, validUntil: null, usageLimit: null, isActive: true };
    const result = computeDiscount(rule, lines, now ?? new Date(0));
    if (!result.ok) {
      await db.delete(checkoutDiscount).where(eq(checkoutDiscount.id, row.id));
      continue;
    }
    discountMinor += result.amountMinor;
    if (result.amountMinor !== row.amountMinor) {
      await db.update(checkoutDiscount).set({ amountMinor: result.amountMinor }).where(eq(checkoutDiscount.id, row.id));
    }
  }

  const basketTotalMinor = lines.reduce((sum, line) => sum + line.totalPriceMinor, 0);
  const deliveryFeeMinor = checkout.isDelivery ? checkout.deliveryFeeMinor : 0;
  let leftMinor = orderTotal({
    basketTotalMinor,
    discountMinor: Math.min(basketTotalMinor, discountMinor),
    deliveryFeeMinor,
  });
  for (const row of giftcards) {
    const cappedMinor = Math.min(row.amountMinor, leftMinor);
    leftMinor -= cappedMinor;
    if (cappedMinor <= 0) await db.delete(checkoutGiftcard).where(eq(checkoutGiftcard.id, row.id));
    else if (cappedMinor !== row.amountMinor) {
      await db.update(checkoutGiftcard).set({ amountMinor: cappedMinor }).where(eq(checkoutGiftcard.id, row.id));
    }
  }
}
