import type { KitchenStatus, RestaurantEventType } from "@app/contracts";
import type { Executor } from "@app/db";
import { appendRestaurantEvent } from "../restaurant-events";

/**
 * Tells every screen of the restaurant what happened to an order, in the transaction of the change: the order's
 * ids and its kitchen status and version after the change (a screen keeps the newest version it has seen).
 */
export function appendOrderEvent(
  tx: Executor,
  type: RestaurantEventType,
  order: { orderId: string; productionUnitId: number; receiptNumber: number; status: KitchenStatus; version: number },
  at: Date,
): Promise<string> {
  return appendRestaurantEvent(
    tx,
    type,
    {
      productionUnitId: order.productionUnitId,
      orderId: order.orderId,
      receiptNumber: order.receiptNumber,
      kitchenStatus: order.status,
      version: order.version,
    },
    at,
  );
}
