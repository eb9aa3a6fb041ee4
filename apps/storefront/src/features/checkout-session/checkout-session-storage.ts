/**
 * The checkout session's local storage, so a reload or a declined payment keeps what the guest entered
 * (issue 10); the checkout id is the checkout-start feature's. The keys (@app/contracts STORAGE_KEYS) start with
 * CHECKOUT_KEY_PREFIX: the basket's clearing of the order wipes every key with that prefix, so this file needs
 * no part in clearing.
 */
import { STORAGE_KEYS } from "@app/contracts/storefront-boot";
import {
  type CheckoutSession,
  type DeliveryDraft,
  EMPTY_DELIVERY,
  EMPTY_GUEST_INFORMATION,
  type GuestInformationDraft,
  initialCheckoutSession,
  type SessionDiscount,
  type SessionGiftcard,
} from "./checkout-session";

export const CHECKOUT_SESSION_KEY = STORAGE_KEYS.checkoutSession;

export type SessionStorage = Pick<Storage, "getItem" | "setItem">;

/**
 * The stored session, field by field: anything missing, malformed (bad JSON, an older shape, a hand edit)
 * falls back to a fresh session's value. A chosen date before `today` is over: today again, without its
 * timeslot.
 */
export function loadCheckoutSession(storage: SessionStorage | undefined, today: string): CheckoutSession {
  const fresh = initialCheckoutSession(today);
  const stored = readJson(storage);
  if (!isRecord(stored)) return fresh;
  const chosenDate = stored.chosenDate === null || isString(stored.chosenDate) ? stored.chosenDate : fresh.chosenDate;
  const dateIsOver = chosenDate !== null && chosenDate < today;
  return {
    bringOwnBagIsChecked: isBoolean(stored.bringOwnBagIsChecked) ? stored.bringOwnBagIsChecked : null,
    showValidationErrors: stored.showValidationErrors === true,
    termsAcceptedFor: isString(stored.termsAcceptedFor) ? stored.termsAcceptedFor : null,
    isDelivery: isBoolean(stored.isDelivery) ? stored.isDelivery : null,
    chosenDate: dateIsOver ? today : chosenDate,
    chosenTimeslot: !dateIsOver && isString(stored.chosenTimeslot) ? stored.chosenTimeslot : null,
    guestInformation: readGuestInformation(stored.guestInformation),
    delivery: readDelivery(stored.delivery),
    discount: readDiscount(stored.discount),
    giftcard: readGiftcard(stored.giftcard),
  };
}

/** Storage can throw (blocked, private mode, quota): the session is then simply not remembered. */
export function saveCheckoutSession(session: CheckoutSession, storage: SessionStorage | undefined): void {
  try {
    storage?.setItem(CHECKOUT_SESSION_KEY, JSON.stringify(session));
  } catch {
    // Not remembered; the guest's entries stay on the page.
  }
}

function readJson(storage: SessionStorage | undefined): unknown {
  try {
    const text = storage?.getItem(CHECKOUT_SESSION_KEY);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function readGuestInformation(value: unknown): GuestInformationDraft {
  if (!isRecord(value)) return EMPTY_GUEST_INFORMATION;
  const text = (key: "name" | "phone" | "email" | "orderComment") => (isString(value[key]) ? value[key] : "");
  const count = (key: "amountOfGuests" | "amountOfKids") => (isCount(value[key]) ? value[key] : null);
  return {
    name: text("name"),
    phone: text("phone"),
    email: text("email"),
    orderComment: text("orderComment"),
    amountOfGuests: count("amountOfGuests"),
    amountOfKids: count("amountOfKids"),
  };
}

function readDelivery(value: unknown): DeliveryDraft {
  if (!isRecord(value)) return EMPTY_DELIVERY;
  return {
    address: isString(value.address) ? value.address : "",
    zipCode: isString(value.zipCode) ? value.zipCode : "",
    ...(isString(value.floorDoor) && value.floorDoor !== "" ? { floorDoor: value.floorDoor } : {}),
  };
}

function readDiscount(value: unknown): SessionDiscount | null {
  if (!isRecord(value) || !isString(value.discountCode) || !isAmount(value.amount)) return null;
  return { discountCode: value.discountCode, amount: value.amount };
}

function readGiftcard(value: unknown): SessionGiftcard | null {
  if (!isRecord(value) || !isString(value.giftcardCode) || !isAmount(value.amount)) return null;
  return { giftcardCode: value.giftcardCode, amount: value.amount };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
const isString = (value: unknown): value is string => typeof value === "string";
const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";
const isAmount = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
