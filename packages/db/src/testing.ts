/**
 * Test databases. Every data-layer test runs on PGlite, and also on PostgreSQL when a server is
 * reachable (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test). Each opened
 * database is private to its caller: a fresh in-memory PGlite, or a newly created PostgreSQL
 * database that is dropped on close, so parallel test files never collide. In a vitest run each
 * starts as a copy of a database the run migrated once (test-templates.ts, decision 030).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inProcessFeed } from "./change-feed";
import { type Database, openDatabase } from "./client";
import { seedDemoData } from "./seed";
import { adminQuery, pgliteTarball, type TestDbContents, testTemplates } from "./test-templates";

export { prepareTestTemplates, type TestDbContents } from "./test-templates";

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type TestDbKind = Database["kind"];

/** The connections of a test PostgreSQL database's main pool (a test that holds them all knows how many). */
export const TEST_POSTGRES_POOL_SIZE = 20;

let reachable: Promise<boolean> | undefined;

/** Whether the PostgreSQL test server answers; warns loudly once when it does not. */
export function postgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch (error) {
      if (process.env.REQUIRE_POSTGRES === "1") {
        throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL at ${TEST_POSTGRES_URL} is unreachable: ${error}`);
      }
      console.warn(
        `\n${"!".repeat(78)}\n!! PostgreSQL at ${TEST_POSTGRES_URL} is NOT reachable: the PostgreSQL half of the\n!! data-layer tests is SKIPPED. Only PGlite was tested. (${String(error)})\n${"!".repeat(78)}\n`,
      );
      return false;
    }
  })();
  return reachable;
}

/** The database kinds to run data-layer tests on: always PGlite, PostgreSQL when reachable. */
export async function testDbKinds(): Promise<TestDbKind[]> {
  return (await postgresReachable()) ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * Opens a private, migrated database of the given kind, empty or holding the demo data (seedDemoData).
 * close() drops it.
 */
export async function openTestDatabase(kind: TestDbKind, contents: TestDbContents = "empty"): Promise<Database> {
  const copy = await openCopyOfTemplate(kind, contents);
  if (copy) return copy;
  const database =
    kind === "pglite" ? await openDatabase({ kind: "pglite", dataDir: "memory://" }) : await openPostgres(undefined);
  if (contents === "demoData") await seedDemoData(database.db);
  return database;
}

/** A copy of this test run's template (test-templates.ts), or undefined when the run made none. */
async function openCopyOfTemplate(kind: TestDbKind, contents: TestDbContents): Promise<Database | undefined> {
  const templates = testTemplates();
  if (kind === "pglite") {
    if (!templates) return undefined;
    return openDatabase({
      kind: "pglite",
      dataDir: "memory://",
      loadDataDir: pgliteTarball(templates.pglite[contents]),
    });
  }
  const template = templates?.postgres?.[contents];
  return template === undefined ? undefined : openPostgres(template);
}

/** A new PostgreSQL database, copied from `template` when given; openDatabase migrates what is not yet. */
async function openPostgres(template: string | undefined): Promise<Database> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await adminQuery(TEST_POSTGRES_URL, `create database "${name}"${template ? ` template "${template}"` : ""}`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: TEST_POSTGRES_POOL_SIZE });
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(TEST_POSTGRES_URL, `drop database if exists "${name}" with (force)`);
    },
  };
}

/**
 * Resolves once no change notification has arrived for 200 ms. PostgreSQL delivers them after the commit,
 * so the seed's, or an earlier statement's, could otherwise still arrive while a test counts its own.
 */
export async function changesSettled(changes: { generation: number }): Promise<void> {
  for (;;) {
    const seen = changes.generation;
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (changes.generation === seen) return;
  }
}

/**
 * A live change feed that hears nothing by itself: a test moves `generation` or sets `live` to play what the
 * database would notify.
 */
export const scriptedChangeFeed = inProcessFeed;
