/**
 * Databases that test databases are copied from instead of being migrated one by one (decision 030). A test
 * run makes them once, before its first test file (vitest.global-setup.ts): a migrated one and one that also
 * holds the demo data, of each kind — PGlite data directories as tarballs of PGlite's dumpDataDir(), and
 * PostgreSQL template databases. Where they are reaches the test processes in one environment variable;
 * without it (the reliability suite, a script) openTestDatabase migrates and seeds each database itself.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase } from "./client";
import { seedDemoData } from "./seed";

/** What a test database starts with. */
export type TestDbContents = "empty" | "demoData";

type TestTemplates = {
  /** Tarball files of PGlite data directories. */
  pglite: Record<TestDbContents, string>;
  /** Names of PostgreSQL template databases; absent when the server was unreachable. */
  postgres?: Record<TestDbContents, string>;
};

const TEMPLATES_VARIABLE = "TEST_DB_TEMPLATES";

/** The templates of this test run, if it made any. */
export function testTemplates(): TestTemplates | undefined {
  const value = process.env[TEMPLATES_VARIABLE];
  return value ? (JSON.parse(value) as TestTemplates) : undefined;
}

const pgliteTarballs = new Map<string, Blob>();

/** A PGlite template's tarball, read once per process (a data directory is some tens of MB). */
export function pgliteTarball(file: string): Blob {
  let tarball = pgliteTarballs.get(file);
  if (!tarball) {
    tarball = new Blob([readFileSync(file)]);
    pgliteTarballs.set(file, tarball);
  }
  return tarball;
}

/**
 * Makes the templates and announces them to the processes this one starts (the test files' workers).
 * `postgresUrl` is the server's admin connection, or undefined to make PGlite's only. dispose() removes them.
 */
export async function prepareTestTemplates(postgresUrl: string | undefined): Promise<{ dispose: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "test-db-templates-"));
  const prefix = `t_template_${randomBytes(4).toString("hex")}`;
  const postgresNames = { empty: `${prefix}_empty`, demoData: `${prefix}_demo_data` };
  const dispose = async () => {
    delete process.env[TEMPLATES_VARIABLE];
    rmSync(dir, { recursive: true, force: true });
    if (postgresUrl) {
      for (const name of Object.values(postgresNames)) {
        await adminQuery(postgresUrl, `drop database if exists "${name}" with (force)`);
      }
    }
  };
  try {
    const [pglite] = await Promise.all([
      preparePgliteTemplates(dir),
      postgresUrl ? preparePostgresTemplates(postgresUrl, postgresNames) : undefined,
    ]);
    const templates: TestTemplates = { pglite, ...(postgresUrl ? { postgres: postgresNames } : {}) };
    process.env[TEMPLATES_VARIABLE] = JSON.stringify(templates);
    return { dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

async function preparePgliteTemplates(dir: string): Promise<Record<TestDbContents, string>> {
  const database = await openDatabase({ kind: "pglite", dataDir: "memory://" });
  try {
    // drizzle's public handle on the PGlite it runs on.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const files = { empty: join(dir, "empty.tar"), demoData: join(dir, "demo-data.tar") };
    await dumpTo(client, files.empty);
    await seedDemoData(database.db);
    await dumpTo(client, files.demoData);
    return files;
  } finally {
    await database.close();
  }
}

/** A checkpoint first writes every change into the data files, so a copy starts without replaying the WAL. */
async function dumpTo(client: PGlite, file: string): Promise<void> {
  await client.exec("CHECKPOINT");
  const tarball = await client.dumpDataDir("none");
  writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()));
}

async function preparePostgresTemplates(adminUrl: string, names: Record<TestDbContents, string>): Promise<void> {
  await adminQuery(adminUrl, `create database "${names.empty}"`);
  await withDatabase(adminUrl, names.empty, async () => {}); // opening migrates
  // A database is copied only while nobody is connected to it: the one above has closed.
  await adminQuery(adminUrl, `create database "${names.demoData}" template "${names.empty}"`);
  await withDatabase(adminUrl, names.demoData, async (database) => {
    await seedDemoData(database.db);
  });
}

async function withDatabase(
  adminUrl: string,
  name: string,
  use: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>,
): Promise<void> {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 });
  try {
    await use(database);
  } finally {
    await database.close();
  }
}

export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
