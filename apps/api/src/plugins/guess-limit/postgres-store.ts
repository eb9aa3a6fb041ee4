import type { Db } from "@app/db";
import { sql } from "@app/db/orm";
import type { CounterKeys, CounterStore } from "./memory-store";
import type { GuessCounts } from "./rules";

/** Long enough to outlive the minute a key names (the key changes with the minute anyway); then only garbage. */
const COUNTER_LIFETIME_MS = 2 * 60_000;

/**
 * The guessing counters in the rate_limit_counter table, so that every API process on one PostgreSQL decides
 * on the same numbers. An update is one transaction: the try's rows are created if missing, locked
 * (`for update`, in key order, so two updates never wait on each other crosswise), read, decided on and
 * changed; a second process deciding on the same token or address waits for the first one's commit.
 * Expired rows are deleted by the retention sweep.
 */
export function postgresCounterStore(db: Db): CounterStore {
  return {
    async read(_minute, keys) {
      const rows = await db.execute(
        sql`select key, count from rate_limit_counter where key in (${sqlList(Object.values(keys))})`,
      );
      return countsOf(keys, rows);
    },
    async update(_minute, keys, decide) {
      const keyList = sqlList([...new Set(Object.values(keys))].sort());
      return db.transaction(async (tx) => {
        // In key order too: two inserts of the same new keys in different orders could deadlock.
        await tx.execute(sql`
          insert into rate_limit_counter (key, count, expires_at)
          select key, 0, now() + ${COUNTER_LIFETIME_MS} * interval '1 millisecond'
          from unnest(array[${keyList}]::text[]) with ordinality as keys(key, position)
          order by position
          on conflict (key) do nothing`);
        const locked = await tx.execute(
          sql`select key, count from rate_limit_counter where key in (${keyList}) order by key for update`,
        );
        const { add, answer } = decide(countsOf(keys, locked));
        const changes = (Object.entries(add) as [keyof GuessCounts, number][]).filter(([, delta]) => delta !== 0);
        if (changes.length > 0) {
          const deltas = sql.join(
            changes.map(([name, delta]) => sql`(${keys[name]}::text, ${delta}::int)`),
            sql`, `,
          );
          await tx.execute(sql`
            update rate_limit_counter set count = rate_limit_counter.count + change.delta
            from (values ${deltas}) as change(key, delta)
            where rate_limit_counter.key = change.key`);
        }
        return answer;
      });
    },
  };
}

function sqlList(keys: string[]) {
  return sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  );
}

function countsOf(keys: CounterKeys, result: unknown): GuessCounts {
  const rows = (result as { rows: { key: string; count: number }[] }).rows;
  const byKey = new Map(rows.map((row) => [row.key, Number(row.count)]));
  const names = Object.keys(keys) as (keyof GuessCounts)[];
  return Object.fromEntries(names.map((name) => [name, byKey.get(keys[name]) ?? 0])) as GuessCounts;
}

/** One hit of `key` in a window of `windowMs` from its first hit: the count so far and the ms the window has left. */
export type HitCounter = (key: string, windowMs: number) => Promise<Hit>;
export type Hit = { count: number; msLeft: number };

/**
 * One hit of each key in turn, stopping after the first whose count goes over `limit`: the hits counted, in
 * the keys' order (the last one over the limit, or every key within it).
 */
export type HitsCounter = (keys: string[], windowMs: number, limit: number) => Promise<Hit[]>;

/**
 * A plain hit counter in the same table, for limits that count every request (plugins/client-limit): atomic
 * upserts, so parallel hits from several processes each get their own count; the database's clock ends the
 * windows. All of a request's keys in one statement (one round trip), each key's upsert taking place only
 * while the one before stayed within the limit. The guessing limits do not use it: they must refuse a try
 * without counting it, which a hit counter cannot.
 */
export function postgresHitCounter(db: Db): HitsCounter {
  return async (keys, windowMs, limit) => {
    if (keys.length === 0) return [];
    const hits = keys.map((key, index) => {
      const within = index === 0 ? sql`true` : sql`(select count from hit_${sql.raw(String(index - 1))}) <= ${limit}`;
      return sql`hit_${sql.raw(String(index))} as (
        insert into rate_limit_counter (key, count, expires_at)
        select ${key}, 1, now() + ${windowMs} * interval '1 millisecond' where ${within}
        on conflict (key) do update set
          count = case when rate_limit_counter.expires_at <= now() then 1 else rate_limit_counter.count + 1 end,
          expires_at = case when rate_limit_counter.expires_at <= now() then excluded.expires_at
                            else rate_limit_counter.expires_at end
        returning count, ${msLeft} as ms_left)`;
    });
    const answers = keys.map(
      (_key, index) => sql`select ${index}::int as position, count, ms_left from hit_${sql.raw(String(index))}`,
    );
    const result = await db.execute(
      sql`with ${sql.join(hits, sql`, `)} ${sql.join(answers, sql` union all `)} order by position`,
    );
    const rows = (result as { rows: Array<{ count: number; ms_left: number }> }).rows;
    return rows.map((row) => ({ count: Number(row.count), msLeft: Number(row.ms_left) }));
  };
}

const msLeft = sql.raw("greatest(0, ceil(extract(epoch from (rate_limit_counter.expires_at - now())) * 1000))::int");
