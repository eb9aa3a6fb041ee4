import type { Order } from "@app/contracts";
import { toDkk } from "@app/domain";
import type { OrderDetails } from "./repository";

/** The Order of SPEC §3 (DKK numbers, ISO 8601 UTC instants). */
export function toOrderJson({ order, lines, discounts, payments }: OrderDetails): Order {
  return {
    id: order.id,
    checkoutId: order.checkoutId,
    products: lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      amount: line.amount,
      price: toDkk(line.unitPriceMinor),
      total: toDkk(line.totalMinor),
      choices: line.choices.map((choice) => ({
        choiceId: choice.choiceId,
        name: choice.name,
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
      state: payment.state,
      isTest: payment.isTest,
    })),
    receipt: { number: order.receiptNumber },
    externalId: order.externalId,
    createdUtc: order.createdAt.toISOString(),
  };
}
