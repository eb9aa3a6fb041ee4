import { schema } from "@app/db";
import { testDbKinds } from "@app/db/testing";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { buildApp } from "../../app";
import { checkoutWithBasket, productId } from "../../testing/checkout-fixtures";
import { createClock, createTestApp, type DemoRestaurant, type TestApp } from "../../testing/test-app";

// Restaurant A's gift cards: GAVE-500, GAVE-100; discount codes SOMMER10 (10 %), VINTER20 (expired).
const START = "2026-11-23T10:00:00Z"; // a Monday, 11:00 in Copenhagen, at the start of a minute
const LIMIT = 10;

describe.each(await testDbKinds())("wrong code tries on %s", (kind) => {
  let t: TestApp;
  let address = 0;
  /** Each test guesses from its own client address and token, so one test's tries never lock out the next one. */
  let client: string;
  let auth: DemoRestaurant["auth"];
  beforeAll(async () => {
    t = await createTestApp({ kind, clock: createClock(START), env: { RATE_LIMIT_TRIES_PER_MINUTE: String(LIMIT) } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.set(START);
    address += 1;
    client = `198.51.100.${address}`;
    auth = await freshToken();
  });

  const A = () => t.restaurantA;
  const giftcardAmount = (code: string, options: Partial<InjectOptions> = {}) =>
    t.request({
      method: "GET",
      url: `/api/giftcard/${A().module.giftcardInstanceId}/${encodeURIComponent(code)}/amount`,
      headers: auth,
      remoteAddress: client,
      ...options,
    });
  const validateDiscount = async (discountCode: string) =>
    t.request({
      method: "POST",
      url: `/api/discount/validate?moduleId=${A().module.id}&instanceId=${A().module.discountInstanceId}`,
      headers: auth,
      remoteAddress: client,
      payload: { discountCode, items: [{ productId: await productId(t, A(), "smorrebrod"), amount: 1, choices: [] }] },
    });
  async function freshToken(): Promise<DemoRestaurant["auth"]> {
    const res = await t.request({
      method: "GET",
      url: `/api/token/${A().module.productionUnitId}`,
      remoteAddress: client,
    });
    return { authorization: `Bearer ${res.json<{ token: string }>().token}` };
  }
  async function wrongGiftcardTries(count: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await giftcardAmount(`GAVE-${9000 + i}`)).statusCode);
    return statuses;
  }

  test("the 11th wrong gift-card code in a minute is 429 TOO_MANY_TRIES with Retry-After, and so is the right one", async () => {
    t.clock.set("2026-11-23T10:00:15Z");
    expect(await wrongGiftcardTries(LIMIT)).toEqual(Array(LIMIT).fill(422));

    const locked = await giftcardAmount("GAVE-9999");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors[0].code).toBe("TOO_MANY_TRIES");
    expect(locked.headers["retry-after"]).toBe("45"); // the minute ends at 10:01:00
    // A right code now would tell the guesser it is right: it is refused the same way.
    expect((await giftcardAmount("GAVE-500")).statusCode).toBe(429);

    t.clock.set("2026-11-23T10:01:00Z");
    expect((await giftcardAmount("GAVE-500")).json()).toBe(500);
  });

  test("right tries cost nothing: a guest checking their one code 30 times still has 10 wrong tries left", async () => {
    for (let i = 0; i < 30; i++) expect((await giftcardAmount("GAVE-500")).statusCode).toBe(200);
    expect(await wrongGiftcardTries(LIMIT)).toEqual(Array(LIMIT).fill(422));
    expect((await giftcardAmount("GAVE-9999")).statusCode).toBe(429);
  });

  test("a burst of 60 parallel guesses gets at most 10 looked up, even with the right code among them", async () => {
    const codes = Array.from({ length: 60 }, (_, i) => (i === 40 ? "GAVE-100" : `GAVE-${7000 + i}`));
    const statuses = (await Promise.all(codes.map((code) => giftcardAmount(code)))).map((res) => res.statusCode);
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(50);
  });

  test("a new token per try does not help: the client address is counted too", async () => {
    for (let i = 0; i < LIMIT; i++) {
      expect((await giftcardAmount(`GAVE-${8000 + i}`, { headers: await freshToken() })).statusCode).toBe(422);
    }
    expect((await giftcardAmount("GAVE-8999", { headers: await freshToken() })).statusCode).toBe(429);
  });

  test("a new address per try does not help: the token is counted too", async () => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await giftcardAmount(`GAVE-${6000 + i}`, { headers: auth, remoteAddress: `203.0.113.${i + 1}` });
      expect(res.statusCode).toBe(422);
    }
    const res = await giftcardAmount("GAVE-6999", { headers: auth, remoteAddress: "203.0.113.200" });
    expect(res.statusCode).toBe(429);
  });

  test("wrong discount codes, applied or validated, have their own budget and do not lock gift cards", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 1 }]);
    const apply = (discountCode: string) =>
      t.request({
        method: "POST",
        url: `/api/checkout/${checkoutId}/discount`,
        headers: auth,
        remoteAddress: client,
        payload: { discountCode },
      });
    for (let i = 0; i < LIMIT / 2; i++) expect((await validateDiscount(`NOPE${i}`)).statusCode).toBe(422);
    for (let i = 0; i < LIMIT / 2; i++) expect((await apply(`NOPE${i}`)).statusCode).toBe(422);
    expect((await validateDiscount("SOMMER10")).statusCode).toBe(429);
    expect((await apply("SOMMER10")).statusCode).toBe(429);
    expect((await giftcardAmount("GAVE-500")).statusCode).toBe(200);
  });

  test("unknown, expired and empty codes get the same answer", async () => {
    await t.db.insert(schema.giftcard).values({
      giftcardInstanceId: A().module.giftcardInstanceId as number,
      code: "GAVE-OLD",
      balanceMinor: 10_000,
      validUntil: new Date("2026-01-01T00:00:00Z"),
    });
    const answer = async (res: Promise<{ statusCode: number; body: string }>) => {
      const { statusCode, body } = await res;
      return { statusCode, body };
    };
    const giftcards = await Promise.all(["GAVE-NOPE", "GAVE-OLD", " ", ""].map((code) => answer(giftcardAmount(code))));
    expect(giftcards[0]).toEqual({ statusCode: 422, body: expect.stringContaining("Giftcard.Generic") });
    expect(giftcards[1]).toEqual(giftcards[0]);
    expect(giftcards[2]).toEqual(giftcards[0]);
    expect(giftcards[3]).toEqual(giftcards[0]); // /giftcard/{instanceId}//amount

    const discounts = await Promise.all(["NOPE", "VINTER20", ""].map((code) => answer(validateDiscount(code))));
    expect(discounts[0]).toEqual({ statusCode: 422, body: expect.stringContaining("Discount.Invalid") });
    expect(discounts[1]).toEqual(discounts[0]);
    expect(discounts[2]).toEqual(discounts[0]);
  });

  test("unknown, expired and empty gift-card codes take the same time to refuse", async () => {
    await t.db
      .insert(schema.giftcard)
      .values({
        giftcardInstanceId: A().module.giftcardInstanceId as number,
        code: "GAVE-STALE",
        balanceMinor: 10_000,
        validUntil: new Date("2026-01-01T00:00:00Z"),
      })
      .onConflictDoNothing();
    const codes = { unknown: "GAVE-NOPE", expired: "GAVE-STALE", empty: " " };
    const times: Record<keyof typeof codes, number[]> = { unknown: [], expired: [], empty: [] };
    // Interleaved, so drift in the machine's load falls on all three alike; a fresh client every few tries.
    for (let round = 0; round < 30; round++) {
      if (round % 3 === 0) {
        client = `192.0.2.${round}`;
        auth = await freshToken();
      }
      for (const [name, code] of Object.entries(codes) as [keyof typeof codes, string][]) {
        const started = performance.now();
        expect((await giftcardAmount(code)).statusCode).toBe(422);
        times[name].push(performance.now() - started);
      }
    }
    const medians = Object.fromEntries(Object.entries(times).map(([name, ms]) => [name, median(ms)]));
    console.log(
      `guess-limit ${kind}: median time to refuse a gift-card code: ` +
        Object.entries(medians)
          .map(([name, ms]) => `${name} ${ms.toFixed(2)} ms`)
          .join(", "),
    );
    const values = Object.values(medians);
    // Loose on purpose (a shared 2-core machine): it catches a refusal that does extra work, such as a second
    // lookup or a slow hash for one kind, not noise. The three share one code path: one lookup, one comparison.
    expect(Math.max(...values)).toBeLessThan(Math.min(...values) * 2 + 1);
  });

  test.runIf(kind === "postgres")("four API processes on one PostgreSQL share the count", async () => {
    // The store follows DATABASE_URL: set, every process counts in the database (the app is handed its db).
    const shared = { ...t.config, databaseUrl: "postgres://the-database-of-this-test" };
    const processes = await Promise.all(
      Array.from({ length: 4 }, () => buildApp({ db: t.db, config: shared, now: t.clock.now, logger: false })),
    );
    try {
      const tryOn = (index: number, code: string) =>
        (processes[index % 4] as (typeof processes)[number]).inject({
          method: "GET",
          url: `/api/giftcard/${A().module.giftcardInstanceId}/${code}/amount`,
          headers: auth,
          remoteAddress: client,
        });
      for (let i = 0; i < LIMIT; i++) expect((await tryOn(i, `GAVE-${5000 + i}`)).statusCode).toBe(422);
      const afterwards = await Promise.all([0, 1, 2, 3].map((index) => tryOn(index, "GAVE-500")));
      expect(afterwards.map((res) => res.statusCode)).toEqual([429, 429, 429, 429]);
    } finally {
      await Promise.all(processes.map((app) => app.close()));
    }
  });
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}
