import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { databaseOf, eventReadsOf, openDatabase } from "./client";
import { product } from "./schema";
import { seedDemoData } from "./seed";
import {
  openTestDatabase,
  postgresReachable,
  TEST_POSTGRES_POOL_SIZE,
  TEST_POSTGRES_URL,
  testDbKinds,
} from "./testing";

describe("PGlite in DATA_DIR", () => {
  test("keeps the data across a restart and seeds nothing twice", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "db-restart-")), "pglite");
    const first = await openDatabase({ kind: "pglite", dataDir });
    expect(await seedDemoData(first.db)).toEqual({ seeded: true });
    const [before] = await first.db.select({ n: count() }).from(product);
    await first.close();

    const second = await openDatabase({ kind: "pglite", dataDir });
    expect(await seedDemoData(second.db)).toEqual({ seeded: false });
    const [after] = await second.db.select({ n: count() }).from(product);
    await second.close();
    expect(after?.n).toBe(before?.n);
    expect(before?.n).toBeGreaterThanOrEqual(50);
  }, 60_000);
});

describe("PGlite's type parsers", () => {
  test("answer base types and their arrays as JavaScript values, from a table a fraction of PGlite's own", async () => {
    const database = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    try {
      const result = await database.db.execute(
        sql`select array[1, 2]::int4[] as ints, array['a', 'b']::text[] as texts, '{"a": 1}'::jsonb as json,
          5::int8 as big, true as yes, '2026-11-24'::date as day,
          array['6b1f0c8e-2d5a-4c43-9a3e-0d6f1b2c3d4e']::uuid[] as ids`,
      );
      expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({
        ints: [1, 2],
        texts: ["a", "b"],
        json: { a: 1 },
        big: 5,
        yes: true,
        day: "2026-11-24",
        ids: ["6b1f0c8e-2d5a-4c43-9a3e-0d6f1b2c3d4e"],
      });
      // PGlite copies the whole table for every query; at start it holds one per array type of the catalogue (316).
      const client = (database.db as unknown as { $client: { parsers: object } }).$client;
      expect(Object.keys(client.parsers).length).toBeLessThan(60);
    } finally {
      await database.close();
    }
  });
});

describe("PGlite's session", () => {
  test("sends no DEBUG notices for the statements it runs, and still sends warnings", async () => {
    const database = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    try {
      type Notice = { severity: string; message: string };
      type Client = {
        query: (sql: string, params: unknown[], options: { onNotice: (notice: Notice) => void }) => Promise<unknown>;
      };
      const client = (database.db as unknown as { $client: Client }).$client;
      const notices: Notice[] = [];
      const onNotice = (notice: Notice) => notices.push(notice);
      await database.db.transaction(async (tx) => tx.select({ n: count() }).from(product));
      await client.query("select $1::int as one", [1], { onNotice });
      expect(notices).toEqual([]);

      await client.query("do $$ begin raise warning 'kept'; end $$", [], { onNotice });
      expect(notices.map((notice) => [notice.severity, notice.message])).toEqual([["WARNING", "kept"]]);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!(await postgresReachable()))("PostgreSQL pool", () => {
  test("a connection dropped inside a transaction fails that transaction, not the process, and the pool recovers", async () => {
    const database = await openTestDatabase("postgres");
    try {
      const transaction = database.db.transaction(async (tx) => {
        const result = await tx.execute(sql`select pg_backend_pid() as pid`);
        const pid = Number((result as unknown as { rows: { pid: number }[] }).rows[0]?.pid);
        // The server drops this connection while the transaction holds it between two queries.
        const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
        await admin.connect();
        await admin.query("select pg_terminate_backend($1)", [pid]);
        await admin.end();
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
      await expect(transaction).rejects.toThrow();
      const after = await database.db.execute(sql`select 1 as one`);
      expect((after as unknown as { rows: { one: number }[] }).rows[0]?.one).toBe(1);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe("databaseOf", () => {
  test("answers the database for itself, its transactions and the savepoints inside them, on every kind", async () => {
    for (const kind of await testDbKinds()) {
      const database = await openTestDatabase(kind);
      try {
        const { db } = database;
        const inTransaction = await db.transaction(async (tx) => databaseOf(tx));
        const inSavepoint = await db.transaction((tx) => tx.transaction(async (savepoint) => databaseOf(savepoint)));
        expect(databaseOf(db), kind).toBe(db);
        expect(inTransaction, kind).toBe(db);
        expect(inSavepoint, kind).toBe(db);
      } finally {
        await database.close();
      }
    }
  }, 60_000);
});

describe("eventReadsOf", async () => {
  const onPostgres = await postgresReachable();

  test("PGlite: the database itself (one connection, answered in turn)", async () => {
    const database = await openTestDatabase("pglite");
    try {
      expect(eventReadsOf(database.db)).toBe(database.db);
    } finally {
      await database.close();
    }
  });

  test.runIf(onPostgres)(
    "PostgreSQL: connections of its own, which answer while requests hold every connection of the main pool",
    async () => {
      const database = await openTestDatabase("postgres");
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const holders: Promise<void>[] = [];
      try {
        const held = Array.from({ length: TEST_POSTGRES_POOL_SIZE }, () => {
          let heldNow!: () => void;
          const holding = new Promise<void>((resolve) => (heldNow = resolve));
          holders.push(
            database.db.transaction(async (tx) => {
              await tx.execute(sql`select 1`);
              heldNow();
              await released;
            }),
          );
          return holding;
        });
        await Promise.all(held);
        let mainAnswered = false;
        const main = database.db.execute(sql`select 1`).then(() => (mainAnswered = true));
        const startedAt = performance.now();
        const result = await eventReadsOf(database.db).execute(sql`select 1 as one`);
        expect((result as unknown as { rows: { one: number }[] }).rows[0]?.one).toBe(1);
        expect(performance.now() - startedAt).toBeLessThan(1_000);
        expect(mainAnswered, "the main pool was full: its query waited").toBe(false);
        release();
        await Promise.all([...holders, main]);
      } finally {
        release();
        await Promise.all(holders);
        await database.close();
      }
    },
    60_000,
  );
});
