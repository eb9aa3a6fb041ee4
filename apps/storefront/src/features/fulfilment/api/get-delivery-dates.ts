import type { DeliveryDate } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "../../../lib/api-client";
import { fulfilmentKeys } from "./query-keys";

/** GET /checkout/{id}/delivery/dates: today … today + guestFutureOrderDates, days with a delivery slot left. */
export function getDeliveryDates(checkoutId: string, client: ApiClient = api): Promise<DeliveryDate[]> {
  return client.get<DeliveryDate[]>(`/checkout/${encodeURIComponent(checkoutId)}/delivery/dates`);
}

/** The delivery dates of the address the server accepted. */
export function deliveryDatesQuery(
  read: typeof getDeliveryDates,
  checkoutId: string,
  address: { address: string; zipCode: string },
) {
  return queryOptions<DeliveryDate[]>({
    queryKey: fulfilmentKeys.deliveryDates(checkoutId, address),
    queryFn: () => read(checkoutId),
  });
}
