import type { RestaurantList } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { apiGet } from "./api";

/** The restaurants the account may see (GET /api/admin/restaurants): the dashboard, the staff and audit filters. */
export const restaurantsQuery = queryOptions({
  queryKey: ["restaurants"],
  queryFn: () => apiGet<z.infer<typeof RestaurantList>>("/restaurants"),
});
