import type { InviteRequest, StaffList, StaffRole } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { apiGet, apiSend } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

export function staffQuery(organisationId: number) {
  return queryOptions({
    queryKey: ["staff", organisationId],
    queryFn: () => apiGet<z.infer<typeof StaffList>>(`/organisations/${organisationId}/staff`),
  });
}

export async function inviteStaff(organisationId: number, invite: InviteRequest): Promise<void> {
  await apiSend("POST", `/organisations/${organisationId}/staff`, invite);
  await queryClient.invalidateQueries({ queryKey: ["staff", organisationId] });
}

export async function updateStaff(
  organisationId: number,
  accountId: string,
  change: { role?: StaffRole; disabled?: boolean; productionUnitIds?: number[] },
): Promise<void> {
  await apiSend("PATCH", `/organisations/${organisationId}/staff/${accountId}`, change);
  await queryClient.invalidateQueries({ queryKey: ["staff", organisationId] });
}

/** Withdraws an invitation not yet accepted: the row goes from the list and the mailed link stops working. */
export async function withdrawInvitation(organisationId: number, accountId: string): Promise<void> {
  await apiSend("DELETE", `/organisations/${organisationId}/staff/${accountId}/invitation`);
  await queryClient.invalidateQueries({ queryKey: ["staff", organisationId] });
}
