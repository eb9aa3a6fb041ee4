/**
 * Pure rules of the checkout page (SPEC §4, §5): what is missing, what is wrong with a field, which payment
 * methods are offered. The validation itself is @app/domain's, the one the server runs: these rules only map its
 * results onto the page's message keys.
 */
import type { AppSettings, PaymentMethod } from "@app/contracts";
import { isValidZipCode, sanitizeGuestInformation } from "@app/domain";
import { errorCodeOf } from "../../lib/api-client";
import type { FormSession } from "./form-session";

// ── Missing fields (SPEC §5) ──────────────────────────────────────────────────────────────

export type MissingFieldKey =
  | "MissingFields.DeliveryMethod"
  | "MissingFields.Address"
  | "MissingFields.Zipcode"
  | "MissingFields.Date"
  | "MissingFields.Time"
  | "MissingFields.Name"
  | "MissingFields.Email"
  | "MissingFields.Phone"
  | "BagFeeChoice.Missing";

export type MissingFieldsSettings = Pick<AppSettings, "requiredGuestInformation" | "deliveryEnabled"> &
  Partial<Pick<AppSettings, "bagFeeItem">>;

/**
 * The items of the missing-fields message, in SPEC §5's order: delivery method, address, zipcode, date,
 * time, name, email, phone number; then the bag fee choice (decision 029: a shop with a bag product asks every
 * guest who picks up, with no default). Without delivery enabled the guest picks up: no method, no address.
 * A zip code that is not 4 digits counts as missing (its field says "Please enter your zipcode"). Guest
 * fields are judged as they will be stored (sanitized), as the server judges them: "<>" is no name.
 */
export function missingFields(session: FormSession, settings: MissingFieldsSettings): MissingFieldKey[] {
  const missing: MissingFieldKey[] = [];
  if (settings.deliveryEnabled) {
    if (session.isDelivery === null) missing.push("MissingFields.DeliveryMethod");
    if (session.isDelivery === true) {
      if (session.delivery.address.trim() === "") missing.push("MissingFields.Address");
      if (!isValidZipCode(session.delivery.zipCode.trim())) missing.push("MissingFields.Zipcode");
    }
  }
  if (session.chosenDate === null) missing.push("MissingFields.Date");
  if (session.chosenTimeslot === null) missing.push("MissingFields.Time");
  const stored = sanitizeGuestInformation(session.guestInformation);
  const required = settings.requiredGuestInformation;
  if (required.name && stored.name === null) missing.push("MissingFields.Name");
  if (required.email && stored.email === null) missing.push("MissingFields.Email");
  if (required.phone && stored.phone === null) missing.push("MissingFields.Phone");
  const bagAsked = (settings.bagFeeItem ?? null) !== null && session.isDelivery !== true;
  if (bagAsked && session.bringOwnBagIsChecked === null) missing.push("BagFeeChoice.Missing");
  return missing;
}

export type ListSeparators = {
  /** Between items, e.g. ", " (MissingFields.ListSeparator). */
  separator: string;
  /** Before the last item, e.g. " & " or " og " (MissingFields.ListLastSeparator). */
  lastSeparator: string;
};

/**
 * "name", "name & email", "name, email & phone number" (SPEC §5). The translation owns the punctuation,
 * Danish joins the last item with " og ", so this takes the separators rather than using @app/domain's
 * joinMissingFields, which fixes ", " for the server's English message.
 */
export function joinMissing(items: readonly string[], { separator, lastSeparator }: ListSeparators): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(separator)}${lastSeparator}${items.at(-1)}`;
}

// ── Payment methods ───────────────────────────────────────────────────────────────────────

export type PaymentMethodSettings = Pick<AppSettings, "onlinePayment" | "mobilepay" | "payAtPickup">;

/**
 * The methods the guest may choose, in the page's order: online (card), MobilePay, pay at pickup. Pay at pickup
 * is not offered for a delivery: nobody picks it up (issue 42).
 */
export function paymentMethodsOffered(
  settings: PaymentMethodSettings,
  { isDelivery }: { isDelivery: boolean } = { isDelivery: false },
): PaymentMethod[] {
  const offered: PaymentMethod[] = [];
  if (settings.onlinePayment) offered.push("card");
  if (settings.mobilepay) offered.push("mobilepay");
  if (settings.payAtPickup && !isDelivery) offered.push("pickup");
  return offered;
}

// ── Error messages (SPEC §4, §8) ──────────────────────────────────────────────────────────

/** SPEC §4: a refused order validation is the restaurant being offline; other failures go to the error page. */
export function isRestaurantOffline(error: unknown): boolean {
  return errorCodeOf(error) === "Payment.RestaurantOffline";
}
