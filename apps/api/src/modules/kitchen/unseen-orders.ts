import { type Executor, schema } from "@app/db";
import { and, asc, eq, isNull, lte } from "@app/db/orm";

const { kitchenOrder, order } = schema;

export type UnseenOrder = { orderId: string; productionUnitId: number; receiptNumber: number; placedAt: Date };

/**
 * Orders no staff screen has opened and nobody has accepted or rejected, placed at or before `placedBefore`,
 * oldest first: the escalation sweep's candidates (issue 44: no order goes unseen).
 */
export async function findUnseenOrders(db: Executor, placedBefore: Date, limit = 500): Promise<UnseenOrder[]> {
  return db
    .select({
      orderId: kitchenOrder.orderId,
      productionUnitId: kitchenOrder.productionUnitId,
      receiptNumber: order.receiptNumber,
      placedAt: kitchenOrder.createdAt,
    })
    .from(kitchenOrder)
    .innerJoin(order, eq(order.id, kitchenOrder.orderId))
    .where(
      and(eq(kitchenOrder.status, "new"), isNull(kitchenOrder.openedAt), lte(kitchenOrder.createdAt, placedBefore)),
    )
    .orderBy(asc(kitchenOrder.createdAt))
    .limit(limit);
}
