import type { Executor } from "@app/db";
import { earliestEnd, stillSoldOut } from "@app/domain";
import { findSoldOutRows, type SoldOutTarget } from "./repository";

/**
 * What is sold out at `now`: the ids whose end is still to come (or who have none), and when this list next
 * changes by the clock alone (the earliest end among them; null: only a change by staff changes it). A row whose
 * end has passed is simply not sold out: nothing is deleted on read.
 */
export async function soldOutAt(
  db: Executor,
  productionUnitId: number,
  target: SoldOutTarget,
  now: Date,
): Promise<{ ids: number[]; changesAt: Date | null }> {
  const rows = (await findSoldOutRows(db, productionUnitId, target)).filter((row) => stillSoldOut(row.until, now));
  return {
    ids: rows.map((row) => row.id),
    changesAt: earliestEnd(
      rows.map((row) => row.until),
      now,
    ),
  };
}

/** Whether the product is sold out at the unit now (the basket refuses it). */
export async function isProductSoldOut(db: Executor, productionUnitId: number, productId: number, now: Date) {
  return (await soldOutAt(db, productionUnitId, "product", now)).ids.includes(productId);
}

/** Which of `choiceIds` are sold out at the unit now. */
export async function soldOutChoiceIds(db: Executor, productionUnitId: number, choiceIds: number[], now: Date) {
  if (choiceIds.length === 0) return [];
  const { ids } = await soldOutAt(db, productionUnitId, "choice", now);
  return choiceIds.filter((id) => ids.includes(id));
}
