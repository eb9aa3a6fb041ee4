/**
 * Instances: configuration groups a module points at (menu, products, checkout, capacity, delivery,
 * discounts, gift cards, payment).
 */
import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { catalogueVersion } from "./columns";

export const menuInstance = pgTable("menu_instance", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  /** +1 on any insert/update/delete of its menus, categories or category products. */
  catalogueVersion: catalogueVersion(),
});

export const productInstance = pgTable("product_instance", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  /** +1 on any insert/update/delete of its products, option groups, choices or labels (not of stock blocks). */
  catalogueVersion: catalogueVersion(),
});

export const checkoutInstance = pgTable("checkout_instance", {
  id: serial("id").primaryKey(),
  isGiftcardEnabled: boolean("is_giftcard_enabled").notNull().default(true),
  isDiscountEnabled: boolean("is_discount_enabled").notNull().default(true),
  guestFutureOrderDates: integer("guest_future_order_dates").notNull().default(0),
  chainDeliveryEnabled: boolean("chain_delivery_enabled").notNull().default(false),
  /** Minutes between pickup slots. */
  orderTimeInterval: integer("order_time_interval").notNull().default(15),
  /** Minutes the kitchen needs before the first slot it offers. */
  preparationMinutes: integer("preparation_minutes").notNull().default(20),
});

export const capacityInstance = pgTable("capacity_instance", {
  id: serial("id").primaryKey(),
  /** How many items the kitchen makes per pickup slot. */
  itemsPerSlot: integer("items_per_slot").notNull(),
});

export const deliveryInstance = pgTable("delivery_instance", {
  id: serial("id").primaryKey(),
  /** Minutes between delivery slots. */
  timeInterval: integer("time_interval").notNull().default(30),
  preparationMinutes: integer("preparation_minutes").notNull().default(45),
});

export const deliveryZone = pgTable(
  "delivery_zone",
  {
    deliveryInstanceId: integer("delivery_instance_id")
      .notNull()
      .references(() => deliveryInstance.id, { onDelete: "cascade" }),
    zipCode: text("zip_code").notNull(),
    feeMinor: integer("fee_minor").notNull(),
    /** The smallest basket (before fees) delivered to this zip code. */
    minimumOrderMinor: integer("minimum_order_minor").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.deliveryInstanceId, t.zipCode] }),
    check("delivery_zone_fee", sql`${t.feeMinor} >= 0`),
    check("delivery_zone_minimum", sql`${t.minimumOrderMinor} >= 0`),
  ],
);

export const discountInstance = pgTable("discount_instance", { id: serial("id").primaryKey() });
export const giftcardInstance = pgTable("giftcard_instance", { id: serial("id").primaryKey() });

export const paymentInstance = pgTable("payment_instance", {
  id: serial("id").primaryKey(),
  /** Name of the payment provider module, e.g. "test". */
  provider: text("provider").notNull(),
});
