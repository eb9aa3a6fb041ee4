/**
 * The money of a checkout, always recomputed from the database: the basket's server-priced
 * lines, the applied discounts, the delivery fee and the gift cards. Shared by checkout,
 * payment and order, which all must agree on what the guest owes.
 */
import { type Executor, schema } from "@app/db";
import {
  type BasketLine,
  type BasketSummary,
  CheckoutState,
  capGiftcardAmounts,
  computeDiscount,
  type DiscountRule,
  orderTotal,
  summarizeBasket,
} from "@app/domain";
import { readBasketLines } from "../basket";
import {
  type CheckoutRow,
  deleteCheckoutDiscount,
  deleteCheckoutGiftcard,
  deleteCheckoutGiftcards,
  findAppliedDiscounts,
  findAppliedGiftcards,
  findCheckout,
  findDiscountAmounts,
  findGiftcardAmounts,
  setCheckoutDiscountAmount,
  setCheckoutGiftcardAmount,
} from "./repository";

const { discountCode } = schema;

export type CheckoutTotals = {
  /** Sum of the basket's line totals (bag fee and gift-card products included). */
  basketTotalMinor: number;
  /** Product units the kitchen makes (gift cards and the bag fee left out): what kitchen capacity counts. */
  itemCount: number;
  /** Nothing to order: no basket, no lines, or only the bag fee (SPEC §5). */
  isEmpty: boolean;
  /** The basket holds a gift-card product: gift cards cannot pay for the order. */
  hasGiftcardProduct: boolean;
  discountMinor: number;
  deliveryFeeMinor: number;
  /** basket − discount (never below 0) + delivery fee. */
  orderTotalMinor: number;
  giftcardMinor: number;
};

/** The linked basket's lines as the rules see them (which are gift cards, which is the bag fee). */
export function checkoutLines(
  db: Executor,
  checkout: Pick<CheckoutRow, "basketId" | "moduleId">,
): Promise<BasketLine[]> {
  return readBasketLines(db, checkout.basketId, checkout.moduleId);
}

/** Total, kitchen units and emptiness of the checkout's basket. */
export async function checkoutBasket(
  db: Executor,
  checkout: Pick<CheckoutRow, "basketId" | "moduleId">,
): Promise<BasketSummary> {
  return summarizeBasket(await checkoutLines(db, checkout));
}

/**
 * The checkout's totals. For an OPEN checkout the applied discounts and gift cards are first brought
 * in line with the basket as it is now (see refreshCheckoutAdjustments), so every reader agrees.
 * Pass `now` so that a discount whose validity has ended since it was applied is dropped too.
 */
export async function computeCheckoutTotals(db: Executor, checkout: CheckoutRow, now?: Date): Promise<CheckoutTotals> {
  const read = { discounts: findDiscountAmounts, giftcards: findGiftcardAmounts };
  return (await computeCheckoutTotalsReading(db, checkout, now, read)).totals;
}

type Applied = { amountMinor: number };

/**
 * computeCheckoutTotals, reading the applied discounts and gift cards with `read`'s queries and answering
 * their rows too: the checkout's answer shows them, and reads them once. A caller that has read some of
 * them in this transaction, with the rows locked since, passes them (`alreadyRead`): the basket's summary
 * (the refresh changes no basket line), the applied discounts as `read.discounts` reads them, or the
 * gift cards (none, on a checkout made this moment).
 */
export async function computeCheckoutTotalsReading<D extends Applied, G extends Applied>(
  db: Executor,
  checkout: CheckoutRow,
  now: Date | undefined,
  read: {
    discounts: (db: Executor, checkoutId: string) => Promise<D[]>;
    giftcards: (db: Executor, checkoutId: string) => Promise<G[]>;
  },
  alreadyRead: { basket?: BasketSummary; discounts?: D[]; giftcards?: G[] } = {},
): Promise<{ totals: CheckoutTotals; discounts: D[]; giftcards: G[] }> {
  // One query after another, here and below: `db` is often a transaction, whose one connection
  // runs one query at a time (pg deprecates queueing them on it).
  let discounts = alreadyRead.discounts ?? (await read.discounts(db, checkout.id));
  let giftcards = alreadyRead.giftcards ?? (await read.giftcards(db, checkout.id));
  // Most checkouts have neither: then there is nothing to bring in line, and no transaction to pay for.
  // One applied after these reads was computed against the basket as it was then, as a refresh would.
  if (checkout.state === CheckoutState.OPEN && (discounts.length > 0 || giftcards.length > 0)) {
    await refreshCheckoutAdjustments(db, checkout, now);
    discounts = await read.discounts(db, checkout.id);
    giftcards = await read.giftcards(db, checkout.id);
  }
  const basket = alreadyRead.basket ?? (await checkoutBasket(db, checkout));
  const discountMinor = Math.min(
    basket.totalMinor,
    discounts.reduce((sum, row) => sum + row.amountMinor, 0),
  );
  const deliveryFeeMinor = checkout.isDelivery ? checkout.deliveryFeeMinor : 0;
  const totals = {
    basketTotalMinor: basket.totalMinor,
    itemCount: basket.kitchenItems,
    isEmpty: basket.isEmpty,
    hasGiftcardProduct: basket.hasGiftcardProduct,
    discountMinor,
    deliveryFeeMinor,
    orderTotalMinor: orderTotal({ basketTotalMinor: basket.totalMinor, discountMinor, deliveryFeeMinor }),
    giftcardMinor: giftcards.reduce((sum, row) => sum + row.amountMinor, 0),
  };
  return { totals, discounts, giftcards };
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
 * discount that no longer applies (below the minimum, no applicable product, worth nothing). Then
 * the gift cards: all are dropped when the basket now holds a gift-card product (a gift card never
 * pays for a gift card, SPEC §5), else they are capped at what is left to pay, one after another in
 * a fixed order (row id), and one that would pay nothing is dropped.
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
    const fresh = await findCheckout(tx, checkout.id, true);
    if (fresh?.state === CheckoutState.OPEN) await refreshLocked(tx, fresh, now);
  });
}

async function refreshLocked(db: Executor, checkout: CheckoutRow, now: Date | undefined): Promise<void> {
  const lines = await checkoutLines(db, checkout);
  const applied = await findAppliedDiscounts(db, checkout.id);
  const giftcards = await findAppliedGiftcards(db, checkout.id);

  let discountMinor = 0;
  for (const row of applied) {
    const stored = toDiscountRule(row.rule);
    const rule = now ? stored : { ...stored, validFrom: null, validUntil: null, usageLimit: null, isActive: true };
    const result = computeDiscount(rule, lines, now ?? new Date(0));
    if (!result.ok) {
      await deleteCheckoutDiscount(db, row.id);
      continue;
    }
    discountMinor += result.amountMinor;
    if (result.amountMinor !== row.amountMinor) {
      await setCheckoutDiscountAmount(db, row.id, result.amountMinor);
    }
  }

  if (giftcards.length === 0) return;
  const basket = summarizeBasket(lines);
  if (basket.hasGiftcardProduct) {
    await deleteCheckoutGiftcards(db, checkout.id);
    return;
  }
  const deliveryFeeMinor = checkout.isDelivery ? checkout.deliveryFeeMinor : 0;
  const leftMinor = orderTotal({
    basketTotalMinor: basket.totalMinor,
    discountMinor: Math.min(basket.totalMinor, discountMinor),
    deliveryFeeMinor,
  });
  const capped = capGiftcardAmounts(
    leftMinor,
    giftcards.map((row) => row.amountMinor),
  );
  for (const [index, row] of giftcards.entries()) {
    const cappedMinor = capped[index] ?? 0;
    if (cappedMinor <= 0) await deleteCheckoutGiftcard(db, row.id);
    else if (cappedMinor !== row.amountMinor) {
      await setCheckoutGiftcardAmount(db, row.id, cappedMinor);
    }
  }
}
