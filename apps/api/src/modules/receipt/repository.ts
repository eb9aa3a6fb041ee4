/** SQL of the receipt feature: the receipt outbox (receipt_message). */
import { type Executor, schema } from "@app/db";
import { and, asc, eq, inArray, lte } from "@app/db/orm";

const { receiptMessage } = schema;

export type ReceiptMessageRow = typeof receiptMessage.$inferSelect;

/**
 * Claims up to `limit` pending messages due at `at` and leases them until `leaseUntil`, in one statement:
 * rows another process is claiming are skipped (SKIP LOCKED), so no message is sent twice.
 */
export async function claimDueReceipts(
  db: Executor,
  input: { at: Date; limit: number; leaseUntil: Date },
): Promise<ReceiptMessageRow[]> {
  const due = db
    .select({ id: receiptMessage.id })
    .from(receiptMessage)
    .where(and(eq(receiptMessage.status, "pending"), lte(receiptMessage.nextAttemptAt, input.at)))
    .orderBy(asc(receiptMessage.nextAttemptAt))
    .limit(input.limit)
    .for("update", { skipLocked: true });
  return db
    .update(receiptMessage)
    .set({ nextAttemptAt: input.leaseUntil })
    .where(inArray(receiptMessage.id, due))
    .returning();
}

export async function updateReceiptMessage(
  db: Executor,
  id: string,
  changes: Partial<Omit<typeof receiptMessage.$inferInsert, "id" | "orderId">>,
): Promise<void> {
  await db.update(receiptMessage).set(changes).where(eq(receiptMessage.id, id));
}

/** Queues receipts to send (the outbox rows finalize writes with the order, in its transaction). */
export async function insertReceiptMessages(
  db: Executor,
  values: (typeof receiptMessage.$inferInsert)[],
): Promise<void> {
  if (values.length > 0) await db.insert(receiptMessage).values(values);
}

/** Queues one message unless the same one (order, channel, kind, dedupe key) was queued before; answers whether it was new. */
export async function insertGuestMessage(db: Executor, value: typeof receiptMessage.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(receiptMessage)
    .values(value)
    .onConflictDoNothing({
      target: [receiptMessage.orderId, receiptMessage.channel, receiptMessage.kind, receiptMessage.dedupeKey],
    })
    .returning({ id: receiptMessage.id });
  return rows.length > 0;
}
