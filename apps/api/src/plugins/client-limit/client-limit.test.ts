import { schema } from "@app/db";
import { count, eq } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { buildApp } from "../../app";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";
import { postgresHitCounter } from "../guess-limit";
import { memoryHitCounter } from ".";

const LIMIT = 4;

describe.each(await testDbKinds())("new baskets and checkouts per client on %s", (kind) => {
  let t: TestApp;
  let address = 0;
  /** Each test creates from its own client address, so one test's count never limits the next. */
  let client: string;
  beforeAll(async () => {
    t = await createTestApp({ kind, env: { CREATIONS_PER_MINUTE: String(LIMIT) } });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    address += 1;
    client = `203.0.113.${address}`;
  });

  const A = () => t.restaurantA;
  async function freshToken(): Promise<Record<string, string>> {
    const res = await t.request({ method: "GET", url: `/api/token/${A().module.productionUnitId}` });
    return { authorization: `Bearer ${res.json<{ token: string }>().token}` };
  }
  const newBasket = (headers: Record<string, string>, from = client) =>
    t.request({ method: "GET", url: "/api/basket", headers, remoteAddress: from });
  const newCheckout = (headers: Record<string, string>, from = client, options: Partial<InjectOptions> = {}) =>
    t.request({
      method: "POST",
      url: `/api/checkout?moduleId=${A().module.id}&instanceId=${A().module.checkoutInstanceId}`,
      headers,
      remoteAddress: from,
      ...options,
    });
  const basketRows = async () =>
    (
      await t.db
        .select({ n: count() })
        .from(schema.basket)
        .where(eq(schema.basket.productionUnitId, A().module.productionUnitId))
    )[0]!.n;

  test(`one token gets ${LIMIT} new baskets a minute; the next is 429 TOO_MANY_REQUESTS with Retry-After and makes no row`, async () => {
    const auth = await freshToken();
    const before = await basketRows();
    const statuses = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await newBasket(auth)).statusCode);
    expect(statuses).toEqual(Array(LIMIT).fill(200));

    const refused = await newBasket(auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].code).toBe("TOO_MANY_REQUESTS");
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await basketRows()).toBe(before + LIMIT);
  });

  test("the token is counted whatever address it comes from", async () => {
    const auth = await freshToken();
    for (let i = 0; i < LIMIT; i++) expect((await newBasket(auth, `203.0.113.${++address}`)).statusCode).toBe(200);
    expect((await newBasket(auth, `203.0.113.${++address}`)).statusCode).toBe(429);
  });

  test("fresh tokens from one address do not help: the address is counted too", async () => {
    for (let i = 0; i < LIMIT; i++) expect((await newBasket(await freshToken())).statusCode).toBe(200);
    expect((await newBasket(await freshToken())).statusCode).toBe(429);
  });

  test("reading and filling the baskets already made is not counted", async () => {
    const auth = await freshToken();
    const ids: string[] = [];
    for (let i = 0; i < LIMIT; i++) ids.push((await newBasket(auth)).json<{ id: string }>().id);
    for (const id of ids) {
      for (let i = 0; i < 3; i++) {
        const res = await t.request({ method: "GET", url: `/api/basket/${id}`, headers: auth, remoteAddress: client });
        expect(res.statusCode).toBe(200);
      }
    }
    expect((await newBasket(auth)).statusCode).toBe(429);
  });

  test(`one token gets ${LIMIT} new checkouts a minute, on a budget of their own; the next is 429 and makes no row`, async () => {
    const auth = await freshToken();
    for (let i = 0; i < LIMIT; i++) expect((await newBasket(auth)).statusCode).toBe(200);
    expect((await newBasket(auth)).statusCode).toBe(429);
    const checkoutRows = async () => (await t.db.select({ n: count() }).from(schema.checkout))[0]!.n;
    const before = await checkoutRows();

    for (let i = 0; i < LIMIT; i++) expect((await newCheckout(auth)).statusCode).toBe(200);
    const refused = await newCheckout(auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].code).toBe("TOO_MANY_REQUESTS");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await checkoutRows()).toBe(before + LIMIT);
    expect((await newCheckout(await freshToken())).statusCode, "the address is spent too").toBe(429);
  });

  test("a parallel burst is counted before any row is made: exactly the limit gets through", async () => {
    const auth = await freshToken();
    const answers = await Promise.all(Array.from({ length: 5 * LIMIT }, () => newBasket(auth)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(LIMIT);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(4 * LIMIT);
  });

  test("the shared counter counts a request's keys in turn and stops at the first over the limit", async () => {
    const countHits = postgresHitCounter(t.db);
    const [address, token] = [`test:${client}:address`, `test:${client}:token`];
    const counts = async (keys: string[], limit: number) =>
      (await countHits(keys, 60_000, limit)).map((hit) => hit.count);
    expect(await counts([address, token], 1)).toEqual([1, 1]);
    expect(await counts([address, token], 1), "the address is over: the token is not counted").toEqual([2]);
    expect(await counts([token, address], 5)).toEqual([2, 3]);
    const [hit] = await countHits([token], 60_000, 5);
    expect(hit!.msLeft).toBeGreaterThan(55_000);
    expect(hit!.msLeft).toBeLessThanOrEqual(60_000);
    expect(await countHits([], 60_000, 5)).toEqual([]);
  });

  test.runIf(kind === "postgres")("four API processes on one PostgreSQL share the count", async () => {
    // The counter follows DATABASE_URL: set, every process counts in the database (the app is handed its db).
    const shared = { ...t.config, databaseUrl: "postgres://the-database-of-this-test" };
    const processes = await Promise.all(
      Array.from({ length: 4 }, () => buildApp({ db: t.db, config: shared, now: t.clock.now, logger: false })),
    );
    try {
      const auth = await freshToken();
      const createOn = (index: number) =>
        (processes[index % 4] as (typeof processes)[number]).inject({
          method: "GET",
          url: "/api/basket",
          headers: auth,
          remoteAddress: client,
        });
      for (let i = 0; i < LIMIT; i++) expect((await createOn(i)).statusCode).toBe(200);
      const afterwards = await Promise.all([0, 1, 2, 3].map(createOn));
      expect(afterwards.map((res) => res.statusCode)).toEqual([429, 429, 429, 429]);
      const counted = await t.db.select().from(schema.rateLimitCounter);
      expect(counted.map((row) => row.key)).toContain(`client:basket-creation:address:${client}`);
    } finally {
      await Promise.all(processes.map((app) => app.close()));
    }
  });

  test("a request refused as malformed costs nothing", async () => {
    const auth = await freshToken();
    for (let i = 0; i < 2 * LIMIT; i++) {
      const res = await newCheckout(auth, client, { url: `/api/checkout?moduleId=x&instanceId=${A().module.id}` });
      expect(res.statusCode).toBe(400);
    }
    expect((await newCheckout(auth)).statusCode).toBe(200);
  });
});

describe("the in-memory counter (PGlite's one process)", () => {
  test("counts a key's hits for a minute from its first, then starts again", async () => {
    const clock = createClock("2026-11-23T10:00:30Z");
    const countHit = memoryHitCounter(clock.now);
    expect(await countHit("k", 60_000)).toEqual({ count: 1, msLeft: 60_000 });
    clock.set("2026-11-23T10:01:20Z");
    expect(await countHit("k", 60_000)).toEqual({ count: 2, msLeft: 10_000 });
    clock.set("2026-11-23T10:01:30Z");
    expect(await countHit("k", 60_000)).toEqual({ count: 1, msLeft: 60_000 });
  });

  test("keeps at most its number of keys, the oldest going first", async () => {
    const clock = createClock("2026-11-23T10:00:00Z");
    const countHit = memoryHitCounter(clock.now, 2);
    await countHit("a", 60_000);
    await countHit("b", 60_000);
    await countHit("b", 60_000);
    await countHit("c", 60_000);
    expect((await countHit("b", 60_000)).count).toBe(3);
    expect((await countHit("a", 60_000)).count, "a was dropped for c, so it starts again").toBe(1);
  });
});
