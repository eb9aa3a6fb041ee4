import type { Checkout } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

export type DeliveryAddress = { moduleId: number; address: string; zipCode: string };

/**
 * POST /checkout/{id}/delivery/address?moduleId=&address=&zipcode=: sets the zip code's fee and clears a
 * chosen date and time. 422 MISSING_ADDRESS / INVALID_ZIPCODE (both at once), DELIVERY_NOT_POSSIBLE outside
 * the delivery zones.
 */
export function setDeliveryAddress(
  checkoutId: string,
  { moduleId, address, zipCode }: DeliveryAddress,
  client: ApiClient = api,
): Promise<Checkout> {
  const query = new URLSearchParams({ moduleId: String(moduleId), address, zipcode: zipCode });
  return client.send<Checkout>("POST", `/checkout/${encodeURIComponent(checkoutId)}/delivery/address?${query}`);
}
