/**
 * A basket's lines as the rules see them (@app/domain basket.ts): which line is a gift card and
 * which is the bag fee. Totals, discounts and kitchen capacity all read the basket through here,
 * so they agree on what is food.
 */
import type { Executor } from "@app/db";
import { type BasketLine, type LineKind, lineKind } from "@app/domain";
import { getModuleSettings } from "../settings";
import { findGiftcardFlags, findLineAmounts } from "./repository";

/**
 * The lines with their kind. The bag fee is the product the module's bagFeeItem setting names
 * (SPEC §3), so the module the basket is ordered through decides it.
 */
export async function withLineKinds<L extends { productId: number }>(
  db: Executor,
  moduleId: number,
  lines: L[],
): Promise<(L & LineKind)[]> {
  if (lines.length === 0) return [];
  // One after the other: `db` may be a transaction (one connection, one query at a time).
  const settings = await getModuleSettings(db, moduleId);
  const flags = await findGiftcardFlags(db, [...new Set(lines.map((line) => line.productId))]);
  const isGiftcard = new Map(flags.map((row) => [row.id, row.isGiftcard]));
  return lines.map((line) => ({
    ...line,
    ...lineKind({ id: line.productId, isGiftcard: isGiftcard.get(line.productId) ?? false }, settings.bagFeeItem),
  }));
}

/** The stored basket's lines with their kind; no basket, no lines. */
export async function readBasketLines(db: Executor, basketId: string | null, moduleId: number): Promise<BasketLine[]> {
  if (!basketId) return [];
  return withLineKinds(db, moduleId, await findLineAmounts(db, basketId));
}
