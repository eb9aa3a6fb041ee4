/**
 * Discount codes and gift cards.
 */
import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, editedBy } from "./columns";
import { discountInstance, giftcardInstance } from "./instances";

export const discountCode = pgTable(
  "discount_code",
  {
    id: serial("id").primaryKey(),
    discountInstanceId: integer("discount_instance_id")
      .notNull()
      .references(() => discountInstance.id, { onDelete: "cascade" }),
    /** Stored upper-case; codes are matched case-insensitively. */
    code: text("code").notNull(),
    kind: text("kind", { enum: ["percentage", "amount"] }).notNull(),
    /** Percentage: whole percent 1–100. Amount: minor units. */
    value: integer("value").notNull(),
    minimumBasketMinor: integer("minimum_basket_minor").notNull().default(0),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    /** Products the discount applies to; null = the whole basket (unless categoryIds names some). */
    productIds: jsonb("product_ids").$type<number[] | null>(),
    /** Categories whose products the discount applies to (with productIds: either); null = no limit by category. */
    categoryIds: jsonb("category_ids").$type<number[] | null>(),
    usageLimit: integer("usage_limit"),
    usageCount: integer("usage_count").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    ...editedBy(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("discount_code_instance_code").on(t.discountInstanceId, t.code),
    check("discount_code_usage", sql`${t.usageLimit} is null or ${t.usageCount} <= ${t.usageLimit}`),
    check("discount_code_value", sql`${t.value} > 0 and (${t.kind} <> 'percentage' or ${t.value} <= 100)`),
    check("discount_code_kind", sql`${t.kind} in ('percentage', 'amount')`),
  ],
);

export const giftcard = pgTable(
  "giftcard",
  {
    id: serial("id").primaryKey(),
    giftcardInstanceId: integer("giftcard_instance_id")
      .notNull()
      .references(() => giftcardInstance.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    balanceMinor: integer("balance_minor").notNull(),
    /** What the card was issued with. */
    initialAmountMinor: integer("initial_amount_minor").notNull().default(0),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    /** A deactivated card cannot be used; its balance stays for the ledger. */
    isActive: boolean("is_active").notNull().default(true),
    ...editedBy(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("giftcard_instance_code").on(t.giftcardInstanceId, t.code),
    // The balance can never be spent below zero, whatever the application does.
    check("giftcard_balance", sql`${t.balanceMinor} >= 0`),
  ],
);
