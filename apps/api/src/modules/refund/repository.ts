/** SQL of the refund feature: order_refund, the money staff (or the kitchen's reject) gave back on an order. */
import { type Executor, schema } from "@app/db";
import { desc, eq } from "@app/db/orm";

const { orderRefund } = schema;

export type OrderRefundRow = typeof orderRefund.$inferSelect;
export type NewOrderRefund = typeof orderRefund.$inferInsert;
/** One line of a lines refund: the units given back and what they were worth. */
export type OrderRefundLine = OrderRefundRow["lines"][number];

export async function insertOrderRefund(db: Executor, values: NewOrderRefund): Promise<OrderRefundRow> {
  const [row] = await db.insert(orderRefund).values(values).returning();
  return row!;
}

/** The refund taken over from the provider with this id, if it was already. */
export async function findOrderRefundByProviderId(
  db: Executor,
  providerRefundId: string,
): Promise<OrderRefundRow | undefined> {
  const rows = await db.select().from(orderRefund).where(eq(orderRefund.providerRefundId, providerRefundId)).limit(1);
  return rows[0];
}

/** The order's refunds, newest first. */
export async function findOrderRefunds(db: Executor, orderId: string): Promise<OrderRefundRow[]> {
  return db
    .select()
    .from(orderRefund)
    .where(eq(orderRefund.orderId, orderId))
    .orderBy(desc(orderRefund.createdAt), desc(orderRefund.id));
}
