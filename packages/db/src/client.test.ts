import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { openDatabase } from "./client";
import { product } from "./schema";
import { seedDemoData } from "./seed";

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
