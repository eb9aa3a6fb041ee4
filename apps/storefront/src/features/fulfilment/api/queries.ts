/**
 * The section's reads as TanStack Query options, one key per list: a new checkout, date or address is another
 * list; the basket's size is part of the key of the slot lists, since a bigger order can take longer to make.
 * Writes invalidate what they make stale instead of counting versions by hand.
 */
import type { AvailableOrderTimeBody, DeliveryDate, PickupTimeSlot } from "@app/contracts";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { FulfilmentApi } from ".";

/** Everything read for one checkout's time section. */
const checkoutKey = (checkoutId: string) => ["fulfilment", checkoutId] as const;
/** The slot lists of a checkout (pickup slots and delivery times): what a filled-up slot makes stale. */
const slotsKey = (checkoutId: string) => [...checkoutKey(checkoutId), "slots"] as const;

export function pickupSlotsQuery(
  api: Pick<FulfilmentApi, "getAvailableOrderTimes">,
  checkoutId: string,
  body: AvailableOrderTimeBody,
  itemCount: number,
) {
  return queryOptions<PickupTimeSlot[]>({
    queryKey: [...slotsKey(checkoutId), "pickup", body.date, itemCount],
    // items left out: the server counts the checkout's linked basket (AvailableOrderTimeBody).
    queryFn: () => api.getAvailableOrderTimes(checkoutId, body),
  });
}

export function deliveryTimesQuery(
  api: Pick<FulfilmentApi, "getDeliveryTimes">,
  checkoutId: string,
  date: string | null,
  itemCount: number,
) {
  return queryOptions<PickupTimeSlot[]>({
    queryKey: [...slotsKey(checkoutId), "delivery", date, itemCount],
    queryFn: () => api.getDeliveryTimes(checkoutId),
  });
}

export function deliveryDatesQuery(
  api: Pick<FulfilmentApi, "getDeliveryDates">,
  checkoutId: string,
  address: { address: string; zipCode: string },
) {
  return queryOptions<DeliveryDate[]>({
    queryKey: [...checkoutKey(checkoutId), "delivery-dates", address.address, address.zipCode],
    queryFn: () => api.getDeliveryDates(checkoutId),
  });
}

/** A slot filled up (placing the order was refused with SLOT_FULL): the shown slot lists are read again. */
export function invalidateSlots(queryClient: QueryClient, checkoutId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: slotsKey(checkoutId) });
}

/**
 * Two keys of the same list: they differ only in the last part (the basket's size). While such a list is read
 * again its old answer stays on screen; another list starts empty.
 */
export function sameList(a: readonly unknown[] | undefined, b: readonly unknown[]): boolean {
  return a !== undefined && a.length === b.length && a.slice(0, -1).every((part, index) => part === b[index]);
}
