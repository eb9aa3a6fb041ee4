import type { AdminOrder, OrderQueue } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export type QueueView = "active" | "finished";

/** Every queue of a restaurant (both views, any search) starts with this key: one invalidation reaches them all. */
export const restaurantQueuesKey = (restaurantId: number) => ["orders", restaurantId] as const;

/** GET /api/admin/restaurants/{id}/orders: the active queue (new, accepted, ready) or today's finished orders. */
export function orderQueueQuery(restaurantId: number, view: QueueView, search = "") {
  const q = search.trim();
  const params = new URLSearchParams({ view });
  if (q) params.set("q", q);
  return queryOptions({
    queryKey: [...restaurantQueuesKey(restaurantId), view, q] as const,
    queryFn: () => apiGet<OrderQueue>(`/restaurants/${restaurantId}/orders?${params}`),
  });
}

export function orderQuery(orderId: string) {
  return queryOptions({
    queryKey: ["order", orderId] as const,
    queryFn: () => apiGet<AdminOrder>(`/orders/${orderId}`),
  });
}
