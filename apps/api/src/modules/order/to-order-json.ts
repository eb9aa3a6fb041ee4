import type { LanguageCode, Order, OrderPayment } from "@app/contracts";
import type { Translations } from "@app/db";
import { PaymentType, toDkk } from "@app/domain";
import type { GuestKitchenStatus } from "../kitchen";
import type { LineNames, OrderDetails } from "./repository";

/** Names in a language: the catalogue's names of the order's products and choices, and which language. */
export type NamesIn = { language: LanguageCode; names: LineNames };

/**
 * The Order of SPEC §3 (DKK numbers, ISO 8601 UTC instants). With `namesIn`, products and choices are named in
 * that language where the catalogue has a name for it (the receipt of a guest who ordered in English), else by
 * the name the order was placed with.
 */
export function toOrderJson(
  { order, lines, discounts, payments }: OrderDetails,
  kitchen: GuestKitchenStatus,
  namesIn: NamesIn | null = null,
): Order {
  const nameOf = (names: Map<number, Translations> | undefined, id: number, stored: string) =>
    (namesIn && names?.get(id)?.[namesIn.language]) || stored;
  return {
    id: order.id,
    checkoutId: order.checkoutId,
    products: lines.map((line) => ({
      productId: line.productId,
      name: nameOf(namesIn?.names.products, line.productId, line.name),
      amount: line.amount,
      price: toDkk(line.unitPriceMinor),
      total: toDkk(line.totalMinor),
      choices: line.choices.map((choice) => ({
        choiceId: choice.choiceId,
        name: nameOf(namesIn?.names.choices, choice.choiceId, choice.name),
        amount: choice.amount,
        price: toDkk(choice.priceMinor),
      })),
    })),
    delivery: order.isDelivery
      ? {
          address: order.deliveryAddress,
          zipCode: order.deliveryZipCode,
          fee: toDkk(order.deliveryFeeMinor),
          deliveryTime: order.orderReadyTime.toISOString(),
        }
      : null,
    orderReadyTime: order.orderReadyTime.toISOString(),
    discounts: discounts.map((discount) => ({ code: discount.code, amount: toDkk(discount.amountMinor) })),
    basketTotal: toDkk(order.basketTotalMinor),
    deliveryFee: toDkk(order.deliveryFeeMinor),
    totalAmount: toDkk(order.totalMinor),
    payments: payments.map((payment) => ({
      paymentId: payment.id,
      amount: toDkk(payment.amountMinor),
      type: payment.type,
      method: paymentMethodOf(payment),
      state: payment.state,
      isTest: payment.isTest,
    })),
    receipt: { number: order.receiptNumber },
    externalId: order.externalId,
    createdUtc: order.createdAt.toISOString(),
    kitchenStatus: kitchen.kitchenStatus,
    readyTime: kitchen.readyTime.toISOString(),
    rejectReason: kitchen.rejectReason,
  };
}

const ONLINE_METHODS: readonly string[] = ["card", "mobilepay"];

/**
 * How a payment row is paid, for the receipt. The row's method is written by the payment module (card |
 * mobilepay | giftcard | pickup); the type decides for a gift card or pay at pickup, and an online row with a
 * method this contract does not know yet reads as a card.
 */
function paymentMethodOf(payment: OrderDetails["payments"][number]): OrderPayment["method"] {
  if (payment.type === PaymentType.GIFTCARD) return "giftcard";
  if (payment.type === PaymentType.UNPAID) return "pickup";
  return ONLINE_METHODS.includes(payment.method) ? (payment.method as "card" | "mobilepay") : "card";
}
