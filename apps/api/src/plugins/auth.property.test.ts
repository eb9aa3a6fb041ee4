/**
 * Reliability case 13 (issue 11): forged bearer tokens are refused, property-tested over random
 * payloads and mutations on the whole app (PGlite, and PostgreSQL when reachable). A token proves
 * which restaurant a request is for (decision 004), so a forged one must never reach a route:
 * payload changed under a kept signature, signature changed, `alg: none`, another algorithm, another
 * secret, expired, not yet valid, without exp, another issuer, or a production unit that is not an
 * integer → 401. A correctly signed token of another restaurant reaches the routes, and there every
 * one of restaurant A's resources and production-unit routes answers 404, as if unknown.
 *
 * Size: 150 tokens per kind of forgery by default, 1,000 with RELIABILITY_LONG=1.
 */
import { randomUUID } from "node:crypto";
import { testDbKinds } from "@app/db/testing";
import fc from "fast-check";
import { base64url, decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pay, preparedCheckout } from "../testing/order-fixtures";
import { createClock, createTestApp, type TestApp } from "../testing/test-app";

/** Building the app on a fresh database takes seconds, but minutes on a busy 2-core machine. */
const SETUP_TIMEOUT_MS = 180_000;

const LONG = process.env.RELIABILITY_LONG === "1";
const RUNS = LONG ? 1_000 : 150;
const START = "2026-11-23T10:00:00Z";
const ISSUER = "storefront-api";

const nowSeconds = () => Math.floor(new Date(START).getTime() / 1000);
const encodeJson = (value: unknown) => base64url.encode(JSON.stringify(value));

/** Claims a genuine token might carry, with random extras; `pu` is set by the caller. */
const claimsArb = fc.record({
  extra: fc.dictionary(
    fc.string({ minLength: 1, maxLength: 8 }).filter((key) => !["pu", "iss", "exp", "nbf", "iat"].includes(key)),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 4 },
  ),
  ttlSeconds: fc.integer({ min: 60, max: 30 * 24 * 3600 }),
});

describe.each(await testDbKinds())("forged tokens on %s", (kind) => {
  let t: TestApp;
  let secret: Uint8Array;
  /** Restaurant A's own resources, each reachable with A's token. */
  let resourcesOfA: string[];
  const figures = { refused: 0, otherUnit404: 0, accepted: 0, started: 0 };

  beforeAll(async () => {
    t = await createTestApp({ kind, clock: createClock(START) });
    figures.started = Date.now();
    secret = t.config.tokenSecret;
    const a = t.restaurantA;
    const basket = (await t.request({ method: "GET", url: "/api/basket", headers: a.auth })).json<{ id: string }>();
    const { checkoutId } = await preparedCheckout(t, a);
    const payment = (await pay(t, checkoutId, { paymentMethods: "pickup" })).json<{ id: string }>();
    const order = (await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: a.auth })).json<{
      orderId: string;
    }>();
    expect(order.orderId).toBeTruthy();
    const pu = a.module.productionUnitId;
    resourcesOfA = [
      `/api/basket/${basket.id}`,
      `/api/checkout/${checkoutId}`,
      `/api/payment/checkout/${checkoutId}`,
      `/api/order/${order.orderId}`,
      `/api/productionunit/${pu}`,
      `/api/productionunit/${pu}/OpeningHour/v2/today`,
      `/api/productionunit/${pu}/DeliveryHour/today`,
      `/api/module/${a.module.id}/module`,
      `/api/frontend/module/${a.module.id}`,
    ];
    expect(payment.id).toBeTruthy();
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    const seconds = ((Date.now() - figures.started) / 1000).toFixed(1);
    console.log(
      `auth-tokens ${kind}: ${figures.refused} forged tokens refused 401, ${figures.otherUnit404} other-unit requests 404, ` +
        `${figures.accepted} genuine tokens accepted (control), ${seconds} s`,
    );
    await t?.close();
  });

  const productionUnitOfA = () => `/api/productionunit/${t.restaurantA.module.productionUnitId}`;

  function get(url: string, token: string | undefined) {
    return t.request({ method: "GET", url, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
  }

  /** A token as the API issues it (HS256, its issuer and secret), for restaurant A unless told. */
  function sign(
    claims: { pu?: unknown; extra?: Record<string, unknown> },
    options: {
      exp?: number | null;
      nbf?: number;
      iss?: string | null;
      jti?: string | null;
      alg?: string;
      key?: Uint8Array;
    } = {},
  ) {
    const payload = { ...claims.extra, pu: "pu" in claims ? claims.pu : t.restaurantA.module.productionUnitId };
    let jwt = new SignJWT(payload).setProtectedHeader({ alg: options.alg ?? "HS256" }).setIssuedAt(nowSeconds());
    if (options.jti !== null) jwt = jwt.setJti(options.jti ?? randomUUID());
    if (options.iss !== null) jwt = jwt.setIssuer(options.iss ?? ISSUER);
    if (options.exp !== null) jwt = jwt.setExpirationTime(options.exp ?? nowSeconds() + 3600);
    if (options.nbf !== undefined) jwt = jwt.setNotBefore(options.nbf);
    return jwt.sign(options.key ?? secret);
  }

  /** The token is refused with 401 in the errors shape on a route of A that A's own token opens. */
  async function expectRefused(token: string | undefined) {
    const res = await get(productionUnitOfA(), token);
    expect(res.statusCode, `${token}: ${res.body}`).toBe(401);
    expect(res.json().errors[0].code).toBe("UNAUTHORIZED");
    expect(res.body).not.toContain(t.restaurantA.module.name);
    figures.refused++;
  }

  test("control: tokens signed like the API's are accepted, so every refusal below is the forgery's", async () => {
    await fc.assert(
      fc.asyncProperty(claimsArb, async ({ extra, ttlSeconds }) => {
        const res = await get(productionUnitOfA(), await sign({ extra }, { exp: nowSeconds() + ttlSeconds }));
        expect(res.statusCode, res.body).toBe(200);
        figures.accepted++;
      }),
      { numRuns: Math.min(RUNS, 50) },
    );
    for (const url of resourcesOfA) expect((await get(url, t.restaurantA.token)).statusCode, url).toBe(200);
  });

  test("a payload changed under the kept signature is 401", async () => {
    const genuine = t.restaurantA.token;
    const [header, , signature] = genuine.split(".");
    const claims = decodeJwt(genuine);
    const changeArb = fc.oneof(
      fc
        .integer()
        .filter((pu) => pu !== claims.pu)
        .map((pu) => ({ ...claims, pu })),
      fc.integer({ min: 1, max: 10 ** 9 }).map((more) => ({ ...claims, exp: (claims.exp ?? 0) + more })),
      fc.string().map((iss) => ({ ...claims, iss })),
      claimsArb.map(({ extra }) => ({ ...extra, ...claims, [`x${Object.keys(extra).length}`]: 1 })),
    );
    await fc.assert(
      fc.asyncProperty(changeArb, async (forged) => {
        await expectRefused(`${header}.${encodeJson(forged)}.${signature}`);
      }),
      { numRuns: RUNS },
    );
  });

  test("a changed signature is 401: any flipped bit, cut short, extended or empty", async () => {
    const genuine = t.restaurantA.token;
    const [header, payload, signature] = genuine.split(".") as [string, string, string];
    const bytes = base64url.decode(signature);
    const mutationArb = fc.oneof(
      fc.record({ byte: fc.nat(bytes.length - 1), bit: fc.nat(7) }).map(({ byte, bit }) => {
        const flipped = Uint8Array.from(bytes);
        flipped[byte]! ^= 1 << bit;
        return base64url.encode(flipped);
      }),
      fc.integer({ min: 0, max: bytes.length - 1 }).map((length) => base64url.encode(bytes.slice(0, length))),
      fc
        .uint8Array({ minLength: 1, maxLength: 16 })
        .map((more) => base64url.encode(Uint8Array.from([...bytes, ...more]))),
      fc.uint8Array({ minLength: 32, maxLength: 32 }).map((random) => base64url.encode(random)),
    );
    await fc.assert(
      fc.asyncProperty(mutationArb, async (forged) => {
        fc.pre(forged !== signature);
        await expectRefused(`${header}.${payload}.${forged}`);
      }),
      { numRuns: RUNS },
    );
  });

  test("alg none, another algorithm or another secret is 401", async () => {
    const forgeryArb = fc.record({
      claims: claimsArb,
      how: fc.constantFrom("none", "None", "NONE", "HS384", "HS512", "other-secret", "hs256-unsigned"),
      otherSecret: fc.uint8Array({ minLength: 32, maxLength: 64 }),
    });
    await fc.assert(
      fc.asyncProperty(forgeryArb, async ({ claims, how, otherSecret }) => {
        const payload = {
          ...claims.extra,
          pu: t.restaurantA.module.productionUnitId,
          iss: ISSUER,
          exp: nowSeconds() + 3600,
        };
        let token: string;
        if (how.toLowerCase() === "none") token = `${encodeJson({ alg: how, typ: "JWT" })}.${encodeJson(payload)}.`;
        else if (how === "other-secret") token = await sign(claims, { key: otherSecret });
        else if (how === "hs256-unsigned") {
          token = `${encodeJson({ alg: "HS256", typ: "JWT" })}.${encodeJson(payload)}.`;
        } else token = await sign(claims, { alg: how });
        await expectRefused(token);
      }),
      { numRuns: RUNS },
    );
  });

  test("expired, not yet valid, without exp, another or no issuer, or a production unit that is no integer: 401", async () => {
    const forgeryArb = fc.oneof(
      fc.record({ claims: claimsArb, ago: fc.integer({ min: 1, max: 10 ** 8 }) }).map(({ claims, ago }) => ({
        claims,
        options: { exp: nowSeconds() - ago },
      })),
      fc.record({ claims: claimsArb, ahead: fc.integer({ min: 60, max: 10 ** 8 }) }).map(({ claims, ahead }) => ({
        claims,
        options: { nbf: nowSeconds() + ahead },
      })),
      claimsArb.map((claims) => ({ claims, options: { exp: null } })),
      fc.record({ claims: claimsArb, iss: fc.string().filter((iss) => iss !== ISSUER) }).map(({ claims, iss }) => ({
        claims,
        options: { iss },
      })),
      claimsArb.map((claims) => ({ claims, options: { iss: null } })),
      // Every token the API issues has its own id (limits count per token): one without is not ours.
      claimsArb.map((claims) => ({ claims, options: { jti: null } })),
      claimsArb.map((claims) => ({ claims, options: { jti: "" } })),
      fc
        .record({
          claims: claimsArb,
          pu: fc.oneof(
            fc.double({ noInteger: true }),
            fc.string(),
            fc.constant(null),
            fc.boolean(),
            fc.array(fc.integer(), { maxLength: 2 }),
          ),
        })
        .map(({ claims, pu }) => ({ claims: { ...claims, pu }, options: {} })),
    );
    await fc.assert(
      fc.asyncProperty(forgeryArb, async ({ claims, options }) => {
        await expectRefused(await sign(claims, options));
      }),
      { numRuns: RUNS },
    );
  });

  test("no token, an empty one or one that is not a JWT is 401", async () => {
    await expectRefused(undefined);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 200 }).filter((text) => /^\S+$/.test(text)),
        async (text) => {
          await expectRefused(text);
        },
      ),
      { numRuns: RUNS },
    );
  });

  test("a correctly signed token of another production unit reaches nothing of restaurant A: 404 on every resource", async () => {
    const otherUnitArb = fc.oneof(
      fc.constant(t.restaurantB.module.productionUnitId),
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).filter((pu) => pu !== t.restaurantA.module.productionUnitId),
    );
    await fc.assert(
      fc.asyncProperty(otherUnitArb, fc.constantFrom(...resourcesOfA), async (pu, url) => {
        const res = await get(url, await sign({ pu }));
        expect(res.statusCode, `${url} as unit ${pu}: ${res.body}`).toBe(404);
        expect(res.json().errors[0].code).toBe("NOT_FOUND");
        expect(res.body).not.toContain(t.restaurantA.module.name);
        figures.otherUnit404++;
      }),
      { numRuns: RUNS },
    );
    // And B's own token, as the API issued it.
    for (const url of resourcesOfA) {
      expect((await get(url, t.restaurantB.token)).statusCode, url).toBe(404);
    }
  });
});
