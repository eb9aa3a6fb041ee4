/**
 * What a production unit has sold out: products and choices. `until`: it comes back by itself then (the end of
 * the restaurant's day, or a time staff chose); null: until staff restore it. A row whose `until` has passed
 * is not sold out.
 */
import { integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { choice, product } from "./catalogue";
import { productionUnit } from "./tenancy";

export const blockedProduct = pgTable(
  "blocked_product",
  {
    productionUnitId: integer("production_unit_id")
      .notNull()
      .references(() => productionUnit.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    until: timestamp("until", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.productionUnitId, t.productId] })],
);

export const blockedChoice = pgTable(
  "blocked_choice",
  {
    productionUnitId: integer("production_unit_id")
      .notNull()
      .references(() => productionUnit.id, { onDelete: "cascade" }),
    choiceId: integer("choice_id")
      .notNull()
      .references(() => choice.id, { onDelete: "cascade" }),
    until: timestamp("until", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.productionUnitId, t.choiceId] })],
);
