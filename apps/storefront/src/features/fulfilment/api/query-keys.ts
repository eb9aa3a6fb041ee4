/**
 * The keys of the section's reads (TanStack Query), one per list: a new checkout, date or address is another
 * list; the basket's size is the last part of a slot list's key, since a bigger order can take longer to make.
 * Writes invalidate what they make stale instead of counting versions by hand.
 */
import type { QueryClient } from "@tanstack/react-query";

/** Everything read for one checkout's time section. */
const checkoutKey = (checkoutId: string) => ["fulfilment", checkoutId] as const;
/** The slot lists of a checkout (pickup slots and delivery times): what a filled-up slot makes stale. */
const slotsKey = (checkoutId: string) => [...checkoutKey(checkoutId), "slots"] as const;

export const fulfilmentKeys = {
  pickupSlots: (checkoutId: string, date: string, itemCount: number) =>
    [...slotsKey(checkoutId), "pickup", date, itemCount] as const,
  /** The slots a one-item order would have: read only when this basket has none (hooks/pickup-slots). */
  oneItemSlots: (checkoutId: string, capacityInstanceId: number, date: string) =>
    [...slotsKey(checkoutId), "pickup-one-item", capacityInstanceId, date] as const,
  deliveryTimes: (checkoutId: string, date: string | null, itemCount: number) =>
    [...slotsKey(checkoutId), "delivery", date, itemCount] as const,
  deliveryDates: (checkoutId: string, address: { address: string; zipCode: string }) =>
    [...checkoutKey(checkoutId), "delivery-dates", address.address, address.zipCode] as const,
};

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
