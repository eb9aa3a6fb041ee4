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

/**
 * An availability event reads the availability again. A read still on its way may have left before the change the
 * event tells of: invalidating alone would wait for a screen's first read (no data yet) instead of making it again,
 * and the screen would show "open" through a pause. Such a read is cancelled first, then made again.
 */
export function refreshAvailabilityOn(type: string, restaurantId: number): void {
  if (AVAILABILITY_EVENTS.includes(type)) {
    const filters = { queryKey: availabilityKey(restaurantId) };
    void queryClient.cancelQueries(filters).then(() => queryClient.invalidateQueries(filters));
  }
}
