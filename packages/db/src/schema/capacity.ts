/**
 * Kitchen capacity.
 */
import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
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
