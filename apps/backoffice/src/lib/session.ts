/**
 * The signed-in account (GET /api/admin/me) and what its roles allow, for every page: hide what the role cannot do.
 * The server decides again on every request; this only keeps the screen honest.
 */
import type { Me, Membership } from "@app/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet, setCsrfToken } from "./api";

export const meQuery = queryOptions({
  queryKey: ["me"],
  queryFn: async () => {
    const me = await apiGet<Me>("/me");
    setCsrfToken(me.csrfToken);
    return me;
  },
  staleTime: 60_000,
  retry: false,
});

/** The account of a page behind the sign-in (the app's layout loaded it before the page rendered). */
export function useMe(): Me {
  const { data } = useQuery(meQuery);
  if (!data) throw new Error("useMe outside a signed-in page");
  return data;
}

export function ownerOf(me: Me, organisationId: number): boolean {
  return me.memberships.some((m) => m.organisationId === organisationId && m.role === "owner");
}

/** Owners of the restaurant's organisation and its managers change its settings, terms, brand and maintenance. */
export function managesRestaurant(me: Me, restaurant: { id: number; organisationId: number }): boolean {
  return me.memberships.some(
    (m) =>
      m.organisationId === restaurant.organisationId &&
      (m.role === "owner" || (m.role === "manager" && m.productionUnitIds.includes(restaurant.id))),
  );
}

/** Memberships that may read the audit log and the staff list: owners and managers. */
export function managingMemberships(me: Me): Membership[] {
  return me.memberships.filter((m) => m.role === "owner" || m.role === "manager");
}
