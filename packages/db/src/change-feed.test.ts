/**
 * The change feed (change-feed.ts, migration 0006): a change of anything the API keeps in memory moves
 * the generation of every feed on the database by the time the writer's commit has come back (PGlite) or
 * moments after (PostgreSQL, another connection); order traffic does not; a PostgreSQL listener that
 * loses its connection is not live until it listens again.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { type ChangeFeed, LISTENER_APPLICATION_NAME, watchPostgresChanges } from "./change-feed";
import type { Database } from "./client";
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

  test("a write elsewhere (a basket) moves nothing", async () => {
    const feed = database.changes;
    await changesSettled(feed);
    const before = feed.generation;
    await database.db.execute(sql`insert into basket (production_unit_id) select min(id) from production_unit`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(feed.generation).toBe(before);
  });

  /** Runs `statements`, then returns the row-change tags heard by the time settle() resolved. */
  async function tagsOf(...statements: string[]): Promise<string[]> {
    const heard: string[] = [];
    const stop = database.changes.rows.onChange((tag) => heard.push(tag));
    try {
      for (const statement of statements) await database.db.execute(sql.raw(statement));
      await database.changes.settle();
      return heard;
    } finally {
      stop();
    }
  }

  test("guest rows are heard by their basket, checkout and discount code; the generation stays", async () => {
    const basket = "00000000-0000-4000-8000-0000000000b1";
    const checkout = "00000000-0000-4000-8000-0000000000c1";
    const unit = "(select min(id) from production_unit)";
    const product = "(select min(id) from product)";
    const generation = database.changes.generation;
    expect(await tagsOf(`insert into basket (id, production_unit_id) values ('${basket}', ${unit})`)).toEqual([
      `b:${basket}`,
    ]);
    const line = `insert into basket_item (basket_id, product_id, name, amount, product_price_minor, price_minor, total_price_minor)
      values ('${basket}', ${product}, 'x', 1, 100, 100, 100)`;
    expect(await tagsOf(line, `update basket_item set amount = 2 where basket_id = '${basket}'`)).toEqual([
      `b:${basket}`,
      `b:${basket}`,
    ]);
    const choice = `insert into basket_item_choice (basket_item_id, choice_id, modifier_id, name, amount, price_minor)
      select i.id, c.id, (select min(id) from modifier), 'c', 1, 0 from basket_item i, choice c where i.basket_id = '${basket}' limit 1`;
    expect(await tagsOf(choice)).toEqual([`b:${basket}`]);
    const newCheckout = `insert into checkout (id, production_unit_id, module_id, checkout_instance_id, basket_id)
      select '${checkout}', m.production_unit_id, m.id, m.checkout_instance_id, '${basket}' from module m
      where m.production_unit_id = ${unit} and m.checkout_instance_id is not null limit 1`;
    expect(await tagsOf(newCheckout)).toEqual([`c:${checkout}`]);
    const discount = `insert into checkout_discount (checkout_id, discount_code_id, code, amount_minor)
      select '${checkout}', id, code, 10 from discount_code limit 1`;
    expect(await tagsOf(discount)).toEqual([`c:${checkout}`]);
    const [code] = await tagsOf(
      "update discount_code set usage_count = usage_count where id = (select min(id) from discount_code)",
    );
    expect(code).toMatch(/^d:\d+$/);
    expect(await tagsOf(`delete from checkout_discount where checkout_id = '${checkout}'`)).toEqual([`c:${checkout}`]);
    expect(await tagsOf(`delete from basket_item where basket_id = '${basket}'`)).toEqual([`b:${basket}`]);
    expect(database.changes.generation).toBe(generation);
  });
});

describe.skipIf(!(await postgresReachable()))("settle on PostgreSQL", () => {
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

  test("settles asked at once take turns on the listener's connection: one query at a time (pg 9 refuses more)", async () => {
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
      await Promise.all(Array.from({ length: 20 }, () => database.changes.settle()));
    } finally {
      counting.mockRestore();
    }
    expect(mostAtOnce, "queries running at once on one connection").toBe(1);
  });

  test("resolves only once the changes committed before it were heard, every time", async () => {
    const rows = database.changes.rows;
    for (let round = 0; round < 30; round++) {
      const before = rows.sequence;
      await database.db.execute(sql`insert into basket (production_unit_id) select min(id) from production_unit`);
      await database.changes.settle();
      expect(rows.sequence, `round ${round}`).toBeGreaterThan(before);
    }
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
});

async function currentUrl(database: Database): Promise<string> {
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
  url.pathname = `/${result.rows[0]!.name}`;
  return url.toString();
}
