import type { RestaurantList } from "@app/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiGet } from "./api";

/** The restaurants the account may see (GET /api/admin/restaurants): the dashboard, the staff and audit filters. */
export const restaurantsQuery = queryOptions({
  queryKey: ["restaurants"],
  queryFn: () => apiGet<z.infer<typeof RestaurantList>>("/restaurants"),
});

/** One restaurant of the list (name, clock) for pages every role opens; undefined while loading or not the account's. */
export function useRestaurantSummary(id: number) {
  return useQuery(restaurantsQuery).data?.restaurants.find((restaurant) => restaurant.id === id);
}
