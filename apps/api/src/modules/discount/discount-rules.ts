import type { Executor } from "@app/db";
import { computeDiscount, type DiscountLine, type DiscountResult } from "@app/domain";
import { unprocessable } from "../../errors";
import { type StoredDiscountRule, toDiscountRule } from "../checkout/checkout-totals";
import { findDiscountCode } from "./repository";

/** SPEC §5 / §8 texts for the domain's discount failures (all 422). */
const MESSAGES: Record<Extract<DiscountResult, { ok: false }>["code"], string> = {
  "Discount.Invalid": "The discount code is invalid",
  "Discount.NoValue": "The discount code gives no discount on this order",
  "Discount.NotValidForItems": "The discount code is not valid for the chosen items",
};

/**
 * What the code takes off these lines, or 422: Discount.Invalid (unknown, inactive, outside its
 * validity dates, usage limit reached), Discount.NotValidForItems (product-restricted and none of its
 * products in the basket), Discount.NoValue (below the minimum basket, or worth nothing).
 * Codes match case-insensitively: they are stored upper-case.
 */
export async function applyDiscountCode(
  db: Executor,
  discountInstanceId: number,
  code: string,
  lines: DiscountLine[],
  now: Date,
): Promise<{ rule: StoredDiscountRule; amountMinor: number }> {
  const row = await findDiscountCode(db, discountInstanceId, normalizeCode(code));
  if (!row) throw unprocessable("Discount.Invalid", MESSAGES["Discount.Invalid"], "discountCode");
  const rule = toDiscountRule(row);
  const result = computeDiscount(rule, lines, now);
  if (!result.ok) throw unprocessable(result.code, MESSAGES[result.code], "discountCode");
  return { rule, amountMinor: result.amountMinor };
}

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}
