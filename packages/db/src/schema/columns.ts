/** Column shapes that many tables share. */
import { customType, integer, jsonb, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** A translatable text: a map from language code to text. */
export type Translations = Partial<Record<string, string>>;

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
export const translations = (name: string) => jsonb(name).$type<Translations>().notNull().default({});

/**
 * Bumped by database triggers (migration 0002) on every change of the instance's catalogue rows,
 * so every API process can name a catalogue answer by (instance, version) with one small query.
 */
export const catalogueVersion = () => integer("catalogue_version").notNull().default(1);

/**
 * An outbox row's delivery: pending until sent; a failed send counts an attempt, keeps its error and is due
 * again later (the receipt and staff-alert senders' backoff); `failed` once given up.
 */
export const outboxDelivery = () => ({
  status: text("status", { enum: ["pending", "sent", "failed"] })
    .notNull()
    .default("pending"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
});

/** Binary content (uploaded images), kept in the database so every API process serves it without a shared disk. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * What the back office edits: a version for optimistic concurrency (a save names the version it was based on;
 * a save of an older version is refused with who changed it and when), and who changed it last.
 */
export const editedBy = () => ({
  version: integer("version").notNull().default(1),
  updatedAt: updatedAt(),
  /** The staff account (schema/staff.ts) that saved last; null for the seed or a deleted account. */
  updatedBy: uuid("updated_by"),
});

/** Set instead of deleting a row that open baskets or past orders still name; an archived row is not offered. */
export const archivedAt = () => timestamp("archived_at", { withTimezone: true });
