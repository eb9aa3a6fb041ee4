/**
 * The whole data model. Money is always integer minor units (øre) in columns named `*_minor`;
 * translatable texts are jsonb maps from language code to text.
 * Guest-owned rows (baskets, checkouts, payments, orders) have random UUIDs: their id is their
 * only protection, because any guest can obtain a restaurant's token.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export type Translations = Partial<Record<string, string>>;

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const translations = (name: string) => jsonb(name).$type<Translations>().notNull().default({});

// ── Restaurants ────────────────────────────────────────────────────────────────────────────

export const productionUnit = pgTable("production_unit", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  /** Comma-separated street, zip and city, as the storefront shows it. */
  address: text("address").notNull(),
  zipCode: text("zip_code").notNull(),
  phone: text("phone").notNull(),
  receiptEmail: text("receipt_email").notNull(),
  cvrNumber: text("cvr_number").notNull(),
  timeZone: text("time_zone").notNull().default("Europe/Copenhagen"),
  createdAt: createdAt(),
});

/** Weekly hours. weekday: 1 = Monday … 7 = Sunday (ISO). opens/closes "HH:MM" local; closes "24:00" = midnight. */
export const businessHours = pgTable(
  "business_hours",
  {
    id: serial("id").primaryKey(),
    productionUnitId: integer("production_unit_id")
      .notNull()
      .references(() => productionUnit.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["opening", "delivery"] }).notNull(),
    weekday: integer("weekday").notNull(),
    opens: text("opens").notNull(),
    closes: text("closes").notNull(),
  },
  (t) => [
    uniqueIndex("business_hours_unit_kind_day").on(t.productionUnitId, t.kind, t.weekday),
    check("business_hours_weekday", sql`${t.weekday} between 1 and 7`),
    check("business_hours_kind", sql`${t.kind} in ('opening', 'delivery')`),
  ],
);

export const closedDate = pgTable(
  "closed_date",
  {
    productionUnitId: integer("production_unit_id")
      .notNull()
      .references(() => productionUnit.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    reason: text("reason").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.productionUnitId, t.date] })],
);

export const language = pgTable("language", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  isDefault: boolean("is_default").notNull().default(false),
});

// ── Instances: configuration groups a module points at ─────────────────────────────────────

/**
 * Bumped by database triggers (migration 0002) on every change of the instance's catalogue rows,
 * so every API process can name a catalogue answer by (instance, version) with one small query.
 */
const catalogueVersion = () => integer("catalogue_version").notNull().default(1);

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
  },
  (t) => [
    primaryKey({ columns: [t.deliveryInstanceId, t.zipCode] }),
    check("delivery_zone_fee", sql`${t.feeMinor} >= 0`),
  ],
);

export const discountInstance = pgTable("discount_instance", { id: serial("id").primaryKey() });
export const giftcardInstance = pgTable("giftcard_instance", { id: serial("id").primaryKey() });

export const paymentInstance = pgTable("payment_instance", {
  id: serial("id").primaryKey(),
  /** Name of the payment provider module, e.g. "test". */
  provider: text("provider").notNull(),
});

// ── Modules: one web shop of a production unit ─────────────────────────────────────────────

export const module = pgTable(
  "module",
  {
    id: serial("id").primaryKey(),
    productionUnitId: integer("production_unit_id")
      .notNull()
      .references(() => productionUnit.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** CLICKANDCOLLECT 0, TAKEAWAY 1, ORDERATTABLE 2, OPERATIONS 3, KIOSK 4, LANDINGPAGE 5, FASTTRACK 6, ROOMSERVICE 7, EVENT 10 */
    type: integer("type").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    isVisible: boolean("is_visible").notNull().default(true),
    menuInstanceId: integer("menu_instance_id")
      .notNull()
      .references(() => menuInstance.id),
    productInstanceId: integer("product_instance_id")
      .notNull()
      .references(() => productInstance.id),
    checkoutInstanceId: integer("checkout_instance_id")
      .notNull()
      .references(() => checkoutInstance.id),
    capacityInstanceId: integer("capacity_instance_id")
      .notNull()
      .references(() => capacityInstance.id),
    deliveryInstanceId: integer("delivery_instance_id").references(() => deliveryInstance.id),
    discountInstanceId: integer("discount_instance_id").references(() => discountInstance.id),
    giftcardInstanceId: integer("giftcard_instance_id").references(() => giftcardInstance.id),
    paymentInstanceId: integer("payment_instance_id")
      .notNull()
      .references(() => paymentInstance.id),
    // Integrations the storefront only passes through (POS, Lavu, placeholder texts).
    lavuInstanceId: integer("lavu_instance_id"),
    placeholderInstanceId: integer("placeholder_instance_id"),
    posSettingInstanceId: integer("pos_setting_instance_id"),
  },
  (t) => [index("module_unit").on(t.productionUnitId), check("module_type", sql`${t.type} in (0,1,2,3,4,5,6,7,10)`)],
);

/** Host names a module answers on (white-label domains). */
export const moduleDomain = pgTable(
  "module_domain",
  {
    host: text("host").primaryKey(),
    moduleId: integer("module_id")
      .notNull()
      .references(() => module.id, { onDelete: "cascade" }),
  },
  // Every payment request reads the module's hosts to check its redirect URLs.
  (t) => [index("module_domain_module").on(t.moduleId)],
);

/** Frontend feature settings of a module; value is the JSON value (served JSON-encoded). */
export const appSetting = pgTable(
  "app_setting",
  {
    moduleId: integer("module_id")
      .notNull()
      .references(() => module.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    value: jsonb("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.moduleId, t.name] })],
);

// ── Catalogue ──────────────────────────────────────────────────────────────────────────────

export const menu = pgTable("menu", {
  id: serial("id").primaryKey(),
  menuInstanceId: integer("menu_instance_id")
    .notNull()
    .references(() => menuInstance.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  active: boolean("active").notNull().default(true),
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

// ── Warehouse ──────────────────────────────────────────────────────────────────────────────

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

// ── Baskets ────────────────────────────────────────────────────────────────────────────────

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

// ── Discounts and gift cards ───────────────────────────────────────────────────────────────

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
    /** Products the discount applies to; null = the whole basket. */
    productIds: jsonb("product_ids").$type<number[] | null>(),
    usageLimit: integer("usage_limit"),
    usageCount: integer("usage_count").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
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
    validUntil: timestamp("valid_until", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("giftcard_instance_code").on(t.giftcardInstanceId, t.code),
    // The balance can never be spent below zero, whatever the application does.
    check("giftcard_balance", sql`${t.balanceMinor} >= 0`),
  ],
);

// ── Checkouts ──────────────────────────────────────────────────────────────────────────────

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

// ── Kitchen capacity ───────────────────────────────────────────────────────────────────────

/** Items already promised per pickup slot; written only by conditional updates that respect the limit. */
export const capacityUsage = pgTable(
  "capacity_usage",
  {
    capacityInstanceId: integer("capacity_instance_id")
      .notNull()
      .references(() => capacityInstance.id, { onDelete: "cascade" }),
    slotStart: timestamp("slot_start", { withTimezone: true }).notNull(),
    itemsUsed: integer("items_used").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.capacityInstanceId, t.slotStart] }),
    check("capacity_usage_items", sql`${t.itemsUsed} >= 0`),
  ],
);

// ── Payments ───────────────────────────────────────────────────────────────────────────────

export const payment = pgTable(
  "payment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    checkoutId: uuid("checkout_id")
      .notNull()
      .references(() => checkout.id, { onDelete: "cascade" }),
    productionUnitId: integer("production_unit_id")
      .notNull()
      .references(() => productionUnit.id),
    /** CREATED 1, CANCELLED 2, FAILED 64, AUTHORIZED 128, REFUNDED 250, PARTIALLYCAPTURED 254, CAPTURED 255 */
    state: integer("state").notNull().default(1),
    /** ONLINE 0, GIFTCARD 1, UNPAID 2 */
    type: integer("type").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    provider: text("provider").notNull(),
    /** card | mobilepay | giftcard | pickup */
    method: text("method").notNull(),
    isTest: boolean("is_test").notNull().default(false),
    continueUrl: text("continue_url"),
    cancelUrl: text("cancel_url"),
    receiptEmail: text("receipt_email"),
    giftcardId: integer("giftcard_id").references(() => giftcard.id),
    providerReference: text("provider_reference"),
    /**
     * Which payment request of its checkout wrote it: 1, 2, 3, … per checkout. Every payment one
     * POST /checkout/{id}/payment writes (gift cards and the main payment) shares the number, and
     * the highest number is the checkout's current attempt.
     */
    attempt: integer("attempt").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payment_checkout_attempt").on(t.checkoutId, t.attempt),
    // The sweeper's query: CREATED payments older than the expiry.
    index("payment_state_created").on(t.state, t.createdAt),
    check("payment_amount", sql`${t.amountMinor} >= 0`),
    check("payment_attempt", sql`${t.attempt} >= 1`),
  ],
);

/**
 * What a payment attempt holds while the guest pays: the slot's kitchen units (counted in
 * capacity_usage) and one use of each applied discount code (counted in discount_code.usage_count),
 * taken in the transaction that creates the attempt, so payments in flight can never oversell a slot
 * or a code. One row per attempt. `state`: held → released (the attempt ended without an order: the
 * counters were given back) or kept (its order was placed: the counts are the order's now).
 * See docs/decisions/012-payments-hold-capacity-and-discounts.md.
 */
export const paymentHold = pgTable(
  "payment_hold",
  {
    checkoutId: uuid("checkout_id")
      .notNull()
      .references(() => checkout.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    /** The kitchen capacity held; null when the module does not enforce capacity. */
    capacityInstanceId: integer("capacity_instance_id").references(() => capacityInstance.id, {
      onDelete: "set null",
    }),
    slotStart: timestamp("slot_start", { withTimezone: true }),
    items: integer("items").notNull().default(0),
    /** One use held of each of these codes. */
    discountCodeIds: integer("discount_code_ids").array().notNull().default(sql`'{}'::integer[]`),
    state: text("state", { enum: ["held", "released", "kept"] })
      .notNull()
      .default("held"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.checkoutId, t.attempt] }), check("payment_hold_items", sql`${t.items} >= 0`)],
);

/**
 * Outbox of money to give back at a payment's provider (an authorized payment whose order can never
 * be placed, or a provider approval that came after the core had cancelled the payment). Written in
 * the transaction that decides the refund; worked with retries until the provider confirms (done_at).
 * One row per payment at most, so a replayed decision never refunds twice.
 */
export const paymentRefund = pgTable(
  "payment_refund",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payment.id, { onDelete: "cascade" }),
    amountMinor: integer("amount_minor").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** When the provider confirmed the refund; null while it is still to be done. */
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_refund_payment").on(t.paymentId),
    index("payment_refund_due").on(t.doneAt, t.nextAttemptAt),
    check("payment_refund_amount", sql`${t.amountMinor} > 0`),
  ],
);

/** Every change of a gift card's balance, for audit and for refunds. */
export const giftcardTransaction = pgTable("giftcard_transaction", {
  id: uuid("id").primaryKey().defaultRandom(),
  giftcardId: integer("giftcard_id")
    .notNull()
    .references(() => giftcard.id),
  paymentId: uuid("payment_id").references(() => payment.id),
  /** Negative when spent, positive when refunded. */
  amountMinor: integer("amount_minor").notNull(),
  createdAt: createdAt(),
});

// ── Orders and receipts ────────────────────────────────────────────────────────────────────

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

/** Outbox of receipts to send; a failed send stays here to be retried and never touches the order. */
export const receiptMessage = pgTable(
  "receipt_message",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    recipient: text("recipient").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("receipt_message_due").on(t.status, t.nextAttemptAt),
    check("receipt_message_channel", sql`${t.channel} in ('email', 'sms')`),
    check("receipt_message_status", sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * Counters of the API's rate limits (apps/api/src/plugins/guess-limit), shared by every API process
 * on one PostgreSQL. A row counts the hits of one key until `expires_at`; the next hit after that
 * starts it again at 1. Expired rows are only garbage: the retention sweep deletes them.
 */
export const rateLimitCounter = pgTable("rate_limit_counter", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
