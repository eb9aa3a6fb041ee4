/**
 * The kitchen display's server: the restaurant's active orders (GET …/orders?view=active, the order queue's own
 * read and cache key, so a change on either screen shows on both) and the two changes it makes: bump to ready
 * and recall a bumped order back to in progress. Each answer goes into the cached queue at once.
 */
import type { AdminOrder, OrderQueue } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, apiSend } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

/** The order queue's key (features/orders): ["orders", restaurantId, view, search]. */
export const restaurantOrdersKey = (restaurantId: number) => ["orders", restaurantId] as const;

export function activeOrdersQuery(restaurantId: number) {
  return queryOptions({
    queryKey: [...restaurantOrdersKey(restaurantId), "active", ""] as const,
    queryFn: () => apiGet<OrderQueue>(`/restaurants/${restaurantId}/orders?view=active`),
  });
}

/** The order as the server answered, in place of the cached one (a newer version is never replaced by an older). */
function putOrder(changed: AdminOrder): void {
  queryClient.setQueryData(activeOrdersQuery(changed.productionUnitId).queryKey, (queue) =>
    queue
      ? {
          ...queue,
          orders: queue.orders.map((order) =>
            order.id === changed.id && order.version <= changed.version ? changed : order,
          ),
        }
      : queue,
  );
}

async function change(order: AdminOrder, action: "ready" | "recall"): Promise<void> {
  try {
    putOrder(await apiSend<AdminOrder>("POST", `/orders/${order.id}/${action}`));
  } finally {
    // Refused (another screen was first) or not: the queue as it now is.
    await queryClient.invalidateQueries({ queryKey: restaurantOrdersKey(order.productionUnitId) });
  }
}

/** Bump: the order is ready for the guest. */
export const bumpOrder = (order: AdminOrder) => change(order, "ready");
/** Recall: a bumped order goes back to in progress. */
export const recallOrder = (order: AdminOrder) => change(order, "recall");
