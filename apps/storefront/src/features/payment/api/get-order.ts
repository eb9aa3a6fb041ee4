import type { Order } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";
import { isLanguage } from "../../../lib/i18n";

/**
 * GET /order/{id} (Checkout.orderId): lines, totals, payments and the receipt number. With the guest's language,
 * products and choices are named in it (an English guest's receipt says "French fries", as the basket did);
 * anything but da-DK / en-US (which the API refuses) asks for the names the order was placed with.
 */
export function getOrder(orderId: string, language?: string, client: ApiClient = api): Promise<Order> {
  const query = isLanguage(language) ? `?language=${language}` : "";
  return client.get<Order>(`/order/${encodeURIComponent(orderId)}${query}`);
}
