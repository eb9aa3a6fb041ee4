import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { openDatabase } from "./client";
import { product } from "./schema";
import { seedDemoData } from "./seed";
import { openTestDatabase, postgresReachable, TEST_POSTGRES_URL } from "./testing";

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
