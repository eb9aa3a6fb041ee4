/**
 * Pure rules of the checkout page (SPEC §4, §5): what is missing, what is wrong with a field, whether an
 * earlier checkout can be reused, what a gift card may pay, what the bag fee needs, which payment methods
 * are offered, and slot times in the restaurant's time zone. The validation itself is @app/domain's, the
 * one the server runs: these rules only map its results onto the page's message keys.
 */
import type { AppSettings, Basket, Checkout, CheckoutTotals, PaymentMethod, PickupTimeSlot } from "@app/contracts";
import {
  addDays,
  CheckoutState,
  capGiftcardAmounts,
  formatHhMm,
  type GuestFieldError,
  isValidZipCode,
  localParts,
  ORDER_COMMENT_MAX,
  orderTotal,
  type RequiredGuestInformation,
  sanitizeGuestInformation,
  toDkk,
  toMinor,
  validateGuestInformation,
} from "@app/domain";
import { errorCodeOf } from "../../lib/api-client";
import type { CheckoutSession, GuestInformationDraft } from "./checkout-session";

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

// ── Field errors (SPEC §5) ────────────────────────────────────────────────────────────────

export type GuestFieldName = "name" | "phone" | "email" | "orderComment";
export type InputErrorKey = "Input.Name" | "Input.Phone" | "Input.Email" | "Input.InvalidPhone" | "Input.Invalid";
export type GuestFieldErrors = Partial<Record<GuestFieldName, InputErrorKey>>;

/** The domain names an empty required field MissingFields.*; under the field itself it reads Input.*. */
const FIELD_MESSAGE: Record<GuestFieldError["code"], InputErrorKey> = {
  "MissingFields.Name": "Input.Name",
  "MissingFields.Phone": "Input.Phone",
  "MissingFields.Email": "Input.Email",
  "Input.InvalidPhone": "Input.InvalidPhone",
  "Input.Invalid": "Input.Invalid",
};

/** Each guest field's message key, from @app/domain's validateGuestInformation (the server's rules). */
export function guestFieldErrors(
  guestInformation: GuestInformationDraft,
  required: RequiredGuestInformation,
): GuestFieldErrors {
  const errors: GuestFieldErrors = {};
  for (const error of validateGuestInformation(guestInformation, required)) {
    errors[error.field] ??= FIELD_MESSAGE[error.code];
  }
  return errors;
}

export { ORDER_COMMENT_MAX };

/** The comment counter: characters the guest may still type (the input stops at 125). */
export function commentCharactersLeft(comment: string): number {
  return Math.max(0, ORDER_COMMENT_MAX - comment.length);
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

// ── Gift card (SPEC §5) ───────────────────────────────────────────────────────────────────

export type GiftcardCapTotals = Pick<CheckoutTotals, "basketTotal" | "discount" | "deliveryFee">;

/** The most a gift card may pay, DKK: basket total minus discount plus delivery fee (the server's totals). */
export function giftcardCap(totals: GiftcardCapTotals): number {
  return toDkk(capMinor(totals));
}

/** What a card with `balance` DKK pays towards this order: its balance, at most the cap. */
export function giftcardAmountToApply(balance: number, totals: GiftcardCapTotals): number {
  const [paidMinor = 0] = capGiftcardAmounts(capMinor(totals), [toMinor(balance)]);
  return toDkk(paidMinor);
}

function capMinor({ basketTotal, discount, deliveryFee }: GiftcardCapTotals): number {
  return orderTotal({
    basketTotalMinor: toMinor(basketTotal),
    discountMinor: toMinor(discount),
    deliveryFeeMinor: toMinor(deliveryFee),
  });
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

// ── Dates and slots (SPEC §5, §9) ─────────────────────────────────────────────────────────

/** Today's date (YYYY-MM-DD) at the restaurant: the session's default date. */
export function todayIn(timeZone: string, now: Date): string {
  return localParts(now, timeZone).date;
}

/**
 * A slot as the guest reads it: HH:MM on the restaurant's clock. The API sends UTC instants (SPEC §9), the
 * receipt shows the restaurant's time, and a guest abroad orders for the restaurant's clock too.
 */
export function slotTimeText(instant: string, timeZone: string): string {
  return formatHhMm(localParts(new Date(instant), timeZone).minutesOfDay);
}

/** SPEC §5: only available slots are shown. */
export function availableSlots(slots: readonly PickupTimeSlot[]): PickupTimeSlot[] {
  return slots.filter((slot) => slot.isAvailable);
}

/**
 * The days a guest may order for: today … today + guestFutureOrderDates (SPEC §3; 0 = today only, no
 * picker). Counted with @app/domain's calendar arithmetic, so a DST day is one day.
 */
export function orderDates(today: string, guestFutureOrderDates: number): string[] {
  const days = Math.max(0, Math.floor(guestFutureOrderDates));
  return Array.from({ length: days + 1 }, (_, offset) => addDays(today, offset));
}

// ── Error messages (SPEC §5, §8) ──────────────────────────────────────────────────────────

export type DiscountMessageKey = "Discount.Invalid" | "Discount.NoValue" | "Discount.Generic" | "Codes.TooManyTries";
export type GiftcardMessageKey = "Giftcard.Generic" | "Codes.TooManyTries";

/**
 * A refused discount code: the server's Discount.Invalid / Discount.NoValue, "wait a minute" after too many
 * wrong tries (429 TOO_MANY_TRIES), anything else "could not verify".
 */
export function discountMessageKey(error: unknown): DiscountMessageKey {
  const code = errorCodeOf(error);
  if (code === "TOO_MANY_TRIES") return "Codes.TooManyTries";
  return code === "Discount.Invalid" || code === "Discount.NoValue" ? code : "Discount.Generic";
}

/** A refused gift card: "wait a minute" after too many wrong tries, anything else "could not verify" (SPEC §8). */
export function giftcardMessageKey(error: unknown): GiftcardMessageKey {
  return errorCodeOf(error) === "TOO_MANY_TRIES" ? "Codes.TooManyTries" : "Giftcard.Generic";
}

/** SPEC §4: a refused order validation is the restaurant being offline; other failures go to the error page. */
export function isRestaurantOffline(error: unknown): boolean {
  return errorCodeOf(error) === "Payment.RestaurantOffline";
}
