import type { AuditPage } from "@app/contracts";
import { infiniteQueryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { apiGet } from "../../lib/api";

export type AuditFilter = { restaurantId?: number | undefined; accountId?: string | undefined };

/** GET /api/admin/audit, newest first, a page of 50 at a time (each page continues before the last one's id). */
export function auditQuery(filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: ["audit", filter],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams();
      if (filter.restaurantId) query.set("restaurantId", String(filter.restaurantId));
      if (filter.accountId) query.set("accountId", filter.accountId);
      if (pageParam) query.set("before", String(pageParam));
      return apiGet<z.infer<typeof AuditPage>>(`/audit?${query}`);
    },
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
  });
}
