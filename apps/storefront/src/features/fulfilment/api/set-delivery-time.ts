import type { Checkout } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/** POST /checkout/{id}/delivery/time: a slot's `time`; it becomes orderReadyTime. 409 SLOT_FULL when full. */
export function setDeliveryTime(checkoutId: string, deliveryTime: string, client: ApiClient = api): Promise<Checkout> {
  return client.send<Checkout>("POST", `/checkout/${encodeURIComponent(checkoutId)}/delivery/time`, {
    body: { deliveryTime },
  });
}
