import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite, types as pgliteTypes } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type ChangeFeed, type ListenerTiming, watchPgliteChanges, watchPostgresChanges } from "./change-feed";
import { lockDataDir } from "./data-dir-lock";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export type DbTarget =
  /**
   * Embedded PostgreSQL (PGlite) stored in dataDir; `memory://` keeps it in memory. loadDataDir, a tarball of
   * PGlite's dumpDataDir(), is the data directory a new dataDir starts from (tests start from a migrated copy).
   */
  | { kind: "pglite"; dataDir: string; loadDataDir?: Blob }
  /** A real PostgreSQL server, through a connection pool. */
  | { kind: "postgres"; url: string; poolSize?: number; changeListener?: Partial<ListenerTiming> };

export type Database = {
  db: Db;
  kind: DbTarget["kind"];
  /** Tells in-memory caches when what they hold may have changed (change-feed.ts). */
  changes: ChangeFeed;
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));
// Any constant works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Opens the database and applies every pending migration before returning. A PGlite DATA_DIR is
 * locked until close(): a second opener, in this process or another, gets DataDirInUseError.
 */
export async function openDatabase(target: DbTarget): Promise<Database> {
  if (target.kind === "pglite") {
    if (target.dataDir.startsWith("memory://")) return openPglite(target.dataDir, target.loadDataDir);
    mkdirSync(target.dataDir, { recursive: true });
    const lock = await lockDataDir(target.dataDir);
    try {
      const database = await openPglite(target.dataDir, target.loadDataDir);
      return {
        ...database,
        close: async () => {
          try {
            await database.close();
          } finally {
            lock.release();
          }
        },
      };
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  const pool = surviving(new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 }));
  await migrateWithLock(pool);
  const db = notingTransactions(drizzleNodePg({ client: pool, schema }) as unknown as Db);
  const eventReadsPool = surviving(new pg.Pool({ connectionString: target.url, max: EVENT_READS_POOL_SIZE }));
  eventReadsOfDatabase.set(db, drizzleNodePg({ client: eventReadsPool, schema }) as unknown as Db);
  const changes = await watchPostgresChanges(target.url, target.changeListener);
  return {
    db,
    kind: "postgres",
    changes,
    close: async () => {
      await changes.close();
      await Promise.all([pool.end(), eventReadsPool.end()]);
    },
  };
}

/**
 * A pool whose lost connections do not crash the process. An idle connection that the server drops (restart,
 * failover): the pool discards it and opens a new one on the next query. A connection dropped while a request
 * holds it (a transaction between two queries) makes its client emit 'error', which without a listener is an
 * uncaught exception: every API process died when the database restarted. The request's next query fails
 * instead (answered as an error, logged there), and the pool discards the broken client when it is released
 * (pg-pool drops clients that are not queryable).
 */
function surviving(pool: pg.Pool): pg.Pool {
  pool.on("error", (error) => console.warn(`PostgreSQL idle connection lost: ${error.message}`));
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}

/**
 * The event reads' own connections per PostgreSQL database (eventReadsOf). Two: a restaurant's read is one short
 * indexed query, and a process reads one restaurant at a time per ring; the second keeps a slow read (a page of
 * 500 after a reconnect) from holding up the other restaurants'.
 */
const EVENT_READS_POOL_SIZE = 2;
const eventReadsOfDatabase = new WeakMap<Db, Db>();

/**
 * Where the staff screens' event readers read the restaurant event log (decision 034): on PostgreSQL a small pool
 * of their own, opened and closed with the database, so that a ring is answered at once even while requests hold
 * every connection of the main pool (at 10 orders a second the reads waited behind the guests' queries: the
 * bench's part 7); on PGlite, and for a database openDatabase did not open, the database itself (PGlite has one
 * connection and answers in turn anyway). Outside any transaction; only for short reads: it has two connections.
 */
export function eventReadsOf(db: Db): Db {
  return eventReadsOfDatabase.get(db) ?? db;
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<Database> {
  const client = yieldingBeforeEachQuery(new PGlite(dataDir, { loadDataDir }));
  await client.waitReady;
  keepCommonTypeParsers(client);
  await client.exec(ONLY_WARNINGS_TO_THE_CLIENT);
  const db = notingTransactions(drizzlePglite({ client, schema }) as unknown as Db);
  await migratePglite(db as never, { migrationsFolder });
  const changes = await watchPgliteChanges(client);
  return {
    db,
    kind: "pglite",
    changes,
    close: async () => {
      await changes.close();
      await client.close();
    },
  };
}

/** The database each open transaction (or savepoint) of a database from openDatabase belongs to. */
const databaseOfTransaction = new WeakMap<Executor, Db>();

/**
 * The database an executor belongs to: the database itself, or the one whose transaction (or savepoint inside
 * one) it is, so that what is kept per database serves its transactions too. drizzle has no public way from a
 * transaction to its database. An executor of a database that openDatabase did not open is its own.
 */
export function databaseOf(executor: Executor): Executor {
  return databaseOfTransaction.get(executor) ?? executor;
}

/** Notes every transaction opened on `db`, and every savepoint in one, as belonging to `db` (databaseOf). */
function notingTransactions<E extends Executor>(executor: E, db: Db = executor as Db): E {
  const open = executor.transaction.bind(executor) as Db["transaction"];
  const transaction: Db["transaction"] = (run, config) =>
    open((tx) => {
      databaseOfTransaction.set(tx, db);
      return run(notingTransactions(tx, db));
    }, config);
  executor.transaction = transaction;
  return executor;
}

/**
 * PGlite runs each query synchronously (WebAssembly) inside a promise chain: under load, one request's
 * queries and the next one's follow each other as microtasks, which Node runs before it returns to I/O. The
 * server then accepted a new connection, or read one, only between whole chains of queries (a few a second
 * at the lunch rush: guests' connections timed out in the accept queue while answers from memory waited).
 * Starting every query in a task of its own lets the event loop accept, read and answer in between.
 * PGlite's query() sends a statement as several calls (Parse, Describe, Bind, Describe, Execute, Sync) and
 * exec() as one simple Query: it yields before a Parse or a Query, the call that starts a statement.
 */
function yieldingBeforeEachQuery(client: PGlite): PGlite {
  const run = client.execProtocolRaw.bind(client);
  client.execProtocolRaw = async (...args: Parameters<PGlite["execProtocolRaw"]>) => {
    const kind = args[0][0];
    if (kind !== undefined && STARTS_A_STATEMENT.has(kind)) await new Promise((resolve) => setImmediate(resolve));
    return run(...args);
  };
  return client;
}

/**
 * PGlite starts its session with client_min_messages = debug3: every statement then sent two DEBUG notices
 * back ("parse <unnamed>: …" with the whole SQL, and "bind …"), which PostgreSQL formatted and PGlite
 * parsed, about a quarter of the time of a one-row query. Nothing here reads notices. The session is the
 * database's only one, so this holds for every later query.
 */
const ONLY_WARNINGS_TO_THE_CLIENT = "SET client_min_messages TO warning";

/** The first byte of the frontend messages that start a statement: Parse, simple Query. */
const STARTS_A_STATEMENT = new Set([0x50, 0x51]);

/**
 * PGlite copies its table of type parsers for every query it answers (`{ ...parsers, ...options.parsers }`),
 * and at start it adds one for the array type of every type in the catalogue: 316 entries, a third of the time
 * of a one-row query then. Kept: its own parsers of the base types, and those of the arrays of the types a storefront's
 * tables and queries use; any other array comes back as PostgreSQL's text, '{…}'.
 */
function keepCommonTypeParsers(client: PGlite): void {
  const kept = Object.entries(client.parsers).filter(
    ([key]) => Number.isNaN(Number(key)) || key in pgliteTypes.parsers || COMMON_ARRAY_TYPES.has(Number(key)),
  );
  client.parsers = Object.fromEntries(kept);
}

/**
 * Array type oids (fixed in PostgreSQL) of bool, bytea, char, int2, int4, text, bpchar, varchar, int8, float4,
 * float8, oid, json, jsonb, date, timestamp, timestamptz, time, timetz, interval, numeric and uuid.
 */
const COMMON_ARRAY_TYPES = new Set([
  1000, 1001, 1002, 1005, 1007, 1009, 1014, 1015, 1016, 1021, 1022, 1028, 199, 3807, 1182, 1115, 1185, 1183, 1270, 1187,
  1231, 2951,
]);

/** Several API processes may start at once: one migrates while the others wait. */
async function migrateWithLock(pool: pg.Pool): Promise<void> {
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client: lockClient, schema }), { migrationsFolder });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
}
