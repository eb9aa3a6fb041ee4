/**
 * The back office's writes and fresh reads of a restaurant's hours: weekly ranges (opening and delivery),
 * special hours and closed dates. Uncached on purpose, like restaurant-rows.ts: an editor reads what is
 * committed (or what its own transaction wrote), never a kept copy.
 */
import { type Executor, schema } from "@app/db";
import { asc, eq } from "@app/db/orm";

const { businessHours, closedDate, specialHours, productionUnit } = schema;

export type HoursKind = "opening" | "delivery";
export type WeeklyRangeRow = { kind: HoursKind; weekday: number; opens: string; closes: string };
export type SpecialHoursRow = { kind: HoursKind; date: string; opens: string; closes: string };
export type ClosedDateRow = { date: string; reason: string };
export type HoursRows = { weekly: WeeklyRangeRow[]; special: SpecialHoursRow[]; closed: ClosedDateRow[] };

/** The unit's hours in a stable order (kind, weekday or date, opening), so two reads of the same rows compare equal. */
export async function readHoursRows(db: Executor, productionUnitId: number): Promise<HoursRows> {
  const weekly = await db
    .select({
      kind: businessHours.kind,
      weekday: businessHours.weekday,
      opens: businessHours.opens,
      closes: businessHours.closes,
    })
    .from(businessHours)
    .where(eq(businessHours.productionUnitId, productionUnitId))
    .orderBy(asc(businessHours.kind), asc(businessHours.weekday), asc(businessHours.opens), asc(businessHours.closes));
  const special = await db
    .select({
      kind: specialHours.kind,
      date: specialHours.date,
      opens: specialHours.opens,
      closes: specialHours.closes,
    })
    .from(specialHours)
    .where(eq(specialHours.productionUnitId, productionUnitId))
    .orderBy(asc(specialHours.kind), asc(specialHours.date), asc(specialHours.opens), asc(specialHours.closes));
  const closed = await db
    .select({ date: closedDate.date, reason: closedDate.reason })
    .from(closedDate)
    .where(eq(closedDate.productionUnitId, productionUnitId))
    .orderBy(asc(closedDate.date));
  return { weekly, special, closed };
}

/** The unit's hours become exactly `rows`: delete and insert, in the caller's transaction. */
export async function replaceHoursRows(tx: Executor, productionUnitId: number, rows: HoursRows): Promise<void> {
  await tx.delete(businessHours).where(eq(businessHours.productionUnitId, productionUnitId));
  await tx.delete(specialHours).where(eq(specialHours.productionUnitId, productionUnitId));
  await tx.delete(closedDate).where(eq(closedDate.productionUnitId, productionUnitId));
  if (rows.weekly.length > 0) {
    await tx.insert(businessHours).values(rows.weekly.map((row) => ({ productionUnitId, ...row })));
  }
  if (rows.special.length > 0) {
    await tx.insert(specialHours).values(rows.special.map((row) => ({ productionUnitId, ...row })));
  }
  if (rows.closed.length > 0) {
    await tx.insert(closedDate).values(rows.closed.map((row) => ({ productionUnitId, ...row })));
  }
}

/**
 * Locks the unit's row until the transaction ends: two saves of a section of the restaurant's setup that has no
 * version column (hours, ordering times) take turns, so the second compares its version with the first's result.
 */
export async function lockProductionUnit(tx: Executor, productionUnitId: number): Promise<void> {
  await tx
    .select({ id: productionUnit.id })
    .from(productionUnit)
    .where(eq(productionUnit.id, productionUnitId))
    .for("update");
}
