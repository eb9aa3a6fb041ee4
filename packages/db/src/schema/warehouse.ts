/**
 * What a production unit has sold out: products and choices.
 */
import { integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
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
  },
  (t) => [primaryKey({ columns: [t.productionUnitId, t.choiceId] })],
);
