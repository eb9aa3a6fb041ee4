/**
 * What a basket holds, for the rules that must tell food from the rest (SPEC §1, §3, §5).
 *
 * Two kinds of line are not food: a gift-card product (product.isGiftcard: a voucher, sent by
 * email) and the bag fee (the product named by the module's bagFeeItem setting: a fee). The
 * kitchen makes neither, so neither takes kitchen capacity, and neither gets a discount.
 */

/** A stored basket older than this is dropped (SPEC §4, §9). */
export const BASKET_EXPIRY_MINUTES = 120;

/** The first moment (epoch ms) a basket created at `createdAt` counts as expired: exactly 120 minutes old still counts. */
export function basketExpiredFromMs(createdAt: Date): number {
  return createdAt.getTime() + BASKET_EXPIRY_MINUTES * 60_000 + 1;
}

/** Whether a basket created at `createdAt` has expired at `now`. */
export function isBasketExpired(createdAt: Date, now: Date): boolean {
  return now.getTime() >= basketExpiredFromMs(createdAt);
}

/**
 * Most lines one basket holds, the bag fee not counted. The same product with other choices makes a
 * new line, so without a bound a basket could grow without end; a real order has a handful of lines
 * (each holds 1–99 units). The bag fee is left out so that adding it never fails on a full basket.
 */
export const MAX_BASKET_LINES = 50;

/** Whether a basket that holds `lines` lines (the bag fee not counted) has room for one more. */
export function hasRoomForLine(lines: number): boolean {
  return lines < MAX_BASKET_LINES;
}

export type LineKind = { isGiftcard: boolean; isBagFee: boolean };

export type BasketLine = LineKind & { productId: number; amount: number; totalPriceMinor: number };

/** The kind of a product's line: a gift card by its product flag, the bag fee by the module's bagFeeItem. */
export function lineKind(product: { id: number; isGiftcard: boolean }, bagFeeItem: number | null): LineKind {
  return { isGiftcard: product.isGiftcard, isBagFee: product.id === bagFeeItem };
}

/** A line the kitchen makes: neither a gift card nor the bag fee. */
export function isKitchenLine(line: LineKind): boolean {
  return !line.isGiftcard && !line.isBagFee;
}

/** Product units the kitchen makes: what kitchen capacity counts. */
export function kitchenItemCount(lines: (LineKind & { amount: number })[]): number {
  return lines.filter(isKitchenLine).reduce((sum, line) => sum + line.amount, 0);
}

export type BasketSummary = {
  /** Sum of every line, the bag fee and gift cards included: what the guest pays for the basket. */
  totalMinor: number;
  /** Units the kitchen makes (kitchenItemCount). */
  kitchenItems: number;
  /** Nothing to order: no line, or only the bag fee (SPEC §5: the bag alone counts as an empty cart). */
  isEmpty: boolean;
  /** A gift-card product is in the basket: gift cards cannot pay for it (SPEC §5). */
  hasGiftcardProduct: boolean;
};

export function summarizeBasket(lines: BasketLine[]): BasketSummary {
  return {
    totalMinor: lines.reduce((sum, line) => sum + line.totalPriceMinor, 0),
    kitchenItems: kitchenItemCount(lines),
    isEmpty: lines.every((line) => line.isBagFee),
    hasGiftcardProduct: lines.some((line) => line.isGiftcard),
  };
}
