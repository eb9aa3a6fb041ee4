import type { EndOfDayReport, Figures } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "../../lib/api";
import type { DateRange } from "./date-range";

/** GET /api/admin/restaurants/{id}/figures for a range of the restaurant's local days. */
export function figuresQuery(restaurantId: number, range: DateRange) {
  return queryOptions({
    queryKey: ["figures", restaurantId, range.from, range.to],
    queryFn: () => apiGet<Figures>(`/restaurants/${restaurantId}/figures?${new URLSearchParams(range)}`),
  });
}

/** GET …/figures/end-of-day for one local day. */
export function endOfDayQuery(restaurantId: number, date: string) {
  return queryOptions({
    queryKey: ["figures", restaurantId, "end-of-day", date],
    queryFn: () => apiGet<EndOfDayReport>(`/restaurants/${restaurantId}/figures/end-of-day?date=${date}`),
  });
}

/** Where the browser downloads a CSV file (the session cookie goes along; the server names the file). */
export function csvUrl(restaurantId: number, kind: "orders" | "lines", range: DateRange): string {
  return `/api/admin/restaurants/${restaurantId}/figures/${kind}.csv?${new URLSearchParams(range)}`;
}
