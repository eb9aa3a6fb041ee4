import type { Db } from "@app/db";
import { sql } from "@app/db/orm";

/** The callback shape of @fastify/rate-limit's stores: the key's count and the ms left of its window. */
type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store in the rate_limit_counter table, so that every API process on one
 * PostgreSQL counts against the same numbers. One statement per hit: the upsert is atomic, so parallel
 * hits from several processes each get their own count. The database's clock decides the windows,
 * the one clock all processes share.
 */
export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      answer(
        db.execute(sql`
          insert into rate_limit_counter (key, count, expires_at)
          values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
          on conflict (key) do update set
            count = case when rate_limit_counter.expires_at <= now() then 1 else rate_limit_counter.count + 1 end,
            expires_at = case when rate_limit_counter.expires_at <= now() then excluded.expires_at
                              else rate_limit_counter.expires_at end
          returning count, ${msLeft} as ttl`),
        callback,
      );
    }

    /** The key's count without counting a hit (the plugin's `{ increment: false }`). */
    read(key: string, callback: StoreCallback): void {
      answer(
        db.execute(
          sql`select count, ${msLeft} as ttl from rate_limit_counter where key = ${key} and expires_at > now()`,
        ),
        callback,
      );
    }

    /** Route-level options need no store of their own: the keys already tell the limits apart. */
    child(): PostgresRateLimitStore {
      return this;
    }
  };
}

const msLeft = sql.raw("greatest(0, ceil(extract(epoch from (rate_limit_counter.expires_at - now())) * 1000))::int");

function answer(query: PromiseLike<unknown>, callback: StoreCallback): void {
  Promise.resolve(query).then(
    (result) => {
      const row = (result as { rows: unknown[] }).rows[0] as { count: number; ttl: number } | undefined;
      callback(null, row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 });
    },
    (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
  );
}
