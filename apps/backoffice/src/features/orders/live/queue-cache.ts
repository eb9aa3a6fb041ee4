/** The queues TanStack Query holds for a restaurant, changed in place by answers and events. */
import type { AdminOrder, OrderQueue, RestaurantEventData } from "@app/contracts";
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

/** The order as the server answered it, in every queue of its restaurant. */
export function putOrder(order: AdminOrder): void {
  for (const { key } of cachedQueues(order.productionUnitId)) {
    queryClient.setQueryData<OrderQueue>(key, withOrder(order, key[2], key[3] !== ""));
  }
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
