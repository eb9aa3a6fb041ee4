/**
 * Pure rules of the checkout page (SPEC §4, §5): what is missing, what is wrong with a field, whether an
 * earlier checkout can be reused, what the bag fee needs, which payment methods are offered, and today in the
 * restaurant's time zone. The validation itself is @app/domain's, the
 * one the server runs: these rules only map its results onto the page's message keys.
 */
import type { AppSettings, Basket, Checkout, PaymentMethod } from "@app/contracts";
import { CheckoutState, isValidZipCode, localParts, sanitizeGuestInformation } from "@app/domain";
import { errorCodeOf } from "../../lib/api-client";
import type { CheckoutSession } from "./checkout-session";

// ── Missing fields (SPEC §5) ──────────────────────────────────────────────────────────────

export type MissingFieldKey =
  | "MissingFields.DeliveryMethod"
  | "MissingFields.Address"
  | "MissingFields.Zipcode"
  | "MissingFields.Date"
  | "MissingFields.Time"
  | "MissingFields.Name"
  | "MissingFields.Email"
  | "MissingFields.Phone";

export type MissingFieldsSettings = Pick<AppSettings, "requiredGuestInformation" | "deliveryEnabled">;

/**
 * The items of the missing-fields message, in SPEC §5's order: delivery method, address, zipcode, date,
 * time, name, email, phone number. Without delivery enabled the guest picks up: no method, no address.
 * A zip code that is not 4 digits counts as missing (its field says "Please enter your zipcode"). Guest
 * fields are judged as they will be stored (sanitized), as the server judges them: "<>" is no name.
 */
export function missingFields(session: CheckoutSession, settings: MissingFieldsSettings): MissingFieldKey[] {
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

// ── Checkout start (SPEC §4) ──────────────────────────────────────────────────────────────

/**
 * SPEC §4: the previous checkout is reused when it is not done, has no order, no payment and only the
 * current basket. "Not done" is read as OPEN: the API changes only an OPEN checkout (409 CHECKOUT_NOT_OPEN),
 * and reusing means removing its discounts, gift cards and delivery first.
 */
export function shouldReuseCheckout(checkout: Checkout, basketId: string): boolean {
  return (
    checkout.state === CheckoutState.OPEN &&
    checkout.orderId === null &&
    checkout.payment === null &&
    checkout.checkoutBaskets.length === 1 &&
    checkout.checkoutBaskets[0]?.externalBasketId === basketId
  );
}

export type CheckoutCleanup = { discountIds: string[]; giftcardIds: string[]; removeDelivery: boolean };

/** What must be removed from a reused checkout before the guest starts again (SPEC §4). */
export function checkoutCleanup(checkout: Checkout): CheckoutCleanup {
  return {
    discountIds: checkout.discounts.map((discount) => discount.id),
    giftcardIds: checkout.giftcards.map((giftcard) => giftcard.id),
    removeDelivery: checkout.delivery !== null,
  };
}

// ── Bag fee (SPEC §4) ─────────────────────────────────────────────────────────────────────

export type BagFeeChange = "add" | "remove" | "none";

/**
 * SPEC §4: explicitly unticked (false) → the bag product is added, once; ticked → removed. Untouched (null)
 * changes nothing, nor does a shop without a bag product. A basket without food gets no bag (it counts as
 * empty, SPEC §5). `bagFeeItem` is the app setting's product id.
 */
export function bagFeeChange(
  bringOwnBagIsChecked: boolean | null,
  basket: Basket | null,
  bagFeeItem: number | null,
): BagFeeChange {
  if (bagFeeItem === null || basket === null) return "none";
  const hasBag = basket.items.some((item) => item.productId === bagFeeItem);
  const hasFood = basket.items.some((item) => item.productId !== bagFeeItem && !item.editingIsDisabled);
  if (bringOwnBagIsChecked === false && !hasBag && hasFood) return "add";
  if (bringOwnBagIsChecked === true && hasBag) return "remove";
  return "none";
}

// ── Payment methods ───────────────────────────────────────────────────────────────────────

export type PaymentMethodSettings = Pick<AppSettings, "onlinePayment" | "mobilepay" | "payAtPickup">;

/** The methods the guest may choose, in the page's order: online (card), MobilePay, pay at pickup. */
export function paymentMethodsOffered(settings: PaymentMethodSettings): PaymentMethod[] {
  const offered: PaymentMethod[] = [];
  if (settings.onlinePayment) offered.push("card");
  if (settings.mobilepay) offered.push("mobilepay");
  if (settings.payAtPickup) offered.push("pickup");
  return offered;
}

// ── Dates (SPEC §5, §9) ───────────────────────────────────────────────────────────────────

/** Today's date (YYYY-MM-DD) at the restaurant: the session's default date. */
export function todayIn(timeZone: string, now: Date): string {
  return localParts(now, timeZone).date;
}

// ── Error messages (SPEC §4, §8) ──────────────────────────────────────────────────────────

/** SPEC §4: a refused order validation is the restaurant being offline; other failures go to the error page. */
export function isRestaurantOffline(error: unknown): boolean {
  return errorCodeOf(error) === "Payment.RestaurantOffline";
}
