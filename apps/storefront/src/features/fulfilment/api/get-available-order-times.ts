import type { AvailableOrderTimeBody, PickupTimeSlot } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/**
 * POST /availableordertime/{checkoutId}: the pickup slots of one local date for this basket, in time order
 * (empty when closed that day). Slot times are UTC instants: show them in the restaurant's time zone
 * (checkout-rules slotTimeText) and send them back unchanged as orderReadyTime.
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
