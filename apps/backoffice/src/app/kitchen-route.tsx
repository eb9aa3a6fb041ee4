/** The kitchen display with sold out and pause beside it: the two features put together here. */
import { AVAILABILITY_EVENTS, AvailabilityBanner, AvailabilityButton, availabilityKey } from "../features/availability";
import { KitchenPage } from "../features/kitchen";
import { queryClient } from "../lib/query-client";

export function KitchenRoute() {
  return (
    <KitchenPage
      availability={({ id, timeZone }) => ({
        button: <AvailabilityButton restaurantId={id} timeZone={timeZone} />,
        banner: <AvailabilityBanner restaurantId={id} timeZone={timeZone} />,
      })}
      onAvailabilityEvent={(type, restaurantId) => {
        if (AVAILABILITY_EVENTS.includes(type)) {
          void queryClient.invalidateQueries({ queryKey: availabilityKey(restaurantId) });
        }
      }}
    />
  );
}
