import type { PaymentAccountRequest, PaymentSettings } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, apiSend } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

const path = (organisationId: number) => `/organisations/${organisationId}/payment-account`;

export function paymentSettingsQuery(organisationId: number) {
  return queryOptions({
    queryKey: ["organisations", organisationId, "payment-account"],
    queryFn: () => apiGet<PaymentSettings>(path(organisationId)),
  });
}

/** The answer (the new version, mode and hint, never a secret) becomes the query's data: the next save is based on it. */
export async function savePaymentAccount(organisationId: number, request: PaymentAccountRequest): Promise<void> {
  const saved = await apiSend<PaymentSettings>("PUT", path(organisationId), request);
  queryClient.setQueryData(paymentSettingsQuery(organisationId).queryKey, saved);
}

export async function removePaymentAccount(organisationId: number, version: number): Promise<void> {
  const removed = await apiSend<PaymentSettings>("DELETE", `${path(organisationId)}?version=${version}`);
  queryClient.setQueryData(paymentSettingsQuery(organisationId).queryKey, removed);
}

/** After a refused change: what is stored now, so the page shows who changed it and the current version. */
export function reloadPaymentSettings(organisationId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: paymentSettingsQuery(organisationId).queryKey });
}

/** Where the payments page of an organisation lives (the app's router). */
export const paymentsPath = (organisationId: number) => `/organisations/${organisationId}/payments`;
