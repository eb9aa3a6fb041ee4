/**
 * SQL of the retention sweep of what no module owns: the rate-limit counters plugins/guess-limit and
 * plugins/client-limit write (a plugin, not a module: its store only counts, and nothing else would ever delete the
 * windows that are over). Checkouts and baskets are deleted by their own modules
 * (deleteUnorderedCheckouts, deleteUnorderedBaskets), which the sweep asks through their index.ts.
 */
import { type Executor, schema } from "@app/db";
import { inArray, lt, sql } from "@app/db/orm";

const { rateLimitCounter } = schema;

/**
 * Deletes up to `limit` rate-limit counters whose window is over (plugins/guess-limit): their keys name a
 * minute that has passed, so nothing reads them again. The database's clock decides, as it did when it set
 * them. Answers how many were deleted.
 */
export async function deleteExpiredRateLimitCounters(db: Executor, input: { limit: number }): Promise<number> {
  const stale = db
    .select({ key: rateLimitCounter.key })
    .from(rateLimitCounter)
    .where(lt(rateLimitCounter.expiresAt, sql`now()`))
    .limit(input.limit)
    .for("update", { skipLocked: true });
  const deleted = await db
    .delete(rateLimitCounter)
    .where(inArray(rateLimitCounter.key, stale))
    .returning({ key: rateLimitCounter.key });
  return deleted.length;
}
