import { eq, sql } from "drizzle-orm";
import { integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { Database, Executor } from "./client";
import { reusableWrite } from "./reusable-write";
import { openTestDatabase, testDbKinds } from "./testing";

/** A table of this file's own: every kind of value a write maps (text, integer, timestamp, json), and defaults. */
const probe = pgTable("reusable_write_probe", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  note: text("note"),
  amount: integer("amount").notNull().default(7),
  at: timestamp("at", { withTimezone: true }),
  tags: jsonb("tags").$type<string[]>(),
});
type NewProbe = typeof probe.$inferInsert;

const kinds = await testDbKinds();
const insertsBuilt = vi.fn();
const inserted = reusableWrite((db: Executor, rows) => {
  insertsBuilt();
  return db
    .insert(probe)
    .values(rows as NewProbe[])
    .returning();
});
const updatesBuilt = vi.fn();
const updated = reusableWrite((db: Executor, [changes]) => {
  updatesBuilt();
  return db
    .update(probe)
    .set(changes as Partial<NewProbe>)
    .where(eq(probe.id, sql.placeholder("id")))
    .returning();
});

describe.each(kinds)("a reusable write on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.execute(
      sql`create table reusable_write_probe (id serial primary key, name text not null, note text,
          amount integer not null default 7, at timestamptz, tags jsonb)`,
    );
  });
  afterAll(() => database.close());

  test("inserts each row as drizzle's own insert of it does: dates, json, nulls and defaults", async () => {
    const { db } = database;
    const rows: NewProbe[] = [
      { name: "all", note: "n", amount: 3, at: new Date("2026-11-25T10:00:00.123Z"), tags: ["a", "b"] },
      { name: "nulls", note: null, at: null, tags: null },
      { name: "defaults" },
    ];
    for (const row of [...rows, ...rows]) {
      const [reused] = await inserted(db, [row]);
      const [direct] = await db.insert(probe).values(row).returning();
      expect({ ...reused, id: 0 }).toEqual({ ...direct, id: 0 });
    }
    const [all] = await inserted(db, [rows[0] as NewProbe]);
    expect(all).toMatchObject({ amount: 3, at: new Date("2026-11-25T10:00:00.123Z"), tags: ["a", "b"] });
    const [defaults] = await inserted(db, [{ name: "defaults" }]);
    expect(defaults).toMatchObject({ note: null, amount: 7, at: null, tags: null });
  });

  test("inserts several rows of different columns at once", async () => {
    const rows = await inserted(database.db, [
      { name: "one", amount: 1 },
      { name: "two", note: "second" },
      { name: "three" },
    ]);
    expect(rows.map(({ name, note, amount }) => ({ name, note, amount }))).toEqual([
      { name: "one", note: null, amount: 1 },
      { name: "two", note: "second", amount: 7 },
      { name: "three", note: null, amount: 7 },
    ]);
  });

  test("updates only the columns given, a null one to NULL, with the query's own placeholders", async () => {
    const { db } = database;
    const [row] = await inserted(db, [{ name: "before", note: "kept", amount: 1, tags: ["x"] }]);
    const id = row!.id;
    const [renamed] = await updated(db, [{ name: "after", at: new Date("2026-11-25T11:00:00Z") }], { id });
    expect(renamed).toMatchObject({ name: "after", note: "kept", amount: 1, tags: ["x"] });
    expect(renamed?.at).toEqual(new Date("2026-11-25T11:00:00Z"));
    const [cleared] = await updated(db, [{ note: null, tags: ["y"], at: undefined }], { id });
    expect(cleared).toMatchObject({ name: "after", note: null, tags: ["y"] });
    expect(cleared?.at).toEqual(new Date("2026-11-25T11:00:00Z"));
    expect(await updated(db, [{ name: "nobody" }], { id: -1 })).toEqual([]);
  });

  test("inside a transaction writes on the transaction's connection: a rollback takes the write back", async () => {
    const { db } = database;
    const rolledBack = db.transaction(async (tx) => {
      await inserted(tx, [{ name: "rolled back" }]);
      expect(await tx.select().from(probe).where(eq(probe.name, "rolled back"))).toHaveLength(1);
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow(/rollback/i);
    expect(await db.select().from(probe).where(eq(probe.name, "rolled back"))).toEqual([]);
  });

  test("past the shapes it holds, a write of a new shape is still written right", async () => {
    const { db } = database;
    const fresh = reusableWrite((executor: Executor, [changes]) =>
      executor
        .update(probe)
        .set(changes as Partial<NewProbe>)
        .where(eq(probe.id, sql.placeholder("id")))
        .returning(),
    );
    const [row] = await inserted(db, [{ name: "shapes" }]);
    const nullable = (value: unknown) => [undefined, null, value];
    let shapes = 0;
    for (const name of [undefined, "renamed"])
      for (const amount of [undefined, 5])
        for (const note of nullable("note"))
          for (const at of nullable(new Date("2026-11-25T12:00:00Z")))
            for (const tags of nullable(["t"])) {
              const changes = { name, amount, note, at, tags } as Partial<NewProbe>;
              if (Object.values(changes).every((value) => value === undefined)) continue;
              const before = (await db.select().from(probe).where(eq(probe.id, row!.id)))[0];
              const [after] = await fresh(db, [changes], { id: row!.id });
              const expected = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
              expect(after).toEqual({ ...before, ...expected });
              shapes += 1;
            }
    expect(shapes).toBeGreaterThan(64);
  });

  test("a row holding SQL of its own is written as given", async () => {
    const [row] = await updated(database.db, [{ amount: sql`${probe.amount} + 1` }], { id: 1 });
    const [again] = await updated(database.db, [{ amount: sql`${probe.amount} + 1` }], { id: 1 });
    expect((again?.amount ?? 0) - (row?.amount ?? 0)).toBe(1);
  });
});

test("builds its SQL once per shape of rows and database driver, however often it runs", () => {
  // Insert shapes above: {all five}, {name, note=null, at=null, tags=null}, {name}, {name, note, amount, tags},
  // and the three rows of different columns. Update shapes: {name, at}, {note=null, tags}, {name}; the two
  // writes with SQL of their own are built each time.
  expect(insertsBuilt).toHaveBeenCalledTimes(5 * kinds.length);
  expect(updatesBuilt).toHaveBeenCalledTimes((3 + 2) * kinds.length);
});
