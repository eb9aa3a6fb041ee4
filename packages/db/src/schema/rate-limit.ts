import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
