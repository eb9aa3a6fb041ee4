/**
 * Restaurants (production units), their opening hours and languages, and their modules: one web shop of a
 * production unit, with its host names and frontend settings.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
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
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import {
  capacityInstance,
  checkoutInstance,
  deliveryInstance,
  discountInstance,
  giftcardInstance,
  menuInstance,
  paymentInstance,
  productInstance,
} from "./instances";
import { organisation } from "./organisation";

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
  /** The organisation that owns the restaurant (schema/staff.ts); null = no one in the back office sees it. */
  organisationId: integer("organisation_id").references((): AnyPgColumn => organisation.id, { onDelete: "restrict" }),
  createdAt: createdAt(),
});

/**
 * Weekly hours, several ranges a day. weekday: 1 = Monday … 7 = Sunday (ISO). opens/closes "HH:MM" local;
 * closes "24:00" = midnight; closes at or before opens = the range runs past midnight into the next day.
 */
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
    index("business_hours_unit_kind_day").on(t.productionUnitId, t.kind, t.weekday),
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

/**
 * Special hours on one date, replacing that weekday's hours of the same kind (several ranges a date, like
 * business_hours). A closed date (closed_date) wins over special hours.
 */
export const specialHours = pgTable(
  "special_hours",
  {
    id: serial("id").primaryKey(),
    productionUnitId: integer("production_unit_id")
      .notNull()
      .references(() => productionUnit.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["opening", "delivery"] }).notNull(),
    date: date("date").notNull(),
    opens: text("opens").notNull(),
    closes: text("closes").notNull(),
  },
  (t) => [
    index("special_hours_unit_date").on(t.productionUnitId, t.date),
    check("special_hours_kind", sql`${t.kind} in ('opening', 'delivery')`),
  ],
);

export const language = pgTable("language", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  isDefault: boolean("is_default").notNull().default(false),
});

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
