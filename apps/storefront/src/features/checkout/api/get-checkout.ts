import type { Checkout } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/** GET /checkout/{id}: the checkout with the server's totals (a discount's amount is recomputed on each read). */
export function getCheckout(checkoutId: string, client: ApiClient = api): Promise<Checkout> {
  return client.get<Checkout>(`/checkout/${encodeURIComponent(checkoutId)}`);
}
