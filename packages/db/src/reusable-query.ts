import type { Executor } from "./client";

/** A query drizzle has built into SQL text and parameters (its `_prepare()`), bound to one session's client. */
type BuiltQuery<T> = { client: unknown; execute(values: Record<string, unknown>): Promise<T> };

/** What every drizzle query builder is underneath its thenable face: it builds its SQL when asked. */
export type QueryBuilder<T> = PromiseLike<T> & { _prepare(): BuiltQuery<T> };

/**
 * A query of a fixed shape whose SQL is built once, then run on any executor (the database or an open
 * transaction) with the values of its `sql.placeholder(name)`s. drizzle otherwise builds every query's SQL
 * text from its builder on every call: on a placed order that was about a sixth of the API's CPU (bench/README.md,
 * "SQL built once"). drizzle's own `.prepare()` stays bound to the session it was made on, so it cannot serve the
 * queries inside transactions; here the built query is rebound to each executor's connection as it runs.
 *
 * Only for queries whose SQL does not depend on the values (no `inArray` of a varying list, no optional
 * conditions or columns). In `.values()` a placeholder's value is mapped by its column as usual (a Date for a
 * timestamp). Elsewhere (conditions, and `.set()`, which takes a placeholder only as sql`${placeholder}`) it
 * reaches the driver as given, so a timestamp goes in as an ISO string (what drizzle's timestamp columns send).
 */
export function reusableQuery<T>(
  build: (db: Executor) => PromiseLike<T>,
): (db: Executor, values?: Record<string, unknown>) => Promise<T> {
  // Per driver (PGlite or node-postgres: its session's class), as one process may hold both, in tests.
  const builtPerDriver = new Map<unknown, BuiltQuery<T>>();
  // The database's own client runs most reads, and node-postgres reuses its pooled clients: their bound queries
  // are kept (a PGlite transaction's client is new each time, and let go with it).
  const boundPerClient = new WeakMap<object, BuiltQuery<T>>();
  return (db, values = {}) => {
    const session = db._.session as unknown as { client: object; constructor: unknown };
    let bound = boundPerClient.get(session.client);
    if (!bound) {
      let built = builtPerDriver.get(session.constructor);
      if (!built) {
        built = (build(db) as QueryBuilder<T>)._prepare();
        builtPerDriver.set(session.constructor, built);
      }
      bound = built.client === session.client ? built : rebound(built, session.client);
      boundPerClient.set(session.client, bound);
    }
    return bound.execute(values);
  };
}

function rebound<T>(built: BuiltQuery<T>, client: object): BuiltQuery<T> {
  const bound = Object.create(built) as BuiltQuery<T>;
  bound.client = client;
  return bound;
}
