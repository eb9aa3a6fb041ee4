import type { Order } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/** GET /order/{id} (Checkout.orderId): lines, totals, payments and the receipt number. */
export function getOrder(orderId: string, client: ApiClient = api): Promise<Order> {
  return client.get<Order>(`/order/${encodeURIComponent(orderId)}`);
}
