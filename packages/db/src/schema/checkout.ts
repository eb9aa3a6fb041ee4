/**
 * Checkouts and the discounts and gift cards applied to them. Guest-owned: random UUIDs.
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { basket } from "./basket";
import { createdAt, updatedAt } from "./columns";
import { discountCode, giftcard } from "./discount-giftcard";
import { checkoutInstance } from "./instances";
import { module, productionUnit } from "./tenancy";

export const checkout = pgTable(
  "checkout",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productionUnitId: integer("production_unit_id")
      .notNull()
      .references(() => productionUnit.id, { onDelete: "cascade" }),
    moduleId: integer("module_id")
      .notNull()
      .references(() => module.id),
    checkoutInstanceId: integer("checkout_instance_id")
      .notNull()
      .references(() => checkoutInstance.id),
    /** OPEN 0, PENDING 1, DONE 2, ERROR 3, FINALIZING 4 */
    state: integer("state").notNull().default(0),
    basketId: uuid("basket_id").references(() => basket.id),
    guestName: text("guest_name"),
    guestPhone: text("guest_phone"),
    guestEmail: text("guest_email"),
    orderComment: text("order_comment"),
    amountOfGuests: integer("amount_of_guests"),
    amountOfKids: integer("amount_of_kids"),
    orderReadyTime: timestamp("order_ready_time", { withTimezone: true }),
    isDelivery: boolean("is_delivery").notNull().default(false),
    /** INITIAL 0, ADDRESS_CHOSEN 1, DATE_CHOSEN 2, FINAL 3 */
    deliveryStage: integer("delivery_stage").notNull().default(0),
    deliveryAddress: text("delivery_address"),
    deliveryZipCode: text("delivery_zip_code"),
    deliveryFeeMinor: integer("delivery_fee_minor").notNull().default(0),
    deliveryDate: date("delivery_date"),
    orderId: uuid("order_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The payment sweeper looks for PENDING checkouts (few, among many DONE ones).
    index("checkout_state").on(t.state),
    check("checkout_state", sql`${t.state} in (0,1,2,3,4)`),
  ],
);

export const checkoutDiscount = pgTable(
  "checkout_discount",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    checkoutId: uuid("checkout_id")
      .notNull()
      .references(() => checkout.id, { onDelete: "cascade" }),
    discountCodeId: integer("discount_code_id")
      .notNull()
      .references(() => discountCode.id),
    code: text("code").notNull(),
    amountMinor: integer("amount_minor").notNull(),
  },
  // Read on every total of a checkout.
  (t) => [index("checkout_discount_checkout").on(t.checkoutId)],
);

export const checkoutGiftcard = pgTable(
  "checkout_giftcard",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    checkoutId: uuid("checkout_id")
      .notNull()
      .references(() => checkout.id, { onDelete: "cascade" }),
    giftcardId: integer("giftcard_id")
      .notNull()
      .references(() => giftcard.id),
    code: text("code").notNull(),
    amountMinor: integer("amount_minor").notNull(),
  },
  (t) => [index("checkout_giftcard_checkout").on(t.checkoutId)],
);
