import type { Checkout } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/**
 * POST /checkout/{id}/basket?basketId=: links the guest's basket. 409 when the basket is already ordered or
 * linked to another unfinished checkout, 410 when it has expired (thrown as ApiError).
 */
export function linkBasket(checkoutId: string, basketId: string, client: ApiClient = api): Promise<Checkout> {
  const query = new URLSearchParams({ basketId });
  return client.send<Checkout>("POST", `/checkout/${encodeURIComponent(checkoutId)}/basket?${query}`);
}
