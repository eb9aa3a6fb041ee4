import type { Checkout, GuestInformationBody } from "@app/contracts";
import { sanitizeGuestInformation } from "@app/domain";
import { type ApiClient, api } from "../../../lib/api-client";

/**
 * POST /checkout/{id}/guestInformation: the whole form and the chosen time (orderReadyTime: a slot's
 * `time`; left out keeps the stored one). SPEC §5: name and comment are sanitized here, with the function
 * the server uses, so no caller can forget; empty fields travel as null. Field errors come back all at
 * once (422, one entry per field: MissingFields.*, Input.*), a full slot as 409 SLOT_FULL.
 */
export function saveGuestInformation(
  checkoutId: string,
  guestInformation: GuestInformationBody,
  client: ApiClient = api,
): Promise<Checkout> {
  const body = { ...guestInformation, ...sanitizeGuestInformation(guestInformation) };
  return client.send<Checkout>("POST", `/checkout/${encodeURIComponent(checkoutId)}/guestInformation`, { body });
}
