/**
 * The restaurant's side of a placed order (issue 44): its kitchen status, the per-restaurant event log that
 * pushes every change to the staff screens, which restaurants have a screen open, online ordering paused or
 * busy, and the alerts sent to managers when an order goes unseen.
 */
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, outboxDelivery } from "./columns";
import { order } from "./order";
import { productionUnit } from "./tenancy";

/**
 * One row per order, written in the order's transaction: what the kitchen has done with it. Every change is a
 * conditional update on `version` (two tablets: exactly one wins). `ready_time` starts as the guest's time.
 */
export const kitchenOrder = pgTable(
  "kitchen_order",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => order.id, { onDelete: "cascade" }),
    productionUnitId: integer("production_unit_id")
      .notNull()
      .references(() => productionUnit.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["new", "accepted", "ready", "picked-up", "rejected"] })
      .notNull()
      .default("new"),
    version: integer("version").notNull().default(1),
    readyTime: timestamp("ready_time", { withTimezone: true }).notNull(),
    /** First opened on a staff screen: the new-order alert stops, and the order is no longer unseen. */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    rejectReason: text("reject_reason", { enum: ["sold-out", "closed", "too-busy", "other"] }),
    rejectText: text("reject_text"),
    /** When the status or ready time last changed (the kitchen display's "recall" takes the last bumped). */
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last "order unseen" alert to managers (repeated at most every 5 minutes). */
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("kitchen_order_unit_status").on(t.productionUnitId, t.status),
    index("kitchen_order_unit_created").on(t.productionUnitId, t.createdAt),
    check("kitchen_order_status", sql`${t.status} in ('new', 'accepted', 'ready', 'picked-up', 'rejected')`),
    check(
      "kitchen_order_reject_reason",
      sql`${t.rejectReason} is null or ${t.rejectReason} in ('sold-out', 'closed', 'too-busy', 'other')`,
    ),
  ],
);

/**
 * The last sequence number of each restaurant's event log. Taking the next number locks the row until the
 * writing transaction ends, so numbers commit in order: a reader that has seen n has seen everything before n.
 */
export const restaurantEventSequence = pgTable("restaurant_event_sequence", {
  productionUnitId: integer("production_unit_id")
    .primaryKey()
    .references(() => productionUnit.id, { onDelete: "cascade" }),
  lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
});

/**
 * The restaurant's event log (an outbox), written in the same transaction as the change it tells about: the truth
 * SSE streams read after a sequence number. NOTIFY restaurant_event (migration 0019) carries each event at its
 * commit; a reader takes it from there only when it is the very next one after what it has, else it reads here.
 */
export const restaurantEvent = pgTable(
  "restaurant_event",
  {
    productionUnitId: integer("production_unit_id")
      .notNull()
      .references(() => productionUnit.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.productionUnitId, t.seq] }), index("restaurant_event_created").on(t.createdAt)],
);

/**
 * When a staff screen (an open event stream) last showed each restaurant: every process refreshes it while
 * its streams are open, so "no screen for 2 minutes" is known on every process.
 */
export const screenPresence = pgTable("screen_presence", {
  productionUnitId: integer("production_unit_id")
    .primaryKey()
    .references(() => productionUnit.id, { onDelete: "cascade" }),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
});

/**
 * Online ordering paused (no new orders until `paused_until`) or busy (+busy_minutes on the earliest pickup
 * time until `busy_until`). Both end by themselves; a row whose times have passed means neither.
 */
export const orderingPause = pgTable("ordering_pause", {
  productionUnitId: integer("production_unit_id")
    .primaryKey()
    .references(() => productionUnit.id, { onDelete: "cascade" }),
  pausedUntil: timestamp("paused_until", { withTimezone: true }),
  busyMinutes: integer("busy_minutes").notNull().default(0),
  busyUntil: timestamp("busy_until", { withTimezone: true }),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Alerts to a restaurant's managers (an outbox like the guests' messages): an order not seen in time, no
 * screen open while ordering is open, an order rejected automatically.
 */
export const staffAlert = pgTable(
  "staff_alert",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productionUnitId: integer("production_unit_id")
      .notNull()
      .references(() => productionUnit.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["order-unseen", "no-screen", "auto-rejected"] }).notNull(),
    orderId: uuid("order_id").references(() => order.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    recipient: text("recipient").notNull(),
    ...outboxDelivery(),
    createdAt: createdAt(),
  },
  (t) => [
    index("staff_alert_due").on(t.status, t.nextAttemptAt),
    index("staff_alert_unit_kind").on(t.productionUnitId, t.kind, t.createdAt),
  ],
);
