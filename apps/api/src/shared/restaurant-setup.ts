import { type ChangeFeed, type Db, databaseOf, type Executor } from "@app/db";
import { ChangeBoundCache } from "./change-bound-cache";

/**
 * A restaurant's setup (its settings, hours, closed dates, modules, checkout options, capacity per slot,
 * payment provider, gift card flags of its products) is read by nearly every call of a guest's checkout,
 * several times, and changes only when the restaurant edits it: a placed order read it some 70 times. The
 * repositories read it through here, kept in memory while the database's change feed says none of it
 * changed (shared/change-bound-cache.ts; the tables notify by migrations 0002, 0006 and 0008).
 *
 * Repositories take any executor (the database or an open transaction), and a transaction must not wait for
 * a second connection, so the kept values are found from the executor's database (databaseOf, packages/db),
 * registered here by buildApp. An executor of a database that was never registered reads the database every
 * time.
 *
 * What is kept is frozen (shared by every request). Code that edits the setup inside a transaction and reads
 * it back before committing must read it with its own query: this answers what was committed.
 */
const setupOfDatabase = new WeakMap<object, ChangeBoundCache<unknown>>();

/** Keeps the setup read through `db` and its transactions for as long as `changes` says it is current. */
export function keepRestaurantSetup(db: Db, changes: ChangeFeed): void {
  setupOfDatabase.set(db, new ChangeBoundCache(changes));
}

/** The setup value named `key` (unique across the app: start it with the repository's name), read by `load` when not kept. */
export async function readRestaurantSetup<V>(executor: Executor, key: string, load: () => Promise<V>): Promise<V> {
  const kept = setupOfDatabase.get(databaseOf(executor));
  if (!kept) return load();
  return (await kept.get(key, async () => deepFreeze(await load()))) as V;
}

function deepFreeze<V>(value: V): V {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
