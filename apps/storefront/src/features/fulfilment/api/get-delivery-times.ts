import type { PickupTimeSlot } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "../../../lib/api-client";
import { fulfilmentKeys } from "./query-keys";

/** GET /checkout/{id}/delivery/times: the delivery slots of the chosen date (UTC instants, like pickup slots). */
export function getDeliveryTimes(checkoutId: string, client: ApiClient = api): Promise<PickupTimeSlot[]> {
  return client.get<PickupTimeSlot[]>(`/checkout/${encodeURIComponent(checkoutId)}/delivery/times`);
}

/** The delivery slots of the date the server holds, for this basket's size. */
export function deliveryTimesQuery(
  read: typeof getDeliveryTimes,
  checkoutId: string,
  date: string | null,
  itemCount: number,
) {
  return queryOptions<PickupTimeSlot[]>({
    queryKey: fulfilmentKeys.deliveryTimes(checkoutId, date, itemCount),
    queryFn: () => read(checkoutId),
  });
}
