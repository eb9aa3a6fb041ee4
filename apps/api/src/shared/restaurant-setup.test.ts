import { type Database, type Executor, schema, seedDemoData } from "@app/db";
import { eq } from "@app/db/orm";
import { openTestDatabase, scriptedChangeFeed } from "@app/db/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { keepRestaurantSetup, readRestaurantSetup } from "./restaurant-setup";

let kept: Database;
let other: Database;
const feed = scriptedChangeFeed();

beforeAll(async () => {
  [kept, other] = await Promise.all([openTestDatabase("pglite"), openTestDatabase("pglite")]);
  keepRestaurantSetup(kept.db, feed);
});
afterAll(async () => {
  await Promise.all([kept.close(), other.close()]);
});

/** A setup read that counts how often it reached the database. */
function countedRead(key: string) {
  let reads = 0;
  const read = (executor: Executor) =>
    readRestaurantSetup(executor, key, async () => {
      reads++;
      return { answer: `read ${reads}`, rows: [{ n: reads }] };
    });
  return { read, reads: () => reads };
}

describe("a restaurant's setup", () => {
  test("is read once for a database and all its transactions", async () => {
    const { read, reads } = countedRead("one database");
    const inTransaction = await kept.db.transaction((tx) => read(tx));
    const outside = await read(kept.db);
    const nested = await kept.db.transaction((tx) => tx.transaction((savepoint) => read(savepoint)));
    expect([inTransaction.answer, outside.answer, nested.answer, reads()]).toEqual(["read 1", "read 1", "read 1", 1]);
  });

  test("is read again once the change feed says something changed", async () => {
    const { read, reads } = countedRead("after a change");
    await read(kept.db);
    feed.generation++;
    expect((await read(kept.db)).answer).toBe("read 2");
    expect(reads()).toBe(2);
  });

  test("is read every time while the change feed is not live", async () => {
    const { read, reads } = countedRead("listener lost");
    feed.live = false;
    try {
      await read(kept.db);
      await read(kept.db);
    } finally {
      feed.live = true;
    }
    expect(reads()).toBe(2);
  });

  test("of a database whose setup is not kept is read every time", async () => {
    const { read, reads } = countedRead("not kept");
    await read(other.db);
    await other.db.transaction((tx) => read(tx));
    expect(reads()).toBe(2);
  });

  test("is frozen, so no request can change what the next one reads", async () => {
    const { read } = countedRead("frozen");
    const value = await read(kept.db);
    expect(() => {
      value.rows[0]!.n = 99;
    }).toThrow(TypeError);
    expect(Object.isFrozen(value.rows)).toBe(true);
  });

  test("edited in the database is seen by the next read (capacity_instance notifies, migration 0008)", async () => {
    const database = await openTestDatabase("pglite");
    try {
      await seedDemoData(database.db);
      keepRestaurantSetup(database.db, database.changes);
      const capacity = (executor: Executor) =>
        readRestaurantSetup(executor, "capacity", async () => {
          const [row] = await executor
            .select()
            .from(schema.capacityInstance)
            .orderBy(schema.capacityInstance.id)
            .limit(1);
          return row!;
        });
      const before = await capacity(database.db);
      await database.db
        .update(schema.capacityInstance)
        .set({ itemsPerSlot: before.itemsPerSlot + 5 })
        .where(eq(schema.capacityInstance.id, before.id));
      expect((await capacity(database.db)).itemsPerSlot).toBe(before.itemsPerSlot + 5);
    } finally {
      await database.close();
    }
  });
});
