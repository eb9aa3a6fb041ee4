/**
 * Sold out and pause on the staff screens (the order queue, the kitchen display): its button and banner, and its
 * refresh on the stream's events — put together here, as features do not import each other.
 */
import { AVAILABILITY_EVENTS, AvailabilityBanner, AvailabilityButton, availabilityKey } from "../features/availability";
import { queryClient } from "../lib/query-client";

export function availabilitySlots({ id, timeZone }: { id: number; timeZone: string }) {
  return {
    button: <AvailabilityButton restaurantId={id} timeZone={timeZone} />,
    banner: <AvailabilityBanner restaurantId={id} timeZone={timeZone} />,
  };
}

export function refreshAvailabilityOn(type: string, restaurantId: number): void {
  if (AVAILABILITY_EVENTS.includes(type)) {
    void queryClient.invalidateQueries({ queryKey: availabilityKey(restaurantId) });
  }
}
