/**
 * Direct reads and set-ups on the product's database (through Product.withDatabase), for what the
 * API does not show: counters, holds, ledgers. Raw SQL on purpose: the suite checks the stored state
 * as an auditor would, not through the product's own repository code.
 */
import type { Db } from "@app/db";
import { sql } from "@app/db/orm";

type Row = Record<string, unknown>;

/** Restaurant A of the demo seed, the shop every case orders from. */
export const SHOP_DOMAIN = "localhost";

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** The first column of the first row as a number (PostgreSQL answers bigint counts as strings). */
async function scalar(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [first] = await rows(db, query);
  return Number(first ? Object.values(first)[0] : 0);
}

/** Restaurant A's kitchen (the module on host `localhost`) makes `items` per pickup slot from now on. */
export async function setShopSlotCapacity(db: Db, items: number): Promise<void> {
  await db.execute(
    sql`update capacity_instance set items_per_slot = ${items} where id in (
          select m.capacity_instance_id from module m join module_domain d on d.module_id = m.id
          where d.host = ${SHOP_DOMAIN})`,
  );
}

/** Items counted as taken in one slot (orders and holds of payments under way). */
export function capacityUsed(db: Db, capacityInstanceId: number, slotStart: string): Promise<number> {
  return scalar(
    db,
    sql`select coalesce(sum(items_used), 0) from capacity_usage
        where capacity_instance_id = ${capacityInstanceId} and slot_start = ${slotStart}::timestamptz`,
  );
}

/** Kitchen units the placed orders of a slot take. */
export function orderedItems(db: Db, capacityInstanceId: number, slotStart: string): Promise<number> {
  return scalar(
    db,
    sql`select coalesce(sum(item_count), 0) from "order"
        where capacity_instance_id = ${capacityInstanceId} and order_ready_time = ${slotStart}::timestamptz`,
  );
}

/** Payment attempts still holding slot units or code uses. */
export function heldPayments(db: Db): Promise<number> {
  return scalar(db, sql`select count(*) from payment_hold where state = 'held'`);
}

/** Slots whose usage counter exceeds what the kitchen makes: oversold. */
export function oversoldSlots(db: Db): Promise<number> {
  return scalar(
    db,
    sql`select count(*) from capacity_usage u join capacity_instance c on c.id = u.capacity_instance_id
        where u.items_used > c.items_per_slot`,
  );
}

export { rows, scalar };
