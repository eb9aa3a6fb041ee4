import type { PickupTimeSlot } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "../../../lib/api-client";
import { fulfilmentKeys } from "./query-keys";

/**
 * GET /availableordertime/{capacityInstanceId}/{date}: the pickup slots of one local date for an empty basket,
 * which the server counts as one item (a slot is offered only while it still has room for one). Compared with
 * this basket's slots, it tells "the kitchen is fully booked" from "this basket is too big for any slot".
 */
export function getOneItemSlots(
  capacityInstanceId: number,
  date: string,
  client: ApiClient = api,
): Promise<PickupTimeSlot[]> {
  return client.get<PickupTimeSlot[]>(`/availableordertime/${capacityInstanceId}/${encodeURIComponent(date)}`);
}

/** The one-item slots of a date, under the checkout's slot lists: a filled-up slot makes them stale too. */
export function oneItemSlotsQuery(
  read: typeof getOneItemSlots,
  checkoutId: string,
  capacityInstanceId: number,
  date: string,
) {
  return queryOptions<PickupTimeSlot[]>({
    queryKey: fulfilmentKeys.oneItemSlots(checkoutId, capacityInstanceId, date),
    queryFn: () => read(capacityInstanceId, date),
  });
}
