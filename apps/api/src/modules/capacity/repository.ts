/**
 * Kitchen capacity, kept in the database so that it holds across several API processes:
 * usage only ever grows through one conditional upsert that refuses to pass the limit.
 */
import { type Executor, schema } from "@app/db";
import { and, asc, eq, gte, lt, sql } from "@app/db/orm";
import { type CapacityRule, itemsPerSlotAt, type SlotCapacityRules } from "@app/domain";
import { readRestaurantSetup } from "../../shared/restaurant-setup";

const { capacityUsage, capacityInstance, capacityRule } = schema;

export function findItemsPerSlot(db: Executor, capacityInstanceId: number): Promise<number | undefined> {
  return readRestaurantSetup(db, `capacity.items-per-slot:${capacityInstanceId}`, async () => {
    const rows = await db
      .select({ itemsPerSlot: capacityInstance.itemsPerSlot })
      .from(capacityInstance)
      .where(eq(capacityInstance.id, capacityInstanceId))
      .limit(1);
    return rows[0]?.itemsPerSlot;
  });
}

export function findCapacityRules(db: Executor, capacityInstanceId: number): Promise<CapacityRule[]> {
  return readRestaurantSetup(db, `capacity.rules:${capacityInstanceId}`, () =>
    readCapacityRules(db, capacityInstanceId),
  );
}

/** The kitchen's items per slot: the default and the rules by weekday and time range (0 without an instance). */
export async function findSlotCapacity(db: Executor, capacityInstanceId: number): Promise<SlotCapacityRules> {
  // One query after another: `db` may be a transaction (one connection, one query at a time).
  const itemsPerSlot = (await findItemsPerSlot(db, capacityInstanceId)) ?? 0;
  const rules = await findCapacityRules(db, capacityInstanceId);
  return { itemsPerSlot, rules };
}

/** The items the slot starting at `slotStart` holds, by the restaurant's wall clock (capacity rules). */
export async function findSlotLimit(
  db: Executor,
  capacityInstanceId: number,
  slotStart: Date,
  timeZone: string,
): Promise<number> {
  return itemsPerSlotAt(slotStart, timeZone, await findSlotCapacity(db, capacityInstanceId));
}

/** The rules as stored, in a stable order (uncached: the editor reads what is committed). */
export function readCapacityRules(db: Executor, capacityInstanceId: number): Promise<CapacityRule[]> {
  return db
    .select({
      weekday: capacityRule.weekday,
      starts: capacityRule.starts,
      ends: capacityRule.ends,
      itemsPerSlot: capacityRule.itemsPerSlot,
    })
    .from(capacityRule)
    .where(eq(capacityRule.capacityInstanceId, capacityInstanceId))
    .orderBy(asc(capacityRule.weekday), asc(capacityRule.starts), asc(capacityRule.ends), asc(capacityRule.id));
}

/** The default items per slot, uncached. */
export async function readItemsPerSlot(db: Executor, capacityInstanceId: number): Promise<number> {
  const rows = await db
    .select({ itemsPerSlot: capacityInstance.itemsPerSlot })
    .from(capacityInstance)
    .where(eq(capacityInstance.id, capacityInstanceId));
  return rows[0]?.itemsPerSlot ?? 0;
}

/** The kitchen's capacity becomes `itemsPerSlot` and exactly `rules`, in the caller's transaction. */
export async function saveSlotCapacity(
  tx: Executor,
  capacityInstanceId: number,
  capacity: { itemsPerSlot: number; rules: CapacityRule[] },
): Promise<void> {
  await tx
    .update(capacityInstance)
    .set({ itemsPerSlot: capacity.itemsPerSlot })
    .where(eq(capacityInstance.id, capacityInstanceId));
  await tx.delete(capacityRule).where(eq(capacityRule.capacityInstanceId, capacityInstanceId));
  if (capacity.rules.length > 0) {
    await tx.insert(capacityRule).values(capacity.rules.map((rule) => ({ capacityInstanceId, ...rule })));
  }
}

/** Items already promised per slot start (ISO UTC) in [from, to). */
export async function usedBySlot(
  db: Executor,
  capacityInstanceId: number,
  from: Date,
  to: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ slotStart: capacityUsage.slotStart, itemsUsed: capacityUsage.itemsUsed })
    .from(capacityUsage)
    .where(
      and(
        eq(capacityUsage.capacityInstanceId, capacityInstanceId),
        gte(capacityUsage.slotStart, from),
        lt(capacityUsage.slotStart, to),
      ),
    );
  return new Map(rows.map((row) => [row.slotStart.toISOString(), row.itemsUsed]));
}

/**
 * Promises `items` of the slot to an order if they still fit under `limit`; false when full.
 * One statement: concurrent callers serialize on the row, and the WHERE re-checks the limit
 * against the committed value, so the sum can never pass it.
 */
export async function tryConsumeCapacity(
  db: Executor,
  input: { capacityInstanceId: number; slotStart: Date; items: number; limit: number },
): Promise<boolean> {
  if (input.items > input.limit) return false;
  const { capacityInstanceId, slotStart, items, limit } = input;
  const rows = await db
    .insert(capacityUsage)
    .values({ capacityInstanceId, slotStart, itemsUsed: items })
    .onConflictDoUpdate({
      target: [capacityUsage.capacityInstanceId, capacityUsage.slotStart],
      set: { itemsUsed: sql`${capacityUsage.itemsUsed} + ${items}` },
      setWhere: sql`${capacityUsage.itemsUsed} + ${items} <= ${limit}`,
    })
    .returning({ itemsUsed: capacityUsage.itemsUsed });
  return rows.length === 1;
}

/**
 * Gives `items` of the slot back (a payment attempt that held them ended without an order). Never
 * below 0: usage counted before holds existed may already be less than what a hold gives back.
 */
export async function releaseCapacity(
  db: Executor,
  input: { capacityInstanceId: number; slotStart: Date; items: number },
): Promise<void> {
  if (input.items <= 0) return;
  await db
    .update(capacityUsage)
    .set({ itemsUsed: sql`greatest(${capacityUsage.itemsUsed} - ${input.items}, 0)` })
    .where(
      and(eq(capacityUsage.capacityInstanceId, input.capacityInstanceId), eq(capacityUsage.slotStart, input.slotStart)),
    );
}
