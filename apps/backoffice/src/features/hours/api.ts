import type {
  RestaurantHours,
  RestaurantOrdering,
  UpdateRestaurantHoursRequest,
  UpdateRestaurantOrderingRequest,
} from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, apiSend } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

export function hoursQuery(restaurantId: number) {
  return queryOptions({
    queryKey: ["restaurants", restaurantId, "hours"],
    queryFn: () => apiGet<RestaurantHours>(`/restaurants/${restaurantId}/hours`),
  });
}

export function orderingQuery(restaurantId: number) {
  return queryOptions({
    queryKey: ["restaurants", restaurantId, "ordering"],
    queryFn: () => apiGet<RestaurantOrdering>(`/restaurants/${restaurantId}/ordering`),
  });
}

/** The saved section (with its new version) becomes the query's data: the next save is based on it. */
export async function saveHours(restaurantId: number, hours: UpdateRestaurantHoursRequest): Promise<RestaurantHours> {
  const saved = await apiSend<RestaurantHours>("PUT", `/restaurants/${restaurantId}/hours`, hours);
  queryClient.setQueryData(hoursQuery(restaurantId).queryKey, saved);
  return saved;
}

export async function saveOrdering(
  restaurantId: number,
  ordering: UpdateRestaurantOrderingRequest,
): Promise<RestaurantOrdering> {
  const saved = await apiSend<RestaurantOrdering>("PUT", `/restaurants/${restaurantId}/ordering`, ordering);
  queryClient.setQueryData(orderingQuery(restaurantId).queryKey, saved);
  return saved;
}
