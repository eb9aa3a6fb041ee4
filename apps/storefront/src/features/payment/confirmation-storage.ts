/**
 * What the confirmation shows, kept in session storage so a reload of /confirmation still shows it after
 * the order itself has been cleared. The key must not start with "checkout": clearing the order (the
 * basket's clearStoredOrder) wipes those keys in local storage, and this one must outlive that.
 * Session storage, not local: the guest's phone and email stay with this tab and go when it closes.
 */
import type { AppSettings, Checkout, Order } from "@app/contracts";

export const CONFIRMED_ORDER_KEY = "confirmedOrder";

export type ConfirmedOrder = {
  checkoutId: string;
  orderId: string | null;
  /** The order's short id ("A-1001") and receipt number; null when the order could not be read. */
  externalId: string | null;
  receiptNumber: number | null;
  phone: string | null;
  email: string | null;
  /**
   * The order as GET /order/{id} answered it, for the receipt (lines, fees, totals, payments, time); null when it
   * could not be read. It names no guest: phone and email are the two fields above.
   */
  order: Order | null;
};

type SessionStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The tab's session storage, or none where it is blocked (the confirmation then lasts until reload). */
function browserSession(): SessionStore | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function confirmedOrderOf(checkout: Checkout, order: Order | null): ConfirmedOrder {
  return {
    checkoutId: checkout.id,
    orderId: checkout.orderId,
    externalId: order?.externalId ?? null,
    receiptNumber: order?.receipt.number ?? null,
    phone: checkout.guestInformation.phone,
    email: checkout.guestInformation.email,
    order,
  };
}

export function saveConfirmedOrder(confirmed: ConfirmedOrder, storage = browserSession()): void {
  try {
    storage?.setItem(CONFIRMED_ORDER_KEY, JSON.stringify(confirmed));
  } catch {
    // Full or blocked storage: the confirmation shows now, only a reload loses it.
  }
}

/** The stored confirmation, or null when there is none or it is not one we wrote. */
export function readConfirmedOrder(storage = browserSession()): ConfirmedOrder | null {
  try {
    const text = storage?.getItem(CONFIRMED_ORDER_KEY);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<ConfirmedOrder> | null;
    if (!value || typeof value.checkoutId !== "string") return null;
    return {
      checkoutId: value.checkoutId,
      orderId: stringOrNull(value.orderId),
      externalId: stringOrNull(value.externalId),
      receiptNumber: typeof value.receiptNumber === "number" ? value.receiptNumber : null,
      phone: stringOrNull(value.phone),
      email: stringOrNull(value.email),
      order: isStoredOrder(value.order) ? value.order : null,
    };
  } catch {
    return null;
  }
}

export function forgetConfirmedOrder(storage = browserSession()): void {
  try {
    storage?.removeItem(CONFIRMED_ORDER_KEY);
  } catch {
    // Nothing to forget where storage is blocked.
  }
}

const stringOrNull = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === "object" && value !== null;
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const isString = (value: unknown): value is string => typeof value === "string";
const isArrayOf = (value: unknown, item: (entry: unknown) => boolean) => Array.isArray(value) && value.every(item);

/**
 * Whether what storage holds is an order the receipt can show: the fields it reads, with their types. A
 * value written by an older version of the page (or by hand) that lacks one reads as no order: the page then
 * shows the number and the restaurant, as before. By hand rather than with zod: zod is ~15 KB of JavaScript.
 */
function isStoredOrder(value: unknown): value is Order {
  if (!isObject(value)) return false;
  const choice = (c: unknown) => isObject(c) && isString(c.name) && isNumber(c.amount) && isNumber(c.price);
  const product = (p: unknown) =>
    isObject(p) &&
    isNumber(p.productId) &&
    isString(p.name) &&
    isNumber(p.amount) &&
    isNumber(p.total) &&
    isArrayOf(p.choices, choice);
  const payment = (p: unknown) =>
    isObject(p) && isNumber(p.amount) && isNumber(p.type) && typeof p.isTest === "boolean";
  const discount = (d: unknown) => isObject(d) && isString(d.code) && isNumber(d.amount);
  const delivery = value.delivery;
  return (
    isArrayOf(value.products, product) &&
    isArrayOf(value.payments, payment) &&
    isArrayOf(value.discounts, discount) &&
    (delivery === null || (isObject(delivery) && isNumber(delivery.fee))) &&
    isString(value.orderReadyTime) &&
    !Number.isNaN(Date.parse(value.orderReadyTime)) &&
    isNumber(value.basketTotal) &&
    isNumber(value.deliveryFee) &&
    isNumber(value.totalAmount)
  );
}

/** The number the guest quotes at the counter: the short external id or the receipt number, per the settings. */
export function orderNumberOf(confirmed: ConfirmedOrder, orderIdType: AppSettings["orderIdType"]): string | null {
  if (orderIdType === "receipt") return confirmed.receiptNumber === null ? null : String(confirmed.receiptNumber);
  return confirmed.externalId;
}

export type ReceiptNote =
  | { key: "ConfirmationPage.ReceiptSms"; values: { phone: string } }
  | { key: "ConfirmationPage.ReceiptEmail"; values: { email: string } };

/** Where the receipt goes, per the settings; nothing when it goes nowhere or the guest gave no address for it. */
export function receiptNoteOf(confirmed: ConfirmedOrder, receiptType: AppSettings["receiptType"]): ReceiptNote | null {
  if (receiptType === "sms" && confirmed.phone) {
    return { key: "ConfirmationPage.ReceiptSms", values: { phone: confirmed.phone } };
  }
  if (receiptType === "email" && confirmed.email) {
    return { key: "ConfirmationPage.ReceiptEmail", values: { email: confirmed.email } };
  }
  return null;
}
