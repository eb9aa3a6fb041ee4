import type { Checkout } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/** DELETE /checkout/{id}/delivery: back to pickup (address, fee, date and time cleared). */
export function removeDelivery(checkoutId: string, client: ApiClient = api): Promise<Checkout> {
  return client.send<Checkout>("DELETE", `/checkout/${encodeURIComponent(checkoutId)}/delivery`);
}
