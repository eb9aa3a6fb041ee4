import type { Checkout } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/** DELETE /checkout/{id}/discount/{discountId} (the id of Checkout.discounts[]). */
export function removeDiscount(checkoutId: string, discountId: string, client: ApiClient = api): Promise<Checkout> {
  const path = `/checkout/${encodeURIComponent(checkoutId)}/discount/${encodeURIComponent(discountId)}`;
  return client.send<Checkout>("DELETE", path);
}
