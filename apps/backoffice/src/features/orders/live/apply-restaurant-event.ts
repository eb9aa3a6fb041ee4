/**
 * How an order's news reaches a cached queue, as pure functions of the queue: a newer version replaces the
 * shown one and moves it between the views (active: new, accepted, ready; finished: picked up, rejected); an
 * older or equal version changes nothing, so an event that arrives after the answer that caused it (or twice,
 * after a reconnect) cannot turn the screen back. Opening is the one change that keeps the version (it changes
 * no status): an opened order is newer than the same version unopened.
 */
import type { AdminOrder, KitchenStatus, OrderQueue, RestaurantEventData } from "@app/contracts";
import { isKitchenFinished } from "@app/domain";

import type { QueueView } from "../api/get-order-queue";

/**
 * An order patched from an event alone: its status and version are the event's, the rest (a moved ready time)
 * still the older copy's. The server's own copy of the same version replaces it.
 */
type Shown = AdminOrder & { fromEvent?: true };

/** The incoming copy says more than the shown one. */
function isNewer(incoming: Pick<Shown, "version" | "openedAt" | "fromEvent">, shown: Shown) {
  if (incoming.version !== shown.version) return incoming.version > shown.version;
  return (shown.fromEvent && !incoming.fromEvent) || (shown.openedAt === null && incoming.openedAt !== null);
}

const belongsIn = (view: QueueView, status: KitchenStatus) => (view === "finished") === isKitchenFinished(status);

/**
 * The queue with `order` as the server now has it. A searched queue only keeps or drops what it shows: whether a
 * new order matches the search is the server's to say (the refetch after the event).
 */
export function withOrder(order: AdminOrder, view: QueueView = "active", searching = false) {
  return (queue: OrderQueue | undefined): OrderQueue | undefined => {
    if (!queue) return queue;
    const shown = queue.orders.find((o) => o.id === order.id);
    if (shown && !isNewer(order, shown)) return queue;
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
    if (!queue || !shown || version === undefined) return queue;
    const patched: Shown = {
      ...shown,
      fromEvent: true,
      version,
      kitchenStatus: kitchenStatus ?? shown.kitchenStatus,
      openedAt: shown.openedAt ?? (event.type === "order.opened" ? event.at : null),
    };
    return withOrder(patched, view)(queue);
  };
}

/** True when every queue that shows the order shows what the event says, or newer: old news there. */
export function isOldNews(
  queues: (OrderQueue | undefined)[],
  event: { type: string; data: RestaurantEventData },
): boolean {
  const { orderId, version } = event.data;
  if (!orderId || version === undefined) return false;
  const says = { version, openedAt: event.type === "order.opened" ? "opened" : null, fromEvent: true as const };
  const shown = queues.flatMap((q) => q?.orders ?? []).filter((o) => o.id === orderId);
  return shown.length > 0 && shown.every((o) => !isNewer(says, o));
}

/**
 * New and not yet opened by anyone: the orders the alert rings for. One refunded in full is not: the guest has
 * all their money back, and its card says so.
 */
export function isUnseen(order: AdminOrder): boolean {
  return order.kitchenStatus === "new" && order.openedAt === null && !order.refundedInFull;
}

export function unseenOrders(orders: AdminOrder[]): AdminOrder[] {
  return orders.filter(isUnseen);
}
