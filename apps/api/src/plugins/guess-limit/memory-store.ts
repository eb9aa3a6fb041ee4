import type { GuessCounts } from "./rules";

/** Where each of a try's counters is kept: keys that name the kind, the minute and the token or address. */
export type CounterKeys = Record<keyof GuessCounts, string>;

/** What a decision adds to the counters, and what it answers. */
export type CounterChange<T> = { add: Partial<GuessCounts>; answer: T };

/**
 * The guessing counters (memory or PostgreSQL). `update` is atomic: the counts `decide` sees are the current
 * ones, and nobody else reads or changes those keys until its change is added, in this process or any other.
 */
export type CounterStore = {
  update<T>(minute: number, keys: CounterKeys, decide: (counts: GuessCounts) => CounterChange<T>): Promise<T>;
  /** The counts as they are, without locking or creating anything. */
  read(minute: number, keys: CounterKeys): Promise<GuessCounts>;
};

/**
 * The counters of one process (PGlite: there is only one). Synchronous read-decide-write, so atomic by
 * construction. Only the current and the previous minute are kept: a try reserved at the end of a minute is
 * settled in its own minute's counters just after.
 */
export function memoryCounterStore(): CounterStore {
  const minutes = new Map<number, Map<string, number>>();
  const countsOf = (minute: number) => {
    for (const kept of minutes.keys()) if (kept < minute - 1) minutes.delete(kept);
    const counts = minutes.get(minute) ?? new Map<string, number>();
    minutes.set(minute, counts);
    return counts;
  };
  const read = (counts: Map<string, number>, keys: CounterKeys) => {
    const names = Object.keys(keys) as (keyof GuessCounts)[];
    return Object.fromEntries(names.map((name) => [name, counts.get(keys[name]) ?? 0])) as GuessCounts;
  };
  return {
    async read(minute, keys) {
      return read(minutes.get(minute) ?? new Map(), keys);
    },
    async update(minute, keys, decide) {
      const counts = countsOf(minute);
      const { add, answer } = decide(read(counts, keys));
      for (const [name, delta] of Object.entries(add) as [keyof GuessCounts, number][]) {
        const count = (counts.get(keys[name]) ?? 0) + delta;
        // Right tries give their counts back to 0: a guest who only ever tries right codes leaves nothing behind.
        if (count === 0) counts.delete(keys[name]);
        else counts.set(keys[name], count);
      }
      return answer;
    },
  };
}
