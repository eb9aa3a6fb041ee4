/** SQL of the restaurant's event log: restaurant_event, its per-restaurant sequence, and screen presence. */
import { type Executor, schema } from "@app/db";
import { and, asc, eq, gt, inArray, sql } from "@app/db/orm";

const { restaurantEvent, restaurantEventSequence, screenPresence } = schema;

export type RestaurantEventRow = typeof restaurantEvent.$inferSelect;

/** The change feed hears each event's notification at commit (restaurant, sequence number, the event if it fits). */
export { RESTAURANT_EVENT_CHANNEL } from "@app/db";

/**
 * Writes the event with the restaurant's next sequence number, in one statement. The upsert of the sequence locks
 * the restaurant's row until the transaction ends, so a second writer waits: numbers commit in the order they are
 * taken, and a reader that has seen n has seen everything before n. The insert trigger (migrations 0013, 0019)
 * sends NOTIFY restaurant_event, delivered at commit, with the event when it fits: a reader that has n - 1 may
 * take event n from it without reading (event-hub.ts). Answers the sequence number.
 */
export async function insertEvent(
  tx: Executor,
  row: { productionUnitId: number; type: string; data: Record<string, unknown>; createdAt: Date },
): Promise<number> {
  const result = await tx.execute(sql`
    with next as (
      insert into ${restaurantEventSequence} (production_unit_id, last_seq) values (${row.productionUnitId}, 1)
      on conflict (production_unit_id) do update set last_seq = ${restaurantEventSequence}.last_seq + 1
      returning last_seq
    )
    insert into ${restaurantEvent} (production_unit_id, seq, type, data, created_at)
    select ${row.productionUnitId}, next.last_seq, ${row.type}, ${JSON.stringify(row.data)}::jsonb, ${row.createdAt.toISOString()}::timestamptz
    from next
    returning seq`);
  // Both drivers answer { rows }; bigint arrives as a string from pg and a number from PGlite.
  return Number((result as unknown as { rows: { seq: number | string }[] }).rows[0]!.seq);
}

/** The restaurant's events after `afterSeq`, oldest first. */
export async function findEventsAfter(
  db: Executor,
  productionUnitId: number,
  afterSeq: number,
  limit: number,
): Promise<RestaurantEventRow[]> {
  return db
    .select()
    .from(restaurantEvent)
    .where(and(eq(restaurantEvent.productionUnitId, productionUnitId), gt(restaurantEvent.seq, afterSeq)))
    .orderBy(asc(restaurantEvent.seq))
    .limit(limit);
}

/** Each restaurant's last sequence number (0 for one without events). */
export async function findLastSeqs(db: Executor, productionUnitIds: number[]): Promise<Map<number, number>> {
  const last = new Map(productionUnitIds.map((id) => [id, 0]));
  if (productionUnitIds.length === 0) return last;
  const rows = await db
    .select()
    .from(restaurantEventSequence)
    .where(inArray(restaurantEventSequence.productionUnitId, productionUnitIds));
  for (const row of rows) last.set(row.productionUnitId, row.lastSeq);
  return last;
}

/** The restaurants' screens were seen at `at` (one statement for every restaurant this process streams). */
export async function upsertScreenPresence(db: Executor, productionUnitIds: number[], at: Date): Promise<void> {
  if (productionUnitIds.length === 0) return;
  await db
    .insert(screenPresence)
    .values(productionUnitIds.map((productionUnitId) => ({ productionUnitId, lastSeenAt: at })))
    .onConflictDoUpdate({
      target: screenPresence.productionUnitId,
      set: { lastSeenAt: sql`greatest(${screenPresence.lastSeenAt}, excluded.last_seen_at)` },
    });
}

/** When a staff screen last showed the restaurant (null: never). */
export async function findScreenLastSeen(db: Executor, productionUnitId: number): Promise<Date | null> {
  const rows = await db
    .select({ lastSeenAt: screenPresence.lastSeenAt })
    .from(screenPresence)
    .where(eq(screenPresence.productionUnitId, productionUnitId));
  return rows[0]?.lastSeenAt ?? null;
}
