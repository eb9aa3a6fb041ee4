import type { PickupTimeSlot } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/** GET /checkout/{id}/delivery/times: the delivery slots of the chosen date (UTC instants, like pickup slots). */
export function getDeliveryTimes(checkoutId: string, client: ApiClient = api): Promise<PickupTimeSlot[]> {
  return client.get<PickupTimeSlot[]>(`/checkout/${encodeURIComponent(checkoutId)}/delivery/times`);
}
