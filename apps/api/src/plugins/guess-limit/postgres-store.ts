import type { Db } from "@app/db";
import { sql } from "@app/db/orm";
import type { CounterStore } from "./memory-store";
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
    async update(_minute, keys, decide) {
      const names = Object.keys(keys) as (keyof GuessCounts)[];
      const sorted = [...new Set(Object.values(keys))].sort();
      const keyList = sql.join(
        sorted.map((key) => sql`${key}`),
        sql`, `,
      );
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
        const byKey = new Map(
          ((locked as { rows: unknown[] }).rows as { key: string; count: number }[]).map((row) => [
            row.key,
            Number(row.count),
          ]),
        );
        const current = Object.fromEntries(names.map((name) => [name, byKey.get(keys[name]) ?? 0])) as GuessCounts;
        const { add, answer } = decide(current);
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
