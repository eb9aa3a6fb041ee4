import type { LanguageCode, Payment, PaymentMethod } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

export type PaymentRequest = {
  moduleId: number;
  /** Where the hosted page sends the guest after approval or decline: absolute, on a module host. */
  continuationUrl: string;
  /** Where the hosted page sends the guest after cancelling. */
  cancellationUrl: string;
  /** Omitted: the first method the module allows. "pickup": pay at pickup, no hosted step. */
  paymentMethods?: PaymentMethod[];
  /** Send the email receipt here instead of the guest's email. */
  receiptEmail?: string;
  /** The guest's language, for the provider's page (what the payment is called there). */
  language?: LanguageCode;
};

/**
 * POST /checkout/{id}/payment?moduleId=&continuationUrl=&cancellationUrl=[&paymentMethods=][&receiptEmail=][&language=]:
 * draws the applied gift cards and starts paying the rest. `paymentUrl` is where to send the guest to pay
 * (the API's link, which records the opening and redirects to the provider's page: the browser must go there
 * within a few minutes, decision 025), or null when nothing is left to wait for (pay at pickup, gift cards
 * paying everything). 429 TOO_MANY_PAYMENTS: too many unfinished payments from this guest or network.
 */
export function addPayment(checkoutId: string, request: PaymentRequest, client: ApiClient = api): Promise<Payment> {
  const query = new URLSearchParams({
    moduleId: String(request.moduleId),
    continuationUrl: request.continuationUrl,
    cancellationUrl: request.cancellationUrl,
  });
  if (request.paymentMethods?.length) query.set("paymentMethods", request.paymentMethods.join(","));
  if (request.receiptEmail) query.set("receiptEmail", request.receiptEmail);
  if (request.language) query.set("language", request.language);
  return client.send<Payment>("POST", `/checkout/${encodeURIComponent(checkoutId)}/payment?${query}`);
}
