/** SQL of the kitchen feature: kitchen_order, the kitchen's status of each order. */
import { type Executor, schema } from "@app/db";
import { and, asc, eq, gte, inArray, isNull, lte, sql } from "@app/db/orm";
import type { KitchenStatus, RejectReason } from "@app/domain";

const { kitchenOrder } = schema;

export type KitchenOrderRow = typeof kitchenOrder.$inferSelect;

export async function insertKitchenOrder(tx: Executor, row: typeof kitchenOrder.$inferInsert): Promise<void> {
  await tx.insert(kitchenOrder).values(row);
}

export async function findKitchenOrder(db: Executor, orderId: string): Promise<KitchenOrderRow | undefined> {
  const rows = await db.select().from(kitchenOrder).where(eq(kitchenOrder.orderId, orderId)).limit(1);
  return rows[0];
}

/** The restaurant's orders in `statuses`, those changed at or after `changedSince` when given. */
export async function findKitchenOrders(
  db: Executor,
  productionUnitId: number,
  statuses: readonly KitchenStatus[],
  changedSince?: Date,
): Promise<KitchenOrderRow[]> {
  return db
    .select()
    .from(kitchenOrder)
    .where(
      and(
        eq(kitchenOrder.productionUnitId, productionUnitId),
        inArray(kitchenOrder.status, [...statuses]),
        changedSince ? gte(kitchenOrder.changedAt, changedSince) : undefined,
      ),
    )
    .orderBy(asc(kitchenOrder.readyTime), asc(kitchenOrder.createdAt));
}

export type KitchenChange = {
  orderId: string;
  /** The statuses the change may start from: in the WHERE, so of two racing changes exactly one matches. */
  from: readonly KitchenStatus[];
  /** The version the change was decided on, when the caller knows it: of two changes decided on it, one matches. */
  version?: number;
  to: KitchenStatus;
  readyTime?: Date;
  reject?: { reason: RejectReason; text: string | null };
  at: Date;
};

/**
 * The one conditional update every kitchen status change is: it moves the order only if it is still in one of
 * the statuses the change starts from, and moves its version by one. Answers the row as it now is, or undefined
 * when the order was not in such a status (another screen was first: the caller answers 409).
 */
export async function changeKitchenOrder(tx: Executor, change: KitchenChange): Promise<KitchenOrderRow | undefined> {
  const [row] = await tx
    .update(kitchenOrder)
    .set({
      status: change.to,
      version: sql`${kitchenOrder.version} + 1`,
      changedAt: change.at,
      ...(change.readyTime ? { readyTime: change.readyTime } : {}),
      ...(change.reject ? { rejectReason: change.reject.reason, rejectText: change.reject.text } : {}),
    })
    .where(
      and(
        eq(kitchenOrder.orderId, change.orderId),
        inArray(kitchenOrder.status, [...change.from]),
        change.version === undefined ? undefined : eq(kitchenOrder.version, change.version),
      ),
    )
    .returning();
  return row;
}

/**
 * The order's kitchen row, locked until the transaction ends: a change reads exactly the state it moves from
 * (the audit's "before", whether the ready time really moves), while the conditional update stays the guard.
 */
export async function lockKitchenOrder(tx: Executor, orderId: string): Promise<KitchenOrderRow | undefined> {
  const rows = await tx.select().from(kitchenOrder).where(eq(kitchenOrder.orderId, orderId)).for("update");
  return rows[0];
}

/** Marks the order opened on a staff screen, the first time only; the row when this was the first time. */
export async function markKitchenOrderOpened(
  tx: Executor,
  orderId: string,
  at: Date,
): Promise<KitchenOrderRow | undefined> {
  const [row] = await tx
    .update(kitchenOrder)
    .set({ openedAt: at })
    .where(and(eq(kitchenOrder.orderId, orderId), isNull(kitchenOrder.openedAt)))
    .returning();
  return row;
}

/** The restaurants that have new orders placed at or before `placedBefore`: where the auto-reject may have work. */
export async function findUnitsWithNewOrdersBefore(db: Executor, placedBefore: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ productionUnitId: kitchenOrder.productionUnitId })
    .from(kitchenOrder)
    .where(and(eq(kitchenOrder.status, "new"), lte(kitchenOrder.createdAt, placedBefore)));
  return rows.map((row) => row.productionUnitId);
}

/** The restaurant's new orders placed at or before `placedBefore`, oldest first. */
export async function findNewOrdersPlacedBefore(
  db: Executor,
  productionUnitId: number,
  placedBefore: Date,
  limit: number,
): Promise<KitchenOrderRow[]> {
  return db
    .select()
    .from(kitchenOrder)
    .where(
      and(
        eq(kitchenOrder.productionUnitId, productionUnitId),
        eq(kitchenOrder.status, "new"),
        lte(kitchenOrder.createdAt, placedBefore),
      ),
    )
    .orderBy(asc(kitchenOrder.createdAt))
    .limit(limit);
}
