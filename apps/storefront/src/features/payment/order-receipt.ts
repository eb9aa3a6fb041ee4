/**
 * The confirmation's receipt from the placed order (SPEC §3 Order), without React or I/O: the food lines with
 * their choices, the bag fee as a fee (it is a product line of the bag-fee item, SPEC §5, not food), discounts,
 * the delivery fee, the total, what was paid and how, and what is left to pay at pickup. Sums are counted in
 * øre, so 0.1 + 0.2 never shows as 0.30000000000000004.
 */
import type { Order } from "@app/contracts";
import { addDays, formatHhMm, localParts, PaymentType, toDkk, toMinor, totalLeft } from "@app/domain";

export type ReceiptChoice = { name: string; amount: number; price: number };
export type ReceiptLine = { name: string; amount: number; total: number; choices: ReceiptChoice[] };
export type ReceiptFee = { name: string; amount: number; total: number };
export type PaidWith = { method: "card" | "mobilepay" | "giftcard"; amount: number; isTest: boolean };

export type OrderReceipt = {
  fulfilment: "pickup" | "delivery";
  /** The pickup (or delivery) time, ISO 8601 UTC. */
  readyTime: string;
  /** Where it is delivered ("Vestergade 1, 2200"); null for pickup. */
  deliveryAddress: string | null;
  lines: ReceiptLine[];
  /** The bag fee's lines (one, unless the guest took more bags). */
  fees: ReceiptFee[];
  /** The food lines together: the basket without the fees. */
  itemsTotal: number;
  discounts: { code: string; amount: number }[];
  /** 0 for pickup. */
  deliveryFee: number;
  total: number;
  /** What is paid already, gift cards first. */
  paid: PaidWith[];
  /** SPEC §9's total left: the total minus what is paid, pay-at-pickup ignored; brought to the counter. */
  toPayAtPickup: number;
};

/** The order as the receipt shows it; `bagFeeItem` is the settings' bag product (SPEC §3), null without one. */
export function orderReceiptOf(order: Order, bagFeeItem: number | null): OrderReceipt {
  const isFee = (productId: number) => bagFeeItem !== null && productId === bagFeeItem;
  const fees = order.products
    .filter((product) => isFee(product.productId))
    .map((product) => ({ name: product.name, amount: product.amount, total: product.total }));
  const feesMinor = fees.reduce((sum, fee) => sum + toMinor(fee.total), 0);
  const payments = order.payments.map((payment) => ({ ...payment, amountMinor: toMinor(payment.amount) }));
  return {
    fulfilment: order.delivery ? "delivery" : "pickup",
    // The kitchen's time once it moved it (an order stored before the kitchen status existed has only the guest's).
    readyTime: order.readyTime ?? order.orderReadyTime,
    deliveryAddress: order.delivery ? addressText(order.delivery.address, order.delivery.zipCode) : null,
    lines: order.products
      .filter((product) => !isFee(product.productId))
      .map((product) => ({
        name: product.name,
        amount: product.amount,
        total: product.total,
        choices: product.choices.map((choice) => ({ name: choice.name, amount: choice.amount, price: choice.price })),
      })),
    fees,
    itemsTotal: toDkk(toMinor(order.basketTotal) - feesMinor),
    discounts: order.discounts.map((discount) => ({ code: discount.code, amount: discount.amount })),
    deliveryFee: order.delivery ? order.deliveryFee : 0,
    total: order.totalAmount,
    paid: payments
      .filter((payment) => payment.type !== PaymentType.UNPAID)
      .sort((a, b) => a.type - b.type)
      .map((payment) => ({ method: paidMethodOf(payment), amount: payment.amount, isTest: payment.isTest })),
    toPayAtPickup: toDkk(totalLeft(toMinor(order.totalAmount), payments)),
  };
}

function paidMethodOf(payment: Order["payments"][number]): PaidWith["method"] {
  if (payment.type === PaymentType.GIFTCARD) return "giftcard";
  // An API from before payments said their method: an online payment is a card payment.
  return payment.method === "mobilepay" ? "mobilepay" : "card";
}

function addressText(address: string | null, zipCode: string | null): string | null {
  const parts = [address, zipCode].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(", ") : null;
}

export type ReadyTimeText = {
  /** "today" or "tomorrow" (the page's words), else the date as the guest's language writes it. */
  day: { kind: "today" } | { kind: "tomorrow" } | { kind: "date"; text: string };
  /** HH:MM on the restaurant's clock. */
  time: string;
};

/**
 * When the order is ready, on the restaurant's clock (a guest abroad picks up by the restaurant's clock too):
 * the time, and the day as "today", "tomorrow" or the date ("fredag 4. december", "Friday, December 4").
 */
export function readyTimeText(readyTime: string, now: Date, timeZone: string, language: string): ReadyTimeText {
  const instant = new Date(readyTime);
  const ready = localParts(instant, timeZone);
  const today = localParts(now, timeZone).date;
  const time = formatHhMm(ready.minutesOfDay);
  if (ready.date === today) return { day: { kind: "today" }, time };
  if (ready.date === addDays(today, 1)) return { day: { kind: "tomorrow" }, time };
  const locale = language === "en-US" ? "en-US" : "da-DK";
  const text = new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", timeZone }).format(
    instant,
  );
  // Danish weekdays are lower-case mid-sentence; first on the line they take a capital.
  return { day: { kind: "date", text: text.charAt(0).toLocaleUpperCase(locale) + text.slice(1) }, time };
}
