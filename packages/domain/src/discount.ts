/**
 * Discount codes (SPEC §5, §8): the server recomputes the amount whenever the basket changes, and
 * a zero result is an error (Discount.NoValue) rather than a silent 0 kr discount.
 *
 * - kind "percentage": value is a percent (10 = 10 %) of the applicable lines, rounded to whole øre;
 * - kind "amount": value is øre, capped at the applicable lines' total.
 * - validFrom and validUntil are both inclusive.
 */

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

export type DiscountLine = { productId: number; totalPriceMinor: number };

export type DiscountResult =
  | { ok: true; amountMinor: number }
  | { ok: false; code: "Discount.Invalid" | "Discount.NoValue" | "Discount.NotValidForItems" };

export function computeDiscount(rule: DiscountRule, lines: DiscountLine[], now: Date): DiscountResult {
  if (!isUsable(rule, now)) return { ok: false, code: "Discount.Invalid" };

  const applicable = lines.filter((line) => rule.productIds === null || rule.productIds.includes(line.productId));
  if (lines.length > 0 && applicable.length === 0) return { ok: false, code: "Discount.NotValidForItems" };
  if (sumLines(lines) < rule.minimumBasketMinor) return { ok: false, code: "Discount.NoValue" };

  const amountMinor = discountOn(rule, sumLines(applicable));
  if (amountMinor <= 0) return { ok: false, code: "Discount.NoValue" };
  return { ok: true, amountMinor };
}

function isUsable(rule: DiscountRule, now: Date): boolean {
  if (!rule.isActive) return false;
  if (rule.validFrom !== null && now.getTime() < rule.validFrom.getTime()) return false;
  if (rule.validUntil !== null && now.getTime() > rule.validUntil.getTime()) return false;
  return rule.usageLimit === null || rule.usageCount < rule.usageLimit;
}

function discountOn(rule: DiscountRule, applicableMinor: number): number {
  const raw = rule.kind === "percentage" ? Math.round((applicableMinor * rule.value) / 100) : rule.value;
  return Math.min(raw, applicableMinor);
}

function sumLines(lines: DiscountLine[]): number {
  return lines.reduce((total, line) => total + line.totalPriceMinor, 0);
}
