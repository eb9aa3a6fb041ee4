import type { StreamEvent } from "../../../lib/restaurant-event-stream";
import { type LiveState, useRestaurantEvents } from "../../../lib/use-restaurant-events";
import { applyEvent, refetchQueues } from "./queue-cache";

/**
 * Keeps the restaurant's cached queues live from its event stream, from the first queue answer's lastEventId
 * (`undefined` until that answer is in). `onEvent` hears every event after it is applied (the sounds).
 */
export function useLiveQueue(
  restaurantId: number,
  lastEventId: string | null | undefined,
  onEvent: (event: StreamEvent) => void,
): LiveState {
  return useRestaurantEvents(restaurantId, lastEventId, {
    onGap: () => void refetchQueues(restaurantId),
    onEvent: (event) => {
      void applyEvent(restaurantId, event);
      onEvent(event);
    },
  });
}
