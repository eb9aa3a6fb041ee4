import type { DeliveryDate } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/** GET /checkout/{id}/delivery/dates: today … today + guestFutureOrderDates, days with a delivery slot left. */
export function getDeliveryDates(checkoutId: string, client: ApiClient = api): Promise<DeliveryDate[]> {
  return client.get<DeliveryDate[]>(`/checkout/${encodeURIComponent(checkoutId)}/delivery/dates`);
}
