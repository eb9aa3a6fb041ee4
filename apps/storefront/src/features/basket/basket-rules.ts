/**
 * Pure rules over the basket the server answered (SPEC §4, §5). The server's lines, amounts and
 * prices are shown as they are; these rules only pick, order and count them.
 */
import type { Basket, BasketItem } from "@app/contracts";

/** The module's bag-fee product (app setting bagFeeItem), or null when the shop has none. */
export type BagFeeItem = number | null;

export type CartLineOptions = {
  bagFeeItem: BagFeeItem;
  /** Whether fees are shown (the checkout's cart): the bag fee then comes last and locked. */
  allowFees: boolean;
};

export type CartLine = {
  item: BasketItem;
  /** The guest cannot change the line here (the bag fee follows the checkout's bring-own-bag box). */
  locked: boolean;
};

/** A line the guest changes with a counter or a choice of options. */
export type NewLine = {
  productId: number;
  amount: number;
  choices: { modifierId: number; choiceId: number; amount: number }[];
};

/**
 * The bag fee: the product of the bagFeeItem setting. The server marks that line `editingIsDisabled`
 * (packages/contracts/src/basket.ts) and its word counts too, so a line it refuses to change is never
 * offered a counter, even where the setting is not at hand.
 */
export function isBagFeeLine(item: BasketItem, bagFeeItem: BagFeeItem): boolean {
  return item.editingIsDisabled || (bagFeeItem !== null && item.productId === bagFeeItem);
}

/** SPEC §5: the bag fee is hidden unless fees are allowed, and then sorted last and locked. */
export function cartLines(basket: Basket | null, { bagFeeItem, allowFees }: CartLineOptions): CartLine[] {
  if (!basket) return [];
  const food = basket.items.filter((item) => !isBagFeeLine(item, bagFeeItem));
  const fees = allowFees ? basket.items.filter((item) => isBagFeeLine(item, bagFeeItem)) : [];
  return [...food.map((item) => ({ item, locked: false })), ...fees.map((item) => ({ item, locked: true }))];
}

/** SPEC §5: no basket, no lines, or only the bag fee: nothing to order. */
export function isBasketEmpty(basket: Basket | null, bagFeeItem: BagFeeItem): boolean {
  return !basket || basket.items.every((item) => isBagFeeLine(item, bagFeeItem));
}

/** Units in the basket, the bag fee not counted (the minicart's badge). */
export function itemCount(basket: Basket | null, bagFeeItem: BagFeeItem): number {
  if (!basket) return 0;
  return basket.items.reduce((sum, item) => (isBagFeeLine(item, bagFeeItem) ? sum : sum + item.amount), 0);
}

/** Units of one product over all its lines (the menu's counter of a product without options). */
export function countOfProduct(basket: Basket | null, productId: number): number {
  if (!basket) return 0;
  return basket.items.reduce((sum, item) => (item.productId === productId ? sum + item.amount : sum), 0);
}

/** One basket call. */
export type BasketStep =
  | { kind: "add"; line: NewLine }
  | { kind: "update"; item: BasketItem; amount: number }
  | { kind: "remove"; itemId: string };

/**
 * The calls that make `productId` count `count` units. SPEC §4: a count below 1 removes all lines of
 * the product. Otherwise its one line gets the new amount, or a line is added when there is none.
 * A product with several lines (other options) gains on its newest line and loses from the newest
 * lines first.
 */
export function planProductCount(basket: Basket | null, productId: number, count: number): BasketStep[] {
  const lines = basket?.items.filter((item) => item.productId === productId) ?? [];
  if (count < 1) return lines.map((item) => ({ kind: "remove", itemId: item.id }));
  const newest = lines.at(-1);
  if (!newest) return [{ kind: "add", line: { productId, amount: count, choices: [] } }];
  const total = lines.reduce((sum, item) => sum + item.amount, 0);
  if (count > total) return [{ kind: "update", item: newest, amount: newest.amount + count - total }];
  const steps: BasketStep[] = [];
  let excess = total - count;
  for (const item of [...lines].reverse()) {
    if (excess <= 0) break;
    if (item.amount <= excess) steps.push({ kind: "remove", itemId: item.id });
    else steps.push({ kind: "update", item, amount: item.amount - excess });
    excess -= item.amount;
  }
  return steps;
}
