import { and, asc, eq, gte, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { Database, Executor } from "./client";
import { reusableQuery } from "./reusable-query";
import { basket, productionUnit } from "./schema";
import { openTestDatabase, testDbKinds } from "./testing";

const kinds = await testDbKinds();
const built = vi.fn();
/** One query for every database of this file, PGlite and PostgreSQL alike, as the API's modules hold theirs. */
const basketsOfUnitSince = reusableQuery((db: Executor) => {
  built();
  return db
    .select({ id: basket.id, createdAt: basket.createdAt })
    .from(basket)
    .where(and(eq(basket.productionUnitId, sql.placeholder("unitId")), gte(basket.createdAt, sql.placeholder("since"))))
    .orderBy(asc(basket.createdAt));
});
const namesBuilt = vi.fn();
const unitNames = reusableQuery((db: Executor) => {
  namesBuilt();
  return db.select({ name: productionUnit.name }).from(productionUnit).orderBy(asc(productionUnit.id));
});

describe.each(kinds)("a reusable query on %s", (kind) => {
  let database: Database;
  let unitId: number;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const [unit] = await database.db
      .insert(productionUnit)
      .values({ name: "A", address: "", zipCode: "", phone: "", receiptEmail: "", cvrNumber: "" })
      .returning();
    unitId = unit!.id;
    await database.db.insert(basket).values([
      { productionUnitId: unitId, createdAt: new Date("2026-11-25T10:00:00Z") },
      { productionUnitId: unitId, createdAt: new Date("2026-11-25T12:00:00Z") },
    ]);
  });
  afterAll(() => database.close());

  test("answers what the same query built on the spot answers, for each set of values", async () => {
    const { db } = database;
    for (const since of ["2026-11-25T00:00:00.000Z", "2026-11-25T11:00:00.000Z", "2026-11-26T00:00:00.000Z"]) {
      const direct = await db
        .select({ id: basket.id, createdAt: basket.createdAt })
        .from(basket)
        .where(and(eq(basket.productionUnitId, unitId), gte(basket.createdAt, new Date(since))))
        .orderBy(asc(basket.createdAt));
      expect(await basketsOfUnitSince(db, { unitId, since })).toEqual(direct);
    }
    const [later] = await basketsOfUnitSince(db, { unitId, since: "2026-11-25T11:00:00.000Z" });
    expect(later?.createdAt).toEqual(new Date("2026-11-25T12:00:00Z"));
  });

  test("inside a transaction runs on the transaction's connection: it sees the transaction's own rows", async () => {
    const { db } = database;
    expect(await unitNames(db)).toEqual([{ name: "A" }]);
    let seenInside: unknown;
    const rolledBack = db.transaction(async (tx) => {
      await tx
        .insert(productionUnit)
        .values({ name: "B", address: "", zipCode: "", phone: "", receiptEmail: "", cvrNumber: "" });
      seenInside = await unitNames(tx);
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow(/rollback/i);
    expect(seenInside).toEqual([{ name: "A" }, { name: "B" }]);
    expect(await unitNames(db)).toEqual([{ name: "A" }]);
  });

  test("a placeholder without a value is refused, not sent as null", async () => {
    await expect(basketsOfUnitSince(database.db, { unitId })).rejects.toThrow(/since/);
  });
});

test("builds its SQL once per database driver, however often and wherever it runs", () => {
  // Each kind's tests above ran both queries several times, on the database and in a transaction.
  expect(built).toHaveBeenCalledTimes(kinds.length);
  expect(namesBuilt).toHaveBeenCalledTimes(kinds.length);
});
