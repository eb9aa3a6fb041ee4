/**
 * Baskets and their lines. Guest-owned: random UUIDs.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { choice, modifier, product } from "./catalogue";
import { createdAt } from "./columns";
import { productionUnit } from "./tenancy";

export const basket = pgTable(
  "basket",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productionUnitId: integer("production_unit_id")
      .notNull()
      .references(() => productionUnit.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("basket_unit").on(t.productionUnitId)],
);

/** Prices are what the server computed when the line was written; the client's are never stored. */
export const basketItem = pgTable(
  "basket_item",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    basketId: uuid("basket_id")
      .notNull()
      .references(() => basket.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => product.id),
    name: text("name").notNull(),
    imageUrl: text("image_url").notNull().default(""),
    amount: integer("amount").notNull(),
    /** Product unit price today (sale applied). */
    productPriceMinor: integer("product_price_minor").notNull(),
    /** Unit price with the chosen options as charged. */
    priceMinor: integer("price_minor").notNull(),
    /** What the line costs. */
    totalPriceMinor: integer("total_price_minor").notNull(),
    /**
     * The unit price (priceMinor) the line had before the restaurant last changed a price it is made of; null when
     * unchanged since the guest added it. The basket shows the change before the guest pays (issue 45).
     */
    priceChangedFromMinor: integer("price_changed_from_minor"),
    editingIsDisabled: boolean("editing_is_disabled").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("basket_item_basket").on(t.basketId), check("basket_item_amount", sql`${t.amount} between 1 and 99`)],
);

export const basketItemChoice = pgTable(
  "basket_item_choice",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    basketItemId: uuid("basket_item_id")
      .notNull()
      .references(() => basketItem.id, { onDelete: "cascade" }),
    choiceId: integer("choice_id")
      .notNull()
      .references(() => choice.id),
    modifierId: integer("modifier_id")
      .notNull()
      .references(() => modifier.id),
    name: text("name").notNull(),
    /** Units of this choice per product unit. */
    amount: integer("amount").notNull(),
    /** What this choice adds to the line's unit price (after included and free units). */
    priceMinor: integer("price_minor").notNull(),
  },
  (t) => [index("basket_item_choice_item").on(t.basketItemId)],
);
