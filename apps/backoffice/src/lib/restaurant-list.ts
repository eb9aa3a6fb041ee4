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

/**
 * The clock of an organisation's own things (its payment account): its first restaurant's, as the audit log reads
 * an organisation's change (features/audit/entry-time-zone.ts); undefined, the screen's own clock, while the list
 * loads or when the organisation has no restaurant yet.
 */
export function organisationTimeZone(
  organisationId: number,
  restaurants: readonly { organisationId: number; timeZone: string }[],
): string | undefined {
  return restaurants.find((restaurant) => restaurant.organisationId === organisationId)?.timeZone;
}

/** organisationTimeZone for the restaurants the account may see. */
export function useOrganisationTimeZone(organisationId: number): string | undefined {
  return organisationTimeZone(organisationId, useQuery(restaurantsQuery).data?.restaurants ?? []);
}
