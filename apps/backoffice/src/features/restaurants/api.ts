import type { Restaurant, RestaurantDetails, UpdateRestaurantRequest } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, apiRequest, apiSend } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

export { restaurantsQuery } from "../../lib/restaurant-list";

export function restaurantQuery(id: number) {
  return queryOptions({
    queryKey: ["restaurants", id],
    queryFn: () => apiGet<Restaurant>(`/restaurants/${id}`),
  });
}

/** After any change: the list (names, hosts, maintenance) and the restaurant itself are read again. */
async function refresh(restaurant: Restaurant | undefined, id: number): Promise<void> {
  if (restaurant?.id === id) queryClient.setQueryData(restaurantQuery(id).queryKey, restaurant);
  await queryClient.invalidateQueries({ queryKey: ["restaurants"] });
}

export async function createRestaurant(organisationId: number, details: RestaurantDetails): Promise<Restaurant> {
  const created = await apiSend<Restaurant>("POST", `/organisations/${organisationId}/restaurants`, details);
  await refresh(created, created.id);
  // The owner's membership now covers one restaurant more (GET /me lists them).
  await queryClient.invalidateQueries({ queryKey: ["me"] });
  return created;
}

/** Saves sections, each with the version it was read at (409 EditConflict when someone saved it since). */
export async function updateRestaurant(id: number, change: UpdateRestaurantRequest): Promise<Restaurant> {
  const saved = await apiSend<Restaurant>("PUT", `/restaurants/${id}`, change);
  await refresh(saved, id);
  return saved;
}

/** The restaurant as stored now (after a conflict, to load the other person's version). */
export function reloadRestaurant(id: number): Promise<Restaurant> {
  return queryClient.fetchQuery({ ...restaurantQuery(id), staleTime: 0 });
}

/** The image's own bytes as the body; the server checks its content (PNG, JPEG or WebP, ≤ 2 MB). */
export async function uploadLogo(id: number, file: File): Promise<void> {
  const answer = await apiRequest<Restaurant | undefined>("POST", `/restaurants/${id}/logo`, {
    raw: file,
    contentType: file.type,
  });
  await refresh(answer && "settings" in answer ? answer : undefined, id);
}
