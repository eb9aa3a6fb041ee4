import type { Checkout } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/**
 * POST /checkout/{id}/finalize: turns the paid checkout into its order (state DONE, orderId). The server
 * already does this once the payment settles, and calling it again answers the same order, so it is safe.
 */
export function finalizeCheckout(checkoutId: string, client: ApiClient = api): Promise<Checkout> {
  return client.send<Checkout>("POST", `/checkout/${encodeURIComponent(checkoutId)}/finalize`);
}
