import { schema } from "@app/db";
import { testDbKinds } from "@app/db/testing";
import Fastify, { type InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { buildApp } from "../../app";
import { checkoutWithBasket, productId } from "../../testing/checkout-fixtures";
import { createClock, createTestApp, type DemoRestaurant, type TestApp } from "../../testing/test-app";
import { registerGuessLimit } from ".";

// Restaurant A's gift cards: GAVE-500, GAVE-100; discount codes SOMMER10 (10 %), VINTER20 (expired).
const START = "2026-11-23T10:00:00Z"; // a Monday, 11:00 in Copenhagen, at the start of a minute
const LIMIT = 10;

/**
 * On PGlite the counters are in the process's memory; on PostgreSQL the app is told DATABASE_URL, so they are
 * in the database as with several processes (the app is handed its database; the URL only picks the store).
 */
const storeOf = (kind: string): Record<string, string> =>
  kind === "postgres" ? { DATABASE_URL: "postgres://the-database-of-this-test" } : {};

describe.each(await testDbKinds())("wrong code tries on %s", (kind) => {
  let t: TestApp;
  let address = 0;
  /** Each test guesses from its own client address and token, so one test's tries never lock out the next one. */
  let client: string;
  let auth: DemoRestaurant["auth"];
  beforeAll(async () => {
    t = await createTestApp({
      kind,
      clock: createClock(START),
      env: { RATE_LIMIT_TRIES_PER_MINUTE: String(LIMIT), ...storeOf(kind) },
    });
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
  async function wrongGiftcardTries(count: number, headers: DemoRestaurant["auth"] = auth): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await giftcardAmount(`GAVE-${9000 + i}`, { headers })).statusCode);
    return statuses;
  }
  const statusesOf = (answers: { statusCode: number }[]) => answers.map((res) => res.statusCode);
  const countOf = (statuses: number[], status: number) => statuses.filter((it) => it === status).length;

  test("the 11th wrong gift-card code of a token in a minute is 429 TOO_MANY_TRIES with Retry-After, and so is its right one", async () => {
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
    const statuses = statusesOf(await Promise.all(codes.map((code) => giftcardAmount(code))));
    expect(countOf(statuses, 422)).toBeLessThanOrEqual(LIMIT);
    // A right answer gives its place back, so one more may be looked up after it: never more wrong ones.
    expect(statuses.length - countOf(statuses, 429)).toBeLessThanOrEqual(LIMIT + countOf(statuses, 200));
    expect(countOf(statuses, 429)).toBeGreaterThanOrEqual(49);
  });

  test("a burst of 60 parallel guesses, each with a fresh token, gets at most 10 looked up: the address is counted", async () => {
    const tokens = await Promise.all(Array.from({ length: 60 }, () => freshToken()));
    const codes = Array.from({ length: 60 }, (_, i) => (i === 40 ? "GAVE-100" : `GAVE-${7000 + i}`));
    const statuses = statusesOf(
      await Promise.all(codes.map((code, i) => giftcardAmount(code, { headers: tokens[i] }))),
    );
    expect(countOf(statuses, 422)).toBeLessThanOrEqual(LIMIT);
    expect(statuses.length - countOf(statuses, 429)).toBeLessThanOrEqual(LIMIT + countOf(statuses, 200));
    // The address is locked by ten tokens' wrong tries: a right code from yet another token would stand out.
    expect((await giftcardAmount("GAVE-500", { headers: await freshToken() })).statusCode).toBe(429);
  });

  test("a new token per try does not help: the client address is counted too", async () => {
    for (let i = 0; i < LIMIT; i++) {
      expect((await giftcardAmount(`GAVE-${8000 + i}`, { headers: await freshToken() })).statusCode).toBe(422);
    }
    expect((await giftcardAmount("GAVE-8999", { headers: await freshToken() })).statusCode).toBe(429);
    expect((await giftcardAmount("GAVE-500", { headers: await freshToken() })).statusCode).toBe(429);
  });

  test("one token's wrong tries lock that token, not its address: the other guests there still get their answers", async () => {
    const guesser = auth;
    expect(await wrongGiftcardTries(LIMIT + 5, guesser)).toEqual([...Array(LIMIT).fill(422), ...Array(5).fill(429)]);
    const guest = await freshToken();
    expect((await giftcardAmount("GAVE-500", { headers: guest })).statusCode).toBe(200);
    // The guesser is charged to the address for half the limit: the guest has the other half for typos.
    expect(await wrongGiftcardTries(LIMIT / 2, guest)).toEqual(Array(LIMIT / 2).fill(422));
  });

  test("two guessing tokens lock the address: then a right code from yet another token is 429 too", async () => {
    expect(await wrongGiftcardTries(LIMIT / 2)).toEqual(Array(LIMIT / 2).fill(422));
    const second = await freshToken();
    expect(await wrongGiftcardTries(LIMIT / 2, second)).toEqual(Array(LIMIT / 2).fill(422));
    // Refused before it is looked up, whatever the code: a token hopper learns nothing from it.
    const locked = await giftcardAmount("GAVE-500", { headers: await freshToken() });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers["retry-after"]).toBe("60");
    // Both tokens are below their own limit, yet their further tries are refused: the address is full.
    expect((await giftcardAmount("GAVE-8888")).statusCode).toBe(429);
    expect((await giftcardAmount("GAVE-8888", { headers: second })).statusCode).toBe(429);
  });

  test("a 429 is not a try: a token refused 20 times at a locked address still has all its wrong tries elsewhere", async () => {
    for (let i = 0; i < LIMIT; i++) await giftcardAmount(`GAVE-${8000 + i}`, { headers: await freshToken() });
    const guest = auth;
    for (let i = 0; i < 20; i++) expect((await giftcardAmount(`GAVE-${8100 + i}`)).statusCode).toBe(429);
    expect((await giftcardAmount("GAVE-500", { headers: guest })).statusCode).toBe(429);
    // The guest's phone leaves the office Wi-Fi: its token was charged nothing for the refusals.
    client = "203.0.113.77";
    expect(await wrongGiftcardTries(LIMIT, guest)).toEqual(Array(LIMIT).fill(422));
    expect((await giftcardAmount("GAVE-8999", { headers: guest })).statusCode).toBe(429);
  });

  test.runIf(kind === "postgres")("a flood at a locked address leaves no counters behind", async () => {
    for (let i = 0; i < LIMIT; i++) await giftcardAmount(`GAVE-${8000 + i}`, { headers: await freshToken() });
    const counters = async () => (await t.db.select().from(schema.rateLimitCounter)).length;
    const before = await counters();
    const tokens = await Promise.all(Array.from({ length: 30 }, () => freshToken()));
    const statuses = statusesOf(await Promise.all(tokens.map((headers) => giftcardAmount("GAVE-8500", { headers }))));
    expect(statuses).toEqual(Array(30).fill(429));
    expect(await counters()).toBe(before);
  });

  test("25 guests' concurrent right codes from one address all succeed while one token's 20 wrong ones are throttled", async () => {
    const guests = await Promise.all(Array.from({ length: 25 }, () => freshToken()));
    const guesser = await freshToken();
    const items = [{ productId: await productId(t, A(), "smorrebrod"), amount: 10, choices: [] }];
    const validate = (discountCode: string, headers: DemoRestaurant["auth"]) =>
      t.request({
        method: "POST",
        url: `/api/discount/validate?moduleId=${A().module.id}&instanceId=${A().module.discountInstanceId}`,
        headers,
        remoteAddress: client,
        payload: { discountCode, items },
      });
    const [rights, wrongs] = await Promise.all([
      Promise.all(guests.map((guest) => validate("SOMMER10", guest))),
      Promise.all(Array.from({ length: 20 }, (_, i) => validate(`NOPE${i}`, guesser))),
    ]);
    expect(statusesOf(rights)).toEqual(Array(25).fill(200));
    const wrongStatuses = statusesOf(wrongs);
    expect(countOf(wrongStatuses, 422)).toBe(LIMIT);
    expect(countOf(wrongStatuses, 429)).toBe(20 - LIMIT);
    // None of the 25 counted, nor did the 10 refusals: a 26th guest still gets the right answer.
    expect((await validate("SOMMER10", await freshToken())).statusCode).toBe(200);
  });

  test("one token's 25 concurrent right codes all succeed: tries in flight are waited for, not refused", async () => {
    const statuses = statusesOf(await Promise.all(Array.from({ length: 25 }, () => giftcardAmount("GAVE-500"))));
    expect(statuses).toEqual(Array(25).fill(200));
    expect(await wrongGiftcardTries(LIMIT)).toEqual(Array(LIMIT).fill(422));
  });

  test("the token is the verified token, not the header's spelling: bearer, BEARER and extra spaces are one guest", async () => {
    const token = auth.authorization.replace(/^Bearer /, "");
    const spellings = [`Bearer ${token}`, `bearer ${token}`, `BEARER   ${token}`, `Bearer\t${token}`];
    for (let i = 0; i < LIMIT; i++) {
      // A new address for every try, so only the token ties them together.
      const headers = { authorization: spellings[i % spellings.length] as string };
      const res = await giftcardAmount(`GAVE-${6100 + i}`, { headers, remoteAddress: `203.0.113.${i + 1}` });
      expect(res.statusCode).toBe(422);
    }
    for (const spelling of spellings) {
      const res = await giftcardAmount("GAVE-6199", {
        headers: { authorization: spelling },
        remoteAddress: "203.0.113.99",
      });
      expect(res.statusCode, spelling).toBe(429);
    }
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

  test("behind a proxy (TRUST_PROXY=true, TRUST_PROXY_HOPS=1), random X-Forwarded-For does not help: the 11th wrong code is 429", async () => {
    const behindProxy = await buildApp({
      db: t.db,
      config: { ...t.config, trustProxy: { hops: 1 } },
      now: t.clock.now,
      logger: false,
    });
    try {
      // nginx (proxy_add_x_forwarded_for) appends the address it saw to whatever the client wrote.
      const throughProxy = async (code: string, realClient: string) =>
        behindProxy.inject({
          method: "GET",
          url: `/api/giftcard/${A().module.giftcardInstanceId}/${code}/amount`,
          headers: { ...(await freshToken()), "x-forwarded-for": `${randomAddress()}, ${realClient}` },
          remoteAddress: "127.0.0.1",
        });
      for (let i = 0; i < LIMIT; i++)
        expect((await throughProxy(`GAVE-${4000 + i}`, "198.51.100.77")).statusCode).toBe(422);
      expect((await throughProxy("GAVE-4999", "198.51.100.77")).statusCode).toBe(429);
      // Another client behind the same proxy is another address.
      expect((await throughProxy("GAVE-4999", "198.51.100.78")).statusCode).toBe(422);
    } finally {
      await behindProxy.close();
    }
  });

  test("a guessing route without a token is refused at start-up: its tries would all share one token budget", async () => {
    const api = Fastify();
    await registerGuessLimit(api, { db: t.db, config: t.config, now: t.clock.now });
    expect(() =>
      api.get("/guess", { config: { public: true, guessing: { kind: "giftcard" } } }, async () => 1),
    ).toThrow(/GET \/guess: a guessing route needs the guest's token/);
    await api.close();
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

function randomAddress(): string {
  return Array.from({ length: 4 }, () => Math.floor(Math.random() * 256)).join(".");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}
