import type { Executor } from "@app/db";
import { appendOrderEvent } from "./order-event";
import { insertKitchenOrder } from "./repository";

export type PlacedOrder = { orderId: string; productionUnitId: number; receiptNumber: number; orderReadyTime: Date };

/**
 * A placed order reaches the kitchen: its status row (new, ready at the guest's time) and the order.placed
 * event, in the transaction that places the order, so every screen hears of exactly the orders that exist.
 */
export async function openKitchenOrder(tx: Executor, placed: PlacedOrder, now: Date): Promise<void> {
  await insertKitchenOrder(tx, {
    orderId: placed.orderId,
    productionUnitId: placed.productionUnitId,
    status: "new",
    version: 1,
    readyTime: placed.orderReadyTime,
    changedAt: now,
    createdAt: now,
  });
  await appendOrderEvent(tx, "order.placed", { ...placed, status: "new", version: 1 }, now);
}
