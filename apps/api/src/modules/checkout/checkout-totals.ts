/**
 * The money of a checkout, always recomputed from the database: the basket's server-priced
 * lines, the applied discounts, the delivery fee and the gift cards. Shared by checkout,
 * payment and order, which all must agree on what the guest owes.
 *
 * While a checkout is OPEN its basket may change after a discount or gift card was applied (SPEC §5:
 * the discount is revalidated when the basket total changes). What they are worth is then computed
 * from the basket as it is, on every read, and not stored: a read writes nothing. A discount below its
 * minimum is left out until the basket reaches it again (or the guest removes it). The write that fixes
 * the amounts for good is the start of a payment (settleCheckoutMoney); from then on the stored amounts
 * are what the guest agreed to.
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
  findAppliedDiscounts,
  findCheckoutGiftcards,
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

/**
 * What recomputes an applied discount against the basket: the basket rules of its code. Whether the code
 * may still be used at all (active, valid today, under its usage limit) is not a matter of the basket: it
 * was checked when the code was applied and is checked again when the guest pays (422 Discount.Invalid).
 */
export type DiscountBasketRule = Pick<DiscountRule, "kind" | "value" | "minimumBasketMinor" | "productIds">;

/** An applied discount as the totals read it; without its rule, its stored amount stands. */
export type AppliedDiscountAmount = { amountMinor: number; rule?: DiscountBasketRule | null };
/** An applied gift card as the totals read it; `id` is the fixed order the cards are capped in. */
export type AppliedGiftcardAmount = { id: string; amountMinor: number };

/** The rows a checkout's money is computed from: nothing here reads the database. */
export type CheckoutMoneyRows<D extends AppliedDiscountAmount, G extends AppliedGiftcardAmount> = {
  checkout: Pick<CheckoutRow, "state" | "isDelivery" | "deliveryFeeMinor">;
  lines: BasketLine[];
  discounts: D[];
  giftcards: G[];
};

export type CheckoutMoney<D, G> = {
  totals: CheckoutTotals;
  /** The applied discounts that count, with what they are worth. */
  discounts: D[];
  /** The applied gift cards that pay, with what they pay. */
  giftcards: G[];
};

/**
 * The checkout's totals from its rows. For an OPEN checkout every applied discount is recomputed against
 * the lines with the domain rule that accepted it, and one that no longer applies (below the minimum, no
 * applicable product, worth nothing) does not count; then the gift cards: none pays when the basket holds
 * a gift-card product (a gift card never pays for a gift card, SPEC §5), else each is capped at what is
 * left to pay, one after another in a fixed order (row id), and one that would pay nothing does not count.
 * Any other checkout counts the amounts stored when its payment started.
 */
export function computeCheckoutMoney<D extends AppliedDiscountAmount, G extends AppliedGiftcardAmount>(
  rows: CheckoutMoneyRows<D, G>,
): CheckoutMoney<D, G> {
  const { checkout, lines } = rows;
  const open = checkout.state === CheckoutState.OPEN;
  const basket = summarizeBasket(lines);
  const discounts = open ? discountsOnBasket(rows.discounts, lines) : rows.discounts;
  const discountMinor = Math.min(basket.totalMinor, sumOf(discounts));
  const deliveryFeeMinor = checkout.isDelivery ? checkout.deliveryFeeMinor : 0;
  const orderTotalMinor = orderTotal({ basketTotalMinor: basket.totalMinor, discountMinor, deliveryFeeMinor });
  const giftcards = open ? giftcardsCapped(rows.giftcards, basket, orderTotalMinor) : rows.giftcards;
  const totals = {
    basketTotalMinor: basket.totalMinor,
    itemCount: basket.kitchenItems,
    isEmpty: basket.isEmpty,
    hasGiftcardProduct: basket.hasGiftcardProduct,
    discountMinor,
    deliveryFeeMinor,
    orderTotalMinor,
    giftcardMinor: sumOf(giftcards),
  };
  return { totals, discounts, giftcards };
}

function discountsOnBasket<D extends AppliedDiscountAmount>(discounts: D[], lines: BasketLine[]): D[] {
  return discounts.flatMap((discount) => {
    if (!discount.rule) return [discount];
    const amountMinor = discountOnBasket(discount.rule, lines);
    return amountMinor === null ? [] : [{ ...discount, amountMinor }];
  });
}

/** The discount the rule gives on the lines; null when it does not apply to them. */
function discountOnBasket(rule: DiscountBasketRule, lines: BasketLine[]): number | null {
  const usable = { ...rule, validFrom: null, validUntil: null, usageLimit: null, usageCount: 0, isActive: true };
  // A usable rule without dates does not read the clock: any instant will do.
  const result = computeDiscount(usable, lines, new Date(0));
  return result.ok ? result.amountMinor : null;
}

function giftcardsCapped<G extends AppliedGiftcardAmount>(
  giftcards: G[],
  basket: BasketSummary,
  leftMinor: number,
): G[] {
  if (basket.hasGiftcardProduct || giftcards.length === 0) return [];
  const inCapOrder = [...giftcards].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const capped = capGiftcardAmounts(
    leftMinor,
    inCapOrder.map((row) => row.amountMinor),
  );
  const paying = new Map(inCapOrder.map((row, index) => [row.id, capped[index] ?? 0]));
  return giftcards.flatMap((row) => {
    const amountMinor = paying.get(row.id) ?? 0;
    return amountMinor > 0 ? [{ ...row, amountMinor }] : [];
  });
}

function sumOf(rows: { amountMinor: number }[]): number {
  return rows.reduce((sum, row) => sum + row.amountMinor, 0);
}

/** How the applied discounts and gift cards are read, for callers that need more of their rows than the amounts. */
export type AppliedReads<D, G> = {
  discounts: (db: Executor, checkoutId: string) => Promise<D[]>;
  giftcards: (db: Executor, checkoutId: string) => Promise<G[]>;
};

/** Rows a caller has read already in this transaction (with the rows locked since): they are not read again. */
export type AlreadyReadMoney<D, G> = { lines?: BasketLine[]; discounts?: D[]; giftcards?: G[] };

/** computeCheckoutMoney on the rows as the database holds them now, read with `read`'s queries. */
export async function readCheckoutMoney<D extends AppliedDiscountAmount, G extends AppliedGiftcardAmount>(
  db: Executor,
  checkout: CheckoutRow,
  read: AppliedReads<D, G>,
  alreadyRead: AlreadyReadMoney<D, G> = {},
): Promise<CheckoutMoney<D, G>> {
  // One query after another: `db` is often a transaction, whose one connection runs one query at a
  // time (pg deprecates queueing them on it).
  const discounts = alreadyRead.discounts ?? (await read.discounts(db, checkout.id));
  const giftcards = alreadyRead.giftcards ?? (await read.giftcards(db, checkout.id));
  const lines = alreadyRead.lines ?? (await checkoutLines(db, checkout));
  return computeCheckoutMoney({ checkout, lines, discounts, giftcards });
}

/**
 * Stores what the applied discounts and gift cards of an OPEN checkout are worth against its basket now
 * (computeCheckoutMoney): new amounts are written, and the rows that no longer count are deleted. The
 * start of a payment calls it, in its transaction and with the checkout row locked, so the amounts it
 * charges are the ones the checkout keeps. Answers the money as stored.
 */
export async function settleCheckoutMoney<D extends AppliedDiscountAmount & { id: string }>(
  tx: Executor,
  checkout: CheckoutRow,
  alreadyRead: { lines: BasketLine[]; discounts: D[] },
): Promise<CheckoutMoney<D, Awaited<ReturnType<typeof findCheckoutGiftcards>>[number]>> {
  const giftcards = await findCheckoutGiftcards(tx, checkout.id);
  const money = computeCheckoutMoney({ checkout, ...alreadyRead, giftcards });
  await storeChanged(tx, checkout.id, alreadyRead.discounts, money.discounts, {
    remove: deleteCheckoutDiscount,
    setAmount: setCheckoutDiscountAmount,
  });
  await storeChanged(tx, checkout.id, giftcards, money.giftcards, {
    remove: deleteCheckoutGiftcard,
    setAmount: setCheckoutGiftcardAmount,
  });
  return money;
}

/** Deletes the stored rows that no longer count and writes the amounts that changed, one statement at a time. */
async function storeChanged(
  tx: Executor,
  checkoutId: string,
  stored: { id: string; amountMinor: number }[],
  counted: { id: string; amountMinor: number }[],
  write: {
    remove: (tx: Executor, checkoutId: string, id: string) => Promise<boolean>;
    setAmount: (tx: Executor, id: string, amountMinor: number) => Promise<void>;
  },
): Promise<void> {
  const now = new Map(counted.map((row) => [row.id, row.amountMinor]));
  for (const row of stored) {
    const amountMinor = now.get(row.id);
    if (amountMinor === undefined) await write.remove(tx, checkoutId, row.id);
    else if (amountMinor !== row.amountMinor) await write.setAmount(tx, row.id, amountMinor);
  }
}

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

/** The checkout's totals as computeCheckoutMoney gives them, on the rows as the database holds them now. */
export async function readCheckoutTotals(db: Executor, checkout: CheckoutRow): Promise<CheckoutTotals> {
  const read = { discounts: findAppliedDiscounts, giftcards: findCheckoutGiftcards };
  return (await readCheckoutMoney(db, checkout, read)).totals;
}
