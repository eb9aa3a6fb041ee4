/** SQL of the escalation feature: staff_alert, the outbox of alerts to a restaurant's managers. */
import { type Executor, schema } from "@app/db";
import { and, asc, eq, inArray, isNull, lte, max, sql } from "@app/db/orm";

const { staffAlert } = schema;

export type StaffAlertRow = typeof staffAlert.$inferSelect;
export type AlertKind = StaffAlertRow["kind"];

/**
 * Holds the restaurant's escalation decisions until the transaction ends: two processes sweeping at once take
 * turns, and the second sees the first's alerts (so an order is escalated once per repeat, not once per process).
 */
export async function lockRestaurantEscalation(tx: Executor, productionUnitId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(44, ${productionUnitId})`);
}

/** When the restaurant's managers were last alerted of this kind (of this order, when given); null: never. */
export async function lastAlertAt(
  db: Executor,
  productionUnitId: number,
  kind: AlertKind,
  orderId: string | null,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(staffAlert.createdAt) })
    .from(staffAlert)
    .where(
      and(
        eq(staffAlert.productionUnitId, productionUnitId),
        eq(staffAlert.kind, kind),
        orderId === null ? isNull(staffAlert.orderId) : eq(staffAlert.orderId, orderId),
      ),
    );
  return row?.at ?? null;
}

export async function insertAlerts(tx: Executor, rows: (typeof staffAlert.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(staffAlert).values(rows);
}

/** Claims due alerts for one sender: moved ahead by a lease, and skipped by the other processes meanwhile. */
export async function claimDueAlerts(
  db: Executor,
  input: { at: Date; limit: number; leaseUntil: Date },
): Promise<StaffAlertRow[]> {
  const due = db
    .select({ id: staffAlert.id })
    .from(staffAlert)
    .where(and(eq(staffAlert.status, "pending"), lte(staffAlert.nextAttemptAt, input.at)))
    .orderBy(asc(staffAlert.nextAttemptAt))
    .limit(input.limit)
    .for("update", { skipLocked: true });
  return db.update(staffAlert).set({ nextAttemptAt: input.leaseUntil }).where(inArray(staffAlert.id, due)).returning();
}

export async function updateAlert(
  db: Executor,
  id: string,
  changes: Partial<Pick<StaffAlertRow, "status" | "attempts" | "lastError" | "nextAttemptAt" | "sentAt">>,
): Promise<void> {
  await db.update(staffAlert).set(changes).where(eq(staffAlert.id, id));
}
