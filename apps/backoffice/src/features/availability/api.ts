/**
 * Sold out and pause (issue 44) under /api/admin/restaurants/{id}: what is sold out and whether online orders are
 * paused or busy, the products and choices to pick from, and the changes. Every change answers the restaurant's
 * availability as it now is, which the screen shows at once (its event reaches the other screens).
 */
import type { Availability, CatalogueItems, PauseRequest, SoldOutRequest } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, apiSend } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

export const availabilityKey = (restaurantId: number) => ["availability", restaurantId] as const;

/** The events after which a screen reads the availability again. */
export const AVAILABILITY_EVENTS: readonly string[] = ["availability.changed", "ordering.paused", "ordering.resumed"];

export function availabilityQuery(restaurantId: number, language: string) {
  return queryOptions({
    queryKey: [...availabilityKey(restaurantId), language] as const,
    queryFn: () => apiGet<Availability>(`/restaurants/${restaurantId}/availability?language=${language}`),
  });
}

export function catalogueItemsQuery(restaurantId: number, language: string) {
  return queryOptions({
    queryKey: ["catalogue-items", restaurantId, language] as const,
    queryFn: () => apiGet<CatalogueItems>(`/restaurants/${restaurantId}/catalogue-items?language=${language}`),
    staleTime: 5 * 60_000,
  });
}

/**
 * The answer is shown at once; it names items in the restaurant's default language, so the screen's own
 * language's copy is read again right after.
 */
async function show(restaurantId: number, language: string, availability: Promise<Availability>): Promise<void> {
  queryClient.setQueryData(availabilityQuery(restaurantId, language).queryKey, await availability);
  await queryClient.invalidateQueries({ queryKey: availabilityKey(restaurantId) });
}

export const markSoldOut = (restaurantId: number, language: string, request: SoldOutRequest) =>
  show(restaurantId, language, apiSend("POST", `/restaurants/${restaurantId}/sold-out`, request));

export const restoreSoldOut = (
  restaurantId: number,
  language: string,
  item: { target: SoldOutRequest["target"]; id: number },
) => show(restaurantId, language, apiSend("DELETE", `/restaurants/${restaurantId}/sold-out/${item.target}/${item.id}`));

export const changePause = (restaurantId: number, language: string, request: PauseRequest) =>
  show(restaurantId, language, apiSend("POST", `/restaurants/${restaurantId}/pause`, request));
