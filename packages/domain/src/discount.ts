/**
 * Discount codes (SPEC §5, §8): the server recomputes the amount whenever the basket changes, and
 * a zero result is an error (Discount.NoValue) rather than a silent 0 kr discount.
 *
 * - kind "percentage": value is a percent (10 = 10 %) of the applicable lines, rounded to whole øre;
 * - kind "amount": value is øre, capped at the applicable lines' total.
 * - validFrom and validUntil are both inclusive.
 *
 * What a discount applies to is the food (isKitchenLine): never a gift-card product (a discounted
 * voucher would be money off money) nor the bag fee (a fee). The minimum basket counts the same
 * food, all of it, also when the code is limited to some products: buying a gift card or paying
 * the bag fee does not unlock a discount (docs/decisions/005-discount-base.md).
 */
import { type BasketLine, isKitchenLine } from "./basket";

export type DiscountRule = {
  kind: "percentage" | "amount";
  value: number;
  minimumBasketMinor: number;
  validFrom: Date | null;
  validUntil: Date | null;
  /** Lines the discount applies to; null = every line. */
  productIds: number[] | null;
  usageLimit: number | null;
  usageCount: number;
  isActive: boolean;
};

export type DiscountLine = Pick<BasketLine, "productId" | "totalPriceMinor" | "isGiftcard" | "isBagFee">;

/**
 * Why a code is refused. A code none of whose products is in the basket is worth nothing on it: SPEC §5's "zero
 * value gives Discount.NoValue", whose text is "not valid for the chosen items". Discount.Invalid is for a code
 * that cannot be used at all. The reason tells callers the rest (the API's message).
 */
export type DiscountRefusal =
  | { ok: false; code: "Discount.Invalid"; reason: "unusable" }
  | { ok: false; code: "Discount.NoValue"; reason: "not-for-items" | "below-minimum" | "no-value" };

export type DiscountResult = { ok: true; amountMinor: number } | DiscountRefusal;

export function computeDiscount(rule: DiscountRule, lines: DiscountLine[], now: Date): DiscountResult {
  if (!isDiscountUsable(rule, now)) return { ok: false, code: "Discount.Invalid", reason: "unusable" };

  // The bag fee alone counts as an empty basket (SPEC §5): nothing is ordered yet.
  const ordered = lines.filter((line) => !line.isBagFee);
  const food = lines.filter(isKitchenLine);
  const applicable = food.filter((line) => rule.productIds === null || rule.productIds.includes(line.productId));
  if (ordered.length > 0 && applicable.length === 0) {
    return { ok: false, code: "Discount.NoValue", reason: "not-for-items" };
  }
  if (sumLines(food) < rule.minimumBasketMinor) return { ok: false, code: "Discount.NoValue", reason: "below-minimum" };

  const amountMinor = discountOn(rule, sumLines(applicable));
  if (amountMinor <= 0) return { ok: false, code: "Discount.NoValue", reason: "no-value" };
  return { ok: true, amountMinor };
}

/** Whether the code may be used at all at `now`: active, within its validity dates, below its usage limit. */
export function isDiscountUsable(rule: DiscountRule, now: Date): boolean {
  if (!rule.isActive) return false;
  if (rule.validFrom !== null && now.getTime() < rule.validFrom.getTime()) return false;
  if (rule.validUntil !== null && now.getTime() > rule.validUntil.getTime()) return false;
  return rule.usageLimit === null || rule.usageCount < rule.usageLimit;
}

/**
 * The products a code applies to: its own products and its categories' products (a line in either counts), the
 * categories read when the guest applies the code, so a product added to a category later is included.
 * null = every line (a code limited by neither). A code limited to categories that hold no products applies to
 * nothing: [] (the guest hears "not valid for the chosen items"), never the whole basket.
 */
export function discountProductIds(
  limits: { productIds: number[] | null; categoryIds: number[] | null },
  productsOfCategories: number[],
): number[] | null {
  const byCategory = limits.categoryIds !== null && limits.categoryIds.length > 0;
  const byProduct = limits.productIds !== null && limits.productIds.length > 0;
  if (!byCategory && !byProduct) return limits.productIds === null && limits.categoryIds === null ? null : [];
  const products = new Set([...(byProduct ? limits.productIds! : []), ...(byCategory ? productsOfCategories : [])]);
  return [...products].sort((a, b) => a - b);
}

function discountOn(rule: DiscountRule, applicableMinor: number): number {
  const raw = rule.kind === "percentage" ? Math.round((applicableMinor * rule.value) / 100) : rule.value;
  return Math.min(raw, applicableMinor);
}

function sumLines(lines: DiscountLine[]): number {
  return lines.reduce((total, line) => total + line.totalPriceMinor, 0);
}
