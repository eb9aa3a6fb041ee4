/**
 * Orders, their lines and discounts, receipt numbers and the receipt outbox.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { checkout } from "./checkout";
import { createdAt, outboxDelivery } from "./columns";
import { discountCode } from "./discount-giftcard";
import { module, productionUnit } from "./tenancy";

export const receiptSequence = pgTable("receipt_sequence", {
  productionUnitId: integer("production_unit_id")
    .primaryKey()
    .references(() => productionUnit.id, { onDelete: "cascade" }),
  lastNumber: integer("last_number").notNull().default(0),
});

export const order = pgTable(
  "order",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One order per checkout: the unique index is what makes finalize idempotent. */
    checkoutId: uuid("checkout_id")
      .notNull()
      .references(() => checkout.id),
    productionUnitId: integer("production_unit_id")
      .notNull()
      .references(() => productionUnit.id),
    moduleId: integer("module_id")
      .notNull()
      .references(() => module.id),
    receiptNumber: integer("receipt_number").notNull(),
    externalId: text("external_id").notNull(),
    orderReadyTime: timestamp("order_ready_time", { withTimezone: true }).notNull(),
    capacityInstanceId: integer("capacity_instance_id"),
    itemCount: integer("item_count").notNull(),
    basketTotalMinor: integer("basket_total_minor").notNull(),
    discountMinor: integer("discount_minor").notNull(),
    deliveryFeeMinor: integer("delivery_fee_minor").notNull(),
    totalMinor: integer("total_minor").notNull(),
    guestName: text("guest_name"),
    guestPhone: text("guest_phone"),
    guestEmail: text("guest_email"),
    orderComment: text("order_comment"),
    isDelivery: boolean("is_delivery").notNull().default(false),
    deliveryAddress: text("delivery_address"),
    deliveryZipCode: text("delivery_zip_code"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("order_checkout").on(t.checkoutId),
    uniqueIndex("order_unit_receipt").on(t.productionUnitId, t.receiptNumber),
    // The figures read a restaurant's orders by the time they were placed (modules/figures).
    index("order_unit_created").on(t.productionUnitId, t.createdAt),
  ],
);

export type OrderLineChoice = {
  choiceId: number;
  modifierId: number;
  name: string;
  amount: number;
  priceMinor: number;
};

export const orderLine = pgTable(
  "order_line",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "cascade" }),
    productId: integer("product_id").notNull(),
    name: text("name").notNull(),
    amount: integer("amount").notNull(),
    unitPriceMinor: integer("unit_price_minor").notNull(),
    totalMinor: integer("total_minor").notNull(),
    choices: jsonb("choices").$type<OrderLineChoice[]>().notNull().default([]),
  },
  (t) => [index("order_line_order").on(t.orderId)],
);

export const orderDiscount = pgTable("order_discount", {
  id: uuid("id").primaryKey().defaultRandom(),
  orderId: uuid("order_id")
    .notNull()
    .references(() => order.id, { onDelete: "cascade" }),
  discountCodeId: integer("discount_code_id").references(() => discountCode.id),
  code: text("code").notNull(),
  amountMinor: integer("amount_minor").notNull(),
});

/**
 * Outbox of the guest's messages about an order: the receipt, and (issue 44) the ready time moved, ready for
 * pickup, rejected; (issue 45) money given back (dedupe_key: the order_refund's id). A failed send stays here to be retried and never touches the order. Written in the
 * transaction that decides the message; (order, channel, kind, dedupe_key) is unique, so a message is decided
 * once (dedupe_key tells apart the ready-time moves of one order: the kitchen order's version).
 */
export const receiptMessage = pgTable(
  "receipt_message",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    recipient: text("recipient").notNull(),
    kind: text("kind", { enum: ["receipt", "ready-time-changed", "ready", "rejected", "refunded"] })
      .notNull()
      .default("receipt"),
    dedupeKey: text("dedupe_key").notNull().default(""),
    ...outboxDelivery(),
    createdAt: createdAt(),
  },
  (t) => [
    index("receipt_message_due").on(t.status, t.nextAttemptAt),
    uniqueIndex("receipt_message_once").on(t.orderId, t.channel, t.kind, t.dedupeKey),
    check("receipt_message_kind", sql`${t.kind} in ('receipt', 'ready-time-changed', 'ready', 'rejected', 'refunded')`),
    check("receipt_message_channel", sql`${t.channel} in ('email', 'sms')`),
    check("receipt_message_status", sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

export type OrderRefundLine = { orderLineId: string; amount: number; amountMinor: number };

/**
 * Money staff gave back on an order (issue 45): the whole order, chosen lines or an amount, with a reason. Its
 * card and MobilePay part goes through the payment refund outbox (payment_refund.order_refund_id), its gift-card
 * part back to the cards (giftcard_transaction.order_refund_id). The sum of an order's refunds never exceeds
 * what was paid: refunds of one order are decided one at a time under the order's row lock.
 */
export const orderRefund = pgTable(
  "order_refund",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "cascade" }),
    amountMinor: integer("amount_minor").notNull(),
    kind: text("kind", { enum: ["order", "lines", "amount"] }).notNull(),
    lines: jsonb("lines").$type<OrderRefundLine[]>().notNull().default([]),
    reason: text("reason").notNull(),
    /** The staff account that refunded; null when the kitchen's reject refunded by itself, or made at the provider. */
    accountId: uuid("account_id"),
    /**
     * A refund made at the payment provider, outside this app (Stripe's dashboard), taken over from its webhook:
     * the provider's id of it ("re_…"), one row per provider refund. Null for refunds made here.
     */
    providerRefundId: text("provider_refund_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_refund_order").on(t.orderId),
    uniqueIndex("order_refund_provider_refund").on(t.providerRefundId),
    // The figures count refunds by the day they were made.
    index("order_refund_created").on(t.createdAt),
    check("order_refund_amount", sql`${t.amountMinor} > 0`),
    check("order_refund_kind", sql`${t.kind} in ('order', 'lines', 'amount')`),
  ],
);
