import type { RestaurantEventData, RestaurantEventType } from "@app/contracts";
import { restaurantEventId } from "@app/contracts";
import type { Executor } from "@app/db";
import { insertEvent } from "./repository";

/**
 * Writes an event to the restaurant's log inside the caller's transaction (the order placed, its status
 * changed, something sold out): it exists exactly when the change does. Answers the event's id.
 */
export async function appendRestaurantEvent(
  tx: Executor,
  type: RestaurantEventType,
  data: RestaurantEventData,
  at: Date,
): Promise<string> {
  const seq = await insertEvent(tx, { productionUnitId: data.productionUnitId, type, data, createdAt: at });
  return restaurantEventId(data.productionUnitId, seq);
}
