import { type Executor, schema } from "@app/db";
import { and, asc, eq, isNull, lte } from "@app/db/orm";
import { findLatestAttemptPayments } from "../payment";
import { isRefundedInFull } from "./refunded-in-full";

const { kitchenOrder, order } = schema;

export type UnseenOrder = { orderId: string; productionUnitId: number; receiptNumber: number; placedAt: Date };

/**
 * Orders no staff screen has opened and nobody has accepted or rejected, placed at or before `placedBefore`,
 * oldest first: the escalation sweep's candidates (issue 44: no order goes unseen). An order already refunded in
 * full from its page is not one: there is nothing left to cook for or to lose, and its card says so when opened.
 */
export async function findUnseenOrders(db: Executor, placedBefore: Date, limit = 500): Promise<UnseenOrder[]> {
  const rows = await db
    .select({
      orderId: kitchenOrder.orderId,
      productionUnitId: kitchenOrder.productionUnitId,
      receiptNumber: order.receiptNumber,
      placedAt: kitchenOrder.createdAt,
      checkoutId: order.checkoutId,
    })
    .from(kitchenOrder)
    .innerJoin(order, eq(order.id, kitchenOrder.orderId))
    .where(
      and(eq(kitchenOrder.status, "new"), isNull(kitchenOrder.openedAt), lte(kitchenOrder.createdAt, placedBefore)),
    )
    .orderBy(asc(kitchenOrder.createdAt))
    .limit(limit);
  const payments = await findLatestAttemptPayments(
    db,
    rows.map((row) => row.checkoutId),
  );
  return rows
    .filter((row) => !isRefundedInFull(payments.filter((payment) => payment.checkoutId === row.checkoutId)))
    .map(({ checkoutId: _checkoutId, ...unseen }) => unseen);
}
