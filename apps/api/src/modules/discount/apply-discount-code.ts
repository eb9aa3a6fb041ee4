import type { Executor } from "@app/db";
import {
  computeDiscount,
  type DiscountLine,
  type DiscountRefusal,
  discountProductIds,
  normalizeCode,
} from "@app/domain";
import { unprocessable } from "../../errors";
import { type StoredDiscountRule, toDiscountRule } from "../checkout";
import { findDiscountCode, findProductsOfCategories } from "./repository";

/** SPEC §5 / §8 texts for the domain's refusals (all 422, codes Discount.Invalid or Discount.NoValue). */
const MESSAGES: Record<DiscountRefusal["reason"], string> = {
  unusable: "The discount code is invalid",
  "not-for-items": "The discount code is not valid for the chosen items",
  "below-minimum": "The discount code gives no discount on this order: the basket is below the code's minimum",
  "no-value": "The discount code gives no discount on this order",
};

/**
 * What the code takes off these lines, or 422: Discount.Invalid (unknown, inactive, outside its
 * validity dates, usage limit reached), Discount.NoValue (not valid for the chosen items: none of the
 * basket's food is among its products; the food is below the minimum basket; or the code is worth
 * nothing here). Gift-card products and the bag fee never get a discount (domain discount.ts).
 */
export async function applyDiscountCode(
  db: Executor,
  discountInstanceId: number,
  code: string,
  lines: DiscountLine[],
  now: Date,
): Promise<{ rule: StoredDiscountRule; amountMinor: number }> {
  const row = await findDiscountCode(db, discountInstanceId, normalizeCode(code));
  if (!row) throw unprocessable("Discount.Invalid", MESSAGES.unusable, "discountCode");
  // A code limited to categories applies to the products they hold now.
  const productsOfCategories = await findProductsOfCategories(db, row.categoryIds ?? []);
  const rule = { ...toDiscountRule(row), productIds: discountProductIds(row, productsOfCategories) };
  const result = computeDiscount(rule, lines, now);
  if (!result.ok) throw unprocessable(result.code, MESSAGES[result.reason], "discountCode");
  return { rule, amountMinor: result.amountMinor };
}
