import type { AvailableOrderTimeBody, PickupTimeSlot } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "../../../lib/api-client";
import { fulfilmentKeys } from "./query-keys";

/**
 * POST /availableordertime/{checkoutId}: the pickup slots of one local date for this basket, in time order
 * (empty when closed that day). Slot times are UTC instants: show them in the restaurant's time zone
 * (fulfilment-rules slotTimeText) and send them back unchanged as orderReadyTime.
 */
export function getAvailableOrderTimes(
  checkoutId: string,
  request: AvailableOrderTimeBody,
  client: ApiClient = api,
): Promise<PickupTimeSlot[]> {
  return client.send<PickupTimeSlot[]>("POST", `/availableordertime/${encodeURIComponent(checkoutId)}`, {
    body: request,
  });
}

/** The slots of one date for this basket's size, read through `read` (the page's call, a test's fake). */
export function pickupSlotsQuery(
  read: typeof getAvailableOrderTimes,
  checkoutId: string,
  body: AvailableOrderTimeBody,
  itemCount: number,
) {
  return queryOptions<PickupTimeSlot[]>({
    queryKey: fulfilmentKeys.pickupSlots(checkoutId, body.date, itemCount),
    // items left out: the server counts the checkout's linked basket (AvailableOrderTimeBody).
    queryFn: () => read(checkoutId, body),
  });
}
