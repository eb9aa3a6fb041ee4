import type { Payment } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/** GET /payment/checkout/{checkoutId}: the checkout's latest payment attempt (404 when it has none). */
export function getPayment(checkoutId: string, client: ApiClient = api): Promise<Payment> {
  return client.get<Payment>(`/payment/checkout/${encodeURIComponent(checkoutId)}`);
}
