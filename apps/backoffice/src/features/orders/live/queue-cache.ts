/** The queues TanStack Query holds for a restaurant, changed in place by answers and events. */
import type { AdminOrder, OrderQueue, RestaurantEventData } from "@app/contracts";
import type { Query } from "@tanstack/react-query";
import { queryClient } from "../../../lib/query-client";
import { type QueueView, restaurantQueuesKey } from "../api/get-order-queue";
import { isOldNews, withEvent, withOrder } from "./apply-restaurant-event";

type QueueKey = readonly ["orders", number, QueueView, string];

function cachedQueues(restaurantId: number) {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: restaurantQueuesKey(restaurantId) })
    .map((query) => ({ key: query.queryKey as unknown as QueueKey, data: query.state.data as OrderQueue | undefined }));
}

/**
 * The order as the server answered it, in every queue of its restaurant. A queue read still on its way (an
 * event's refetch) may have left before this change: answering after it, it would put the order back where it
 * was, and the change's own event, old news by then, would not move it again. Such a read is cancelled and made
 * again, after the change.
 */
export function putOrder(order: AdminOrder): void {
  const restaurantId = order.productionUnitId;
  const reading = queryClient
    .getQueryCache()
    .findAll({ queryKey: restaurantQueuesKey(restaurantId), fetchStatus: "fetching" });
  for (const { key } of cachedQueues(restaurantId)) {
    queryClient.setQueryData<OrderQueue>(key, withOrder(order, key[2], key[3] !== ""));
  }
  if (reading.length === 0) return;
  const filters = { queryKey: restaurantQueuesKey(restaurantId), predicate: (query: Query) => reading.includes(query) };
  // Cancelled first: invalidating alone would wait for a queue's first read (no data yet) instead of making it again.
  void queryClient.cancelQueries(filters).then(() => queryClient.invalidateQueries(filters));
}

/**
 * An event of the stream: old news is dropped; news of a shown order is applied at once; then the queues are read
 * again for what an event does not carry (a new order's lines, a moved ready time).
 */
export async function applyEvent(
  restaurantId: number,
  event: { type: string; data: RestaurantEventData; at: string },
): Promise<void> {
  const queues = cachedQueues(restaurantId);
  const shown = queues.map((q) => q.data);
  if (isOldNews(shown, event)) return;
  for (const { key } of queues) queryClient.setQueryData<OrderQueue>(key, withEvent(event, key[2]));
  await refetchQueues(restaurantId);
}

/** Everything read again: after a gap in the stream that cannot be replayed. */
export function refetchQueues(restaurantId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: restaurantQueuesKey(restaurantId) });
}
