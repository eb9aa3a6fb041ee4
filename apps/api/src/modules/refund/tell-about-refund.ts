/** Who hears of a refund, in its transaction: the guest (a 'refunded' message) and the restaurant's screens. */
import type { Executor } from "@app/db";
import type { OrderRow } from "../order";
import { queueGuestMessage } from "../receipt";
import { appendRestaurantEvent } from "../restaurant-events";

/**
 * Refunded in full: every screen of the restaurant reads the order again and shows it refunded, so nobody cooks an
 * order given back without knowing, and a new one stops ringing as unseen. Its kitchen status stays: refusing
 * an order is the kitchen's reject (issue 44).
 */
export async function tellScreens(tx: Executor, order: OrderRow, now: Date): Promise<void> {
  await appendRestaurantEvent(
    tx,
    "order.refunded",
    { productionUnitId: order.productionUnitId, orderId: order.id, receiptNumber: order.receiptNumber },
    now,
  );
}

export function tellGuest(tx: Executor, order: OrderRow, orderRefundId: string, now: Date): Promise<boolean> {
  return queueGuestMessage(tx, {
    orderId: order.id,
    moduleId: order.moduleId,
    guestEmail: order.guestEmail,
    guestPhone: order.guestPhone,
    kind: "refunded",
    dedupeKey: orderRefundId,
    now,
  });
}
