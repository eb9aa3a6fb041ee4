/**
 * The catalogue: menus, categories, products, their option groups (modifiers) and choices, labels.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { archivedAt, bytea, createdAt, editedBy, translations } from "./columns";
import { menuInstance, productInstance } from "./instances";

export const menu = pgTable("menu", {
  id: serial("id").primaryKey(),
  menuInstanceId: integer("menu_instance_id")
    .notNull()
    .references(() => menuInstance.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  active: boolean("active").notNull().default(true),
  ...editedBy(),
  archivedAt: archivedAt(),
});

export const category = pgTable(
  "category",
  {
    id: serial("id").primaryKey(),
    menuId: integer("menu_id")
      .notNull()
      .references(() => menu.id, { onDelete: "cascade" }),
    name: translations("name"),
    description: translations("description"),
    internalName: text("internal_name").notNull().default(""),
    imageUrl: text("image_url").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    ...editedBy(),
    archivedAt: archivedAt(),
  },
  (t) => [index("category_menu").on(t.menuId)],
);

export const product = pgTable(
  "product",
  {
    id: serial("id").primaryKey(),
    productInstanceId: integer("product_instance_id")
      .notNull()
      .references(() => productInstance.id, { onDelete: "cascade" }),
    name: translations("name"),
    subtitle: translations("subtitle"),
    description: translations("description"),
    internalName: text("internal_name").notNull().default(""),
    priceMinor: integer("price_minor").notNull(),
    /** Shown struck through when the product is on offer. */
    originalPriceMinor: integer("original_price_minor"),
    imageUrl: text("image_url").notNull().default(""),
    isGiftcard: boolean("is_giftcard").notNull().default(false),
    /** Weekday sale price (productPriceDaily): applies from startDayOfWeek to endDayOfWeek (ISO 1–7, may wrap). */
    dailyPriceMinor: integer("daily_price_minor"),
    dailyStartDayOfWeek: integer("daily_start_day_of_week"),
    dailyEndDayOfWeek: integer("daily_end_day_of_week"),
    /** Hidden products are kept (and stay on baskets and orders) but not offered. */
    isVisible: boolean("is_visible").notNull().default(true),
    ...editedBy(),
    archivedAt: archivedAt(),
  },
  (t) => [
    index("product_product_instance").on(t.productInstanceId),
    check(
      "product_daily_weekdays",
      sql`(${t.dailyPriceMinor} is null) or (${t.dailyStartDayOfWeek} between 1 and 7 and ${t.dailyEndDayOfWeek} between 1 and 7)`,
    ),
    check("product_price", sql`${t.priceMinor} >= 0`),
  ],
);

export const categoryProduct = pgTable(
  "category_product",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => category.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.productId] })],
);

export const modifier = pgTable("modifier", {
  id: serial("id").primaryKey(),
  productInstanceId: integer("product_instance_id")
    .notNull()
    .references(() => productInstance.id, { onDelete: "cascade" }),
  name: translations("name"),
  internalName: text("internal_name").notNull().default(""),
  ...editedBy(),
  archivedAt: archivedAt(),
});

export const productModifier = pgTable(
  "product_modifier",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    modifierId: integer("modifier_id")
      .notNull()
      .references(() => modifier.id, { onDelete: "cascade" }),
    /** Most choices (counting amounts) the guest may pick in this group. */
    maxChoices: integer("max_choices").notNull(),
    /** Choices included in the product price; the guest must pick at least this many. */
    choicesIncluded: integer("choices_included").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.modifierId] })],
);

export const choice = pgTable("choice", {
  id: serial("id").primaryKey(),
  productInstanceId: integer("product_instance_id")
    .notNull()
    .references(() => productInstance.id, { onDelete: "cascade" }),
  name: translations("name"),
  defaultPriceMinor: integer("default_price_minor").notNull().default(0),
  ...editedBy(),
  archivedAt: archivedAt(),
});

export const modifierChoice = pgTable(
  "modifier_choice",
  {
    modifierId: integer("modifier_id")
      .notNull()
      .references(() => modifier.id, { onDelete: "cascade" }),
    choiceId: integer("choice_id")
      .notNull()
      .references(() => choice.id, { onDelete: "cascade" }),
    defaultChoiceAmount: integer("default_choice_amount").notNull().default(0),
    /** Units of this choice free per product unit. */
    freeAmount: integer("free_amount").notNull().default(0),
    /** Replaces the choice's defaultPrice in this group. */
    overwritePriceMinor: integer("overwrite_price_minor"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.modifierId, t.choiceId] })],
);

export const label = pgTable("label", {
  id: serial("id").primaryKey(),
  productInstanceId: integer("product_instance_id")
    .notNull()
    .references(() => productInstance.id, { onDelete: "cascade" }),
  name: translations("name"),
  description: translations("description"),
  icon: text("icon").notNull(),
  colour: text("colour").notNull(),
  ...editedBy(),
  archivedAt: archivedAt(),
});

export const productLabel = pgTable(
  "product_label",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    labelId: integer("label_id")
      .notNull()
      .references(() => label.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.labelId] })],
);

/**
 * Uploaded menu images (products, categories), named by the SHA-256 of the uploaded bytes. Each is kept as
 * WebP variants of a few widths (menu_image_variant), served immutable from the database, so every API process
 * serves them without a shared disk. URL: /api/menu-images/<hash>/<width>.webp.
 */
export const menuImage = pgTable(
  "menu_image",
  {
    hash: text("hash").primaryKey(),
    productInstanceId: integer("product_instance_id")
      .notNull()
      .references(() => productInstance.id, { onDelete: "cascade" }),
    /** The decoded original's size in pixels. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
    /**
     * Since when no live product or category names the image (its upload time until a save does); null while one
     * does. The retention sweep sets and clears it, a save attaching the image clears it, and the sweep deletes an
     * image unreferenced this long for its grace period (apps/api/src/modules/menu-images/collect-unused-images.ts).
     */
    unreferencedSince: timestamp("unreferenced_since", { withTimezone: true }).defaultNow(),
  },
  (t) => [index("menu_image_product_instance").on(t.productInstanceId)],
);

export const menuImageVariant = pgTable(
  "menu_image_variant",
  {
    hash: text("hash")
      .notNull()
      .references(() => menuImage.hash, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.width] })],
);
