/**
 * Kitchen capacity.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { capacityInstance } from "./instances";

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

/**
 * Kitchen capacity by weekday and time of day: a pickup slot starting in [starts, ends) on that weekday (the
 * restaurant's local time, "HH:MM") makes items_per_slot items; a slot no rule covers makes the instance's
 * items_per_slot.
 */
export const capacityRule = pgTable(
  "capacity_rule",
  {
    id: serial("id").primaryKey(),
    capacityInstanceId: integer("capacity_instance_id")
      .notNull()
      .references(() => capacityInstance.id, { onDelete: "cascade" }),
    weekday: integer("weekday").notNull(),
    starts: text("starts").notNull(),
    ends: text("ends").notNull(),
    itemsPerSlot: integer("items_per_slot").notNull(),
  },
  (t) => [
    index("capacity_rule_instance").on(t.capacityInstanceId),
    check("capacity_rule_weekday", sql`${t.weekday} between 1 and 7`),
    check("capacity_rule_items", sql`${t.itemsPerSlot} >= 0`),
  ],
);
