/**
 * How an order's news reaches a cached queue, as pure functions of the queue: a newer version replaces the
 * shown one and moves it between the views (active: new, accepted, ready; finished: picked up, rejected); an
 * older or equal version changes nothing, so an event that arrives after the answer that caused it (or twice,
 * after a reconnect) cannot turn the screen back.
 */
import type { AdminOrder, KitchenStatus, OrderQueue, RestaurantEventData } from "@app/contracts";
import { isKitchenFinished } from "@app/domain";

import type { QueueView } from "../api/get-order-queue";

const belongsIn = (view: QueueView, status: KitchenStatus) => (view === "finished") === isKitchenFinished(status);

/**
 * The queue with `order` as the server now has it. A searched queue only keeps or drops what it shows: whether a
 * new order matches the search is the server's to say (the refetch after the event).
 */
export function withOrder(order: AdminOrder, view: QueueView = "active", searching = false) {
  return (queue: OrderQueue | undefined): OrderQueue | undefined => {
    if (!queue) return queue;
    const shown = queue.orders.find((o) => o.id === order.id);
    if (shown && shown.version >= order.version) return queue;
    const others = queue.orders.filter((o) => o.id !== order.id);
    if (!belongsIn(view, order.kitchenStatus)) return shown ? { ...queue, orders: others } : queue;
    if (!shown && searching) return queue;
    return { ...queue, orders: shown ? queue.orders.map((o) => (o.id === order.id ? order : o)) : [...others, order] };
  };
}

/** An event newer than what a queue shows of its order: what the event says, applied before the refetch. */
export function withEvent(event: { type: string; data: RestaurantEventData; at: string }, view: QueueView) {
  return (queue: OrderQueue | undefined): OrderQueue | undefined => {
    const { orderId, kitchenStatus, version } = event.data;
    const shown = queue?.orders.find((o) => o.id === orderId);
    if (!queue || !shown || version === undefined || version <= shown.version) return queue;
    const patched: AdminOrder = {
      ...shown,
      version,
      kitchenStatus: kitchenStatus ?? shown.kitchenStatus,
      openedAt: shown.openedAt ?? (event.type === "order.opened" ? event.at : null),
    };
    return withOrder(patched, view)(queue);
  };
}

/** True when some queue shows the order at this version or newer: the event is old news there. */
export function isOldNews(queues: (OrderQueue | undefined)[], data: RestaurantEventData): boolean {
  if (!data.orderId || data.version === undefined) return false;
  const shown = queues.flatMap((q) => q?.orders ?? []).filter((o) => o.id === data.orderId);
  return shown.length > 0 && shown.every((o) => o.version >= (data.version as number));
}

/** New and not yet opened by anyone: the orders the alert rings for. */
export function unseenOrders(orders: AdminOrder[]): AdminOrder[] {
  return orders.filter((o) => o.kitchenStatus === "new" && o.openedAt === null);
}
