/**
 * The change feed (change-feed.ts, migration 0006): a change of anything the API keeps in memory moves
 * the generation of every feed on the database by the time the writer's commit has come back (PGlite) or
 * moments after (PostgreSQL, another connection); order traffic does not; a PostgreSQL listener that
 * loses its connection is not live until it listens again. Each restaurant event is rung at its commit, carrying
 * the event when it fits (migration 0019).
 */
import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import {
  type ChangeFeed,
  LISTENER_APPLICATION_NAME,
  type RestaurantEventRing,
  watchPostgresChanges,
} from "./change-feed";
import type { Database } from "./client";
import * as schema from "./schema";
import { seedDemoData } from "./seed";
import { changesSettled, openTestDatabase, postgresReachable, testDbKinds } from "./testing";

/** Waits until the feed's generation has moved past `before` (a PostgreSQL notification arrives asynchronously). */
async function movedPast(feed: ChangeFeed, before: number): Promise<void> {
  await vi.waitFor(() => expect(feed.generation).not.toBe(before), { timeout: 2_000, interval: 5 });
}

describe.each(await testDbKinds())("change feed on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemoData(database.db);
    await changesSettled(database.changes);
  });
  afterAll(() => database.close());

  const changes: [string, string][] = [
    ["a price change", "update product set price_minor = price_minor + 100 where id = (select min(id) from product)"],
    [
      "a category's name",
      `update category set name = '{"en-US":"Renamed"}'::jsonb where id = (select min(id) from category)`,
    ],
    [
      "a blocked product",
      "insert into blocked_product (production_unit_id, product_id) select m.production_unit_id, p.id from product p join module m on m.product_instance_id = p.product_instance_id limit 1",
    ],
    ["an unblocked product", "delete from blocked_product"],
    ["a module", "update module set is_visible = is_visible"],
    ["a host name", "update module_domain set host = host"],
    ["a production unit", "update production_unit set name = name"],
  ];

  test.each(changes)("%s moves the generation", async (_name, statement) => {
    const feed = database.changes;
    expect(feed.live).toBe(true);
    if (kind === "postgres") await changesSettled(feed);
    const before = feed.generation;
    await database.db.execute(sql.raw(statement));
    if (kind === "pglite") expect(feed.generation, "PGlite: before the write's promise resolves").not.toBe(before);
    else await movedPast(feed, before);
  });

  test("a guest's write (a basket) moves nothing", async () => {
    const feed = database.changes;
    await changesSettled(feed);
    const before = feed.generation;
    await database.db.execute(sql`insert into basket (production_unit_id) select min(id) from production_unit`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(feed.generation).toBe(before);
  });

  async function firstUnit(): Promise<number> {
    const found = (await database.db.execute(sql`select min(id)::int as id from production_unit`)) as unknown as {
      rows: { id: number }[];
    };
    return found.rows[0]!.id;
  }

  /** An event as a feature writes one: the restaurant's next sequence number. */
  function writeEvent(unit: number, data: Record<string, unknown>) {
    return sql`insert into restaurant_event (production_unit_id, seq, type, data, created_at)
      values (${unit}, (select coalesce(max(seq), 0) + 1 from restaurant_event where production_unit_id = ${unit}),
              'order.placed', ${JSON.stringify(data)}::jsonb, '2026-11-29T12:00:00.123456Z')`;
  }

  async function loggedEvent(unit: number, seq: number) {
    const [row] = await database.db
      .select()
      .from(schema.restaurantEvent)
      .where(and(eq(schema.restaurantEvent.productionUnitId, unit), eq(schema.restaurantEvent.seq, seq)));
    return row!;
  }

  test("an event written is rung at commit with its restaurant, sequence number and the event as the log holds it; a rolled-back one never", async () => {
    const feed = database.changes;
    const rung: RestaurantEventRing[] = [];
    const unsubscribe = feed.onRestaurantEvent((ring) => rung.push(ring));
    const unit = await firstUnit();
    const data = { productionUnitId: unit, orderId: "7d1f0c4e-0000-4000-8000-000000000001", note: 'æøå " \n', n: 1.5 };
    await database.db
      .transaction(async (tx) => {
        await tx.execute(writeEvent(unit, data));
        throw new Error("roll back");
      })
      .catch(() => {});
    await database.db.execute(writeEvent(unit, data));
    await vi.waitFor(() => expect(rung).toHaveLength(1), { timeout: 2_000, interval: 5 });
    const logged = await loggedEvent(unit, rung[0]!.seq);
    expect(rung[0]).toEqual({ productionUnitId: unit, seq: logged.seq, event: logged });
    expect(logged.createdAt.toISOString()).toBe("2026-11-29T12:00:00.123Z");
    unsubscribe();
    await database.db.execute(writeEvent(unit, data));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rung, "unsubscribed: no more calls").toHaveLength(1);
  });

  test("two events in one transaction: two rings, in sequence order", async () => {
    const feed = database.changes;
    const rung: RestaurantEventRing[] = [];
    const unsubscribe = feed.onRestaurantEvent((ring) => rung.push(ring));
    const unit = await firstUnit();
    await database.db.transaction(async (tx) => {
      await tx.execute(writeEvent(unit, { productionUnitId: unit }));
      await tx.execute(writeEvent(unit, { productionUnitId: unit }));
    });
    await vi.waitFor(() => expect(rung).toHaveLength(2), { timeout: 2_000, interval: 5 });
    expect(rung[1]!.seq).toBe(rung[0]!.seq + 1);
    expect(rung.map((ring) => ring.event?.seq)).toEqual(rung.map((ring) => ring.seq));
    unsubscribe();
  });

  test("an event too big for a notification (PostgreSQL refuses 8000 bytes) is rung without it: read the log", async () => {
    const feed = database.changes;
    const rung: RestaurantEventRing[] = [];
    const unsubscribe = feed.onRestaurantEvent((ring) => rung.push(ring));
    const unit = await firstUnit();
    await database.db.execute(writeEvent(unit, { productionUnitId: unit, note: "ø".repeat(4_000) }));
    await vi.waitFor(() => expect(rung).toHaveLength(1), { timeout: 2_000, interval: 5 });
    const logged = await loggedEvent(unit, rung[0]!.seq);
    expect(rung[0]).toEqual({ productionUnitId: unit, seq: logged.seq, event: null });
    unsubscribe();
  });

  test("no guest table notifies anything: migration 0009 dropped 0007's row triggers and functions", async () => {
    const found = (await database.db.execute(
      sql`select (select count(*)::int from pg_trigger where tgname like '%row_changed' or tgname like '%_truncated') as triggers,
                 (select count(*)::int from pg_proc where proname like 'notify_row_changed%' or proname = 'notify_everything_changed') as functions`,
    )) as unknown as { rows: { triggers: number; functions: number }[] };
    expect(found.rows[0]).toEqual({ triggers: 0, functions: 0 });
  });
});

describe.skipIf(!(await postgresReachable()))("the edit barrier on PostgreSQL", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase("postgres");
    await seedDemoData(database.db);
    await changesSettled(database.changes);
  });
  afterAll(() => database.close());

  test("everywhere: resolves once every listening process heard the changes committed before it", async () => {
    const other = await watchPostgresChanges(await currentUrl(database));
    try {
      for (let round = 0; round < 20; round++) {
        const before = other.generation;
        await database.db.execute(sql`update production_unit set name = name`);
        expect(await database.changes.settleEverywhere(), "listeners that confirmed").toBe(2);
        expect(other.generation, `round ${round}`).not.toBe(before);
      }
    } finally {
      await other.close();
    }
  });

  test("barriers asked at once take turns on the listener's connection: one query at a time (pg 9 refuses more)", async () => {
    const running = new Map<pg.Client, number>();
    let mostAtOnce = 0;
    const query = pg.Client.prototype.query;
    const counting = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const now = (running.get(this) ?? 0) + 1;
      running.set(this, now);
      mostAtOnce = Math.max(mostAtOnce, now);
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      void Promise.resolve(result)
        .catch(() => {})
        .finally(() => running.set(this, (running.get(this) ?? 1) - 1));
      return result;
    } as never);
    try {
      await database.db.execute(sql`update production_unit set name = name`);
      await Promise.all(Array.from({ length: 20 }, () => database.changes.settleEverywhere()));
    } finally {
      counting.mockRestore();
    }
    expect(mostAtOnce, "queries running at once on one connection").toBe(1);
  });
});

describe.skipIf(!(await postgresReachable()))("a PostgreSQL listener that loses its connection", () => {
  let database: Database;
  let feed: ChangeFeed;
  beforeAll(async () => {
    database = await openTestDatabase("postgres");
    const url = await currentUrl(database);
    feed = await watchPostgresChanges(url, { reconnectMs: 300, heartbeatMs: 200 });
  });
  afterAll(async () => {
    await feed.close();
    await database.close();
  });

  test("is not live, and moves the generation, until it listens again; then changes count again", async () => {
    expect(feed.live).toBe(true);
    const before = feed.generation;
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
    );
    await vi.waitFor(() => expect(feed.live).toBe(false), { timeout: 2_000, interval: 5 });
    expect(feed.generation).not.toBe(before);
    await vi.waitFor(() => expect(feed.live).toBe(true), { timeout: 5_000, interval: 20 });
    const back = feed.generation;
    await database.db.execute(sql`update production_unit set name = name`);
    await movedPast(feed, back);
  });

  test("tells its doorbell's subscribers that it was lost and is back (rings may have been missed)", async () => {
    const told: boolean[] = [];
    const unsubscribe = feed.onListenerChange((live) => told.push(live));
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
    );
    await vi.waitFor(() => expect(told).toEqual([false, true]), { timeout: 5_000, interval: 20 });
    unsubscribe();
  });
});

async function currentUrl(database: Database): Promise<string> {
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
  url.pathname = `/${result.rows[0]!.name}`;
  return url.toString();
}
