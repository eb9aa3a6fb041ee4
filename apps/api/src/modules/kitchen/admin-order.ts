/**
 * An order as the restaurant's staff see it (AdminOrder): the kitchen's status beside what the guest ordered,
 * how it is paid and what is left to collect at pickup. Read for many orders at once in a fixed number of
 * statements (the queue), through the order and payment features' own reads.
 */
import type { AdminOrder, AdminOrderPayment } from "@app/contracts";
import type { Db } from "@app/db";
import { PaymentState, PaymentType, toDkk } from "@app/domain";
import { findOrdersWithLines, type OrderSearch, type OrdersWithLines } from "../order";
import { findLatestAttemptPayments, type PaymentRow } from "../payment";
import { isRefundedInFull, toCollectMinor } from "./refunded-in-full";
import type { KitchenOrderRow } from "./repository";

/** The orders of the kitchen rows (those matching `search`, when given), in the rows' order. */
export async function readAdminOrders(db: Db, rows: KitchenOrderRow[], search?: OrderSearch): Promise<AdminOrder[]> {
  const read = await findOrdersWithLines(
    db,
    rows.map((row) => row.orderId),
    search,
  );
  const payments = await findLatestAttemptPayments(
    db,
    read.orders.map((order) => order.checkoutId),
  );
  const orders = new Map(read.orders.map((order) => [order.id, order]));
  return rows.flatMap((row) => {
    const order = orders.get(row.orderId);
    return order ? [toAdminOrder(row, order, read, payments)] : [];
  });
}

/** One order; undefined when it has no kitchen status (it does not exist). */
export async function readAdminOrder(db: Db, row: KitchenOrderRow): Promise<AdminOrder | undefined> {
  return (await readAdminOrders(db, [row]))[0];
}

type OrderRow = OrdersWithLines["orders"][number];

export function toAdminOrder(
  kitchen: KitchenOrderRow,
  order: OrderRow,
  read: Pick<OrdersWithLines, "lines" | "discounts">,
  payments: PaymentRow[],
): AdminOrder {
  const own = payments.filter((payment) => payment.checkoutId === order.checkoutId);
  return {
    id: order.id,
    productionUnitId: order.productionUnitId,
    receiptNumber: order.receiptNumber,
    externalId: order.externalId,
    kitchenStatus: kitchen.status,
    version: kitchen.version,
    orderReadyTime: order.orderReadyTime.toISOString(),
    readyTime: kitchen.readyTime.toISOString(),
    openedAt: kitchen.openedAt?.toISOString() ?? null,
    changedUtc: kitchen.changedAt.toISOString(),
    createdUtc: order.createdAt.toISOString(),
    guest: { name: order.guestName, phone: order.guestPhone, email: order.guestEmail },
    comment: order.orderComment,
    delivery: order.isDelivery
      ? { address: order.deliveryAddress, zipCode: order.deliveryZipCode, fee: toDkk(order.deliveryFeeMinor) }
      : null,
    lines: read.lines
      .filter((line) => line.orderId === order.id)
      .map((line) => ({
        productId: line.productId,
        name: line.name,
        amount: line.amount,
        total: toDkk(line.totalMinor),
        choices: line.choices.map((choice) => ({
          name: choice.name,
          amount: choice.amount,
          price: toDkk(choice.priceMinor),
        })),
      })),
    discounts: read.discounts
      .filter((discount) => discount.orderId === order.id)
      .map((discount) => ({ code: discount.code, amount: toDkk(discount.amountMinor) })),
    total: toDkk(order.totalMinor),
    payments: own.map(toAdminPayment),
    toCollect: toDkk(toCollectMinor(own)),
    rejection: kitchen.rejectReason ? { reason: kitchen.rejectReason, text: kitchen.rejectText } : null,
    refundedInFull: isRefundedInFull(own),
  };
}

const ONLINE_METHODS: readonly string[] = ["card", "mobilepay"];

function toAdminPayment(payment: PaymentRow): AdminOrderPayment {
  const method =
    payment.type === PaymentType.GIFTCARD
      ? "giftcard"
      : payment.type === PaymentType.UNPAID
        ? "pickup"
        : ONLINE_METHODS.includes(payment.method)
          ? (payment.method as "card" | "mobilepay")
          : "card";
  return {
    method,
    amount: toDkk(payment.amountMinor),
    paid: payment.type !== PaymentType.UNPAID,
    refunded:
      payment.state === PaymentState.REFUNDED ||
      (payment.type === PaymentType.UNPAID && payment.state === PaymentState.CANCELLED),
    isTest: payment.isTest,
  };
}
