/**
 * SPEC §4 "Placing an order": validate the guest's fields, save the guest information (with the chosen
 * time), bring the checkout's discount and gift card in line with the session, ask the restaurant whether
 * it takes the order now, then start the payment. What a guest can put right (a slot that filled up, a code
 * that ran out, an expired basket, a restaurant that does not answer) comes back as a refusal with its
 * message; anything else is thrown for the error page.
 */
import type { Checkout, LanguageCode, PaymentMethod } from "@app/contracts";
import { normalizeCode, validateGuestInformation } from "@app/domain";
import { errorCodeOf, errorStatusOf } from "../../lib/api-client";
import type { CheckoutApi } from "./api";
import type { CheckoutShop } from "./checkout-page-context";
import { type MissingFieldKey, missingFields } from "./checkout-rules";
import type { FormSession } from "./form-session";

export type PlaceOrderStep = "saving" | "contacting" | "payment";

export type Refusal =
  | "RestaurantOffline"
  | "SlotFull"
  | "DiscountRefused"
  | "GiftcardRefused"
  | "GuestInformation"
  | "BasketGone"
  | "CheckoutClosed"
  /** Too many payments started and not finished from this guest or network (429 TOO_MANY_PAYMENTS): try later. */
  | "TooManyPayments"
  /** The basket shrank below the delivery zone's minimum order since the address was accepted. */
  | "DeliveryBelowMinimum";

export type PlaceOrderOutcome =
  /** Fields are missing or wrong: the page shows the errors (nothing was sent). */
  | { kind: "invalid"; missing: MissingFieldKey[] }
  /** The provider's hosted page: the browser goes there. */
  | { kind: "hosted"; paymentUrl: string }
  /** Nothing to wait for (pay at pickup, gift cards paying everything): straight to the order page. */
  | { kind: "placed"; checkoutId: string }
  | { kind: "refused"; refusal: Refusal };

export type PlaceOrderInput = {
  shop: CheckoutShop;
  checkout: Checkout;
  session: FormSession;
  paymentMethod: PaymentMethod;
  /** The shop's origin, e.g. https://bistro.example: the hosted page sends the guest back to /payment/{id}. */
  origin: string;
  /** The guest's language: the payment provider's page names the payment in it. */
  language: LanguageCode;
};

export type PlaceOrderDeps = {
  api: Pick<
    CheckoutApi,
    | "saveGuestInformation"
    | "addDiscount"
    | "removeDiscount"
    | "addGiftcard"
    | "removeGiftcard"
    | "validateOrder"
    | "addPayment"
  >;
  /** Each step as it starts, for the spinner's message. */
  onStep: (step: PlaceOrderStep) => void;
};

export async function placeOrder(input: PlaceOrderInput, deps: PlaceOrderDeps): Promise<PlaceOrderOutcome> {
  const { shop, session } = input;
  const missing = missingFields(session, shop.settings);
  // The fields' own messages are the guest-details section's; any of them means nothing is sent.
  const fieldErrors = validateGuestInformation(session.guestInformation, shop.settings.requiredGuestInformation);
  if (missing.length > 0 || fieldErrors.length > 0) return { kind: "invalid", missing };

  try {
    deps.onStep("saving");
    let checkout = await deps.api.saveGuestInformation(input.checkout.id, {
      ...session.guestInformation,
      orderReadyTime: session.chosenTimeslot,
    });
    checkout = await syncDiscount(checkout, session, deps);
    await syncGiftcard(checkout, session, deps);
  } catch (error) {
    return refusedOrThrow(error);
  }

  deps.onStep("contacting");
  try {
    await deps.api.validateOrder(input.checkout.id, shop.productionUnit.id);
  } catch (error) {
    return { kind: "refused", refusal: validationRefusal(error) };
  }

  deps.onStep("payment");
  try {
    const returnUrl = `${input.origin}/payment/${encodeURIComponent(input.checkout.id)}`;
    const payment = await deps.api.addPayment(input.checkout.id, {
      moduleId: shop.module.id,
      continuationUrl: returnUrl,
      cancellationUrl: returnUrl,
      paymentMethods: [input.paymentMethod],
      language: input.language,
    });
    return payment.paymentUrl
      ? { kind: "hosted", paymentUrl: payment.paymentUrl }
      : { kind: "placed", checkoutId: input.checkout.id };
  } catch (error) {
    return refusedOrThrow(error);
  }
}

/** The checkout carries exactly the session's code (a reused checkout lost it; a removed one must go). */
async function syncDiscount(checkout: Checkout, session: FormSession, { api }: PlaceOrderDeps): Promise<Checkout> {
  const wanted = session.discount ? normalizeCode(session.discount.discountCode) : null;
  let current = checkout;
  for (const discount of checkout.discounts) {
    if (normalizeCode(discount.discountCode) !== wanted) current = await api.removeDiscount(current.id, discount.id);
  }
  const applied = current.discounts.some((discount) => normalizeCode(discount.discountCode) === wanted);
  if (wanted && session.discount && !applied)
    current = await api.addDiscount(current.id, session.discount.discountCode);
  return current;
}

/** The same for the gift card; its amount is capped again by the server against the current totals. */
async function syncGiftcard(checkout: Checkout, session: FormSession, { api }: PlaceOrderDeps): Promise<Checkout> {
  const wanted = session.giftcard ? normalizeCode(session.giftcard.giftcardCode) : null;
  let current = checkout;
  for (const giftcard of checkout.giftcards) {
    if (normalizeCode(giftcard.giftcardCode) !== wanted) current = await api.removeGiftcard(current.id, giftcard.id);
  }
  const applied = current.giftcards.some((giftcard) => normalizeCode(giftcard.giftcardCode) === wanted);
  if (wanted && session.giftcard && !applied) {
    current = await api.addGiftcard(current.id, {
      giftcardCode: session.giftcard.giftcardCode,
      amount: session.giftcard.amount,
    });
  }
  return current;
}

/** SPEC §4: a refused validation is the restaurant being offline, unless the server says what else it is. */
function validationRefusal(error: unknown): Refusal {
  return refusalOf(error) ?? "RestaurantOffline";
}

function refusedOrThrow(error: unknown): PlaceOrderOutcome {
  const refusal = refusalOf(error);
  if (!refusal) throw error;
  return { kind: "refused", refusal };
}

/** What the guest can put right, by the API's error codes (docs/api-conventions.md). */
function refusalOf(error: unknown): Refusal | null {
  const code = errorCodeOf(error) ?? "";
  if (code === "Payment.RestaurantOffline") return "RestaurantOffline";
  if (code === "SLOT_FULL" || code === "DeliveryMethod.TimePicker" || code === "DATE_NOT_ALLOWED") return "SlotFull";
  if (code.startsWith("Discount.") || code === "DISCOUNT_DISABLED") return "DiscountRefused";
  if (code.startsWith("Giftcard.") || code.startsWith("GIFTCARD_")) return "GiftcardRefused";
  if (code.startsWith("MissingFields.") || code.startsWith("Input.")) return "GuestInformation";
  if (code === "BASKET_EXPIRED" || code === "BASKET_ORDERED" || code === "BASKET_EMPTY" || errorStatusOf(error) === 410)
    return "BasketGone";
  if (code === "CHECKOUT_NOT_OPEN" || code === "ALREADY_PAID" || code === "CHECKOUT_FAILED") return "CheckoutClosed";
  if (code === "TOO_MANY_PAYMENTS") return "TooManyPayments";
  if (code === "DELIVERY_BELOW_MINIMUM") return "DeliveryBelowMinimum";
  return null;
}
