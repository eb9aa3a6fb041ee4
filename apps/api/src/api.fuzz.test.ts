/**
 * Property: whatever a client sends to any route of the API — random or malformed path
 * parameters, query strings and bodies, with or without a valid token — the answer is never a
 * 5xx, and every error answer has the `{ errors: [{ code, message }] }` shape.
 * Routes are taken from the generated OpenAPI document, so every new route is covered.
 */
import { ErrorBody } from "@app/contracts";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app";

let t: TestApp;
let routes: { method: string; path: string; params: string[]; query: string[] }[] = [];

/** Real ids of restaurant A, so that random input also reaches past the "not found" checks. */
let realIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const a = t.restaurantA;
  const basket = (await t.request({ method: "GET", url: "/api/basket", headers: a.auth })).json();
  const checkout = (
    await t.request({
      method: "POST",
      url: `/api/checkout?instanceId=${a.module.checkoutInstanceId}&moduleId=${a.module.id}`,
      headers: a.auth,
    })
  ).json();
  await t.request({
    method: "POST",
    url: `/api/checkout/${checkout.id}/basket?basketId=${basket.id}`,
    headers: a.auth,
  });
  realIds = [
    basket.id,
    checkout.id,
    String(a.module.id),
    String(a.module.productionUnitId),
    String(a.module.menuInstanceId),
    String(a.module.productInstanceId),
    String(a.module.capacityInstanceId),
    "2026-11-23",
    "SOMMER10",
    "GAVE-500",
  ];
  const spec = t.app.swagger() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
      query: (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
    })),
  );
});
afterAll(() => t.close());

const nasty = fc.oneof(
  { arbitrary: fc.constant(null).chain(() => fc.constantFrom(...realIds)), weight: 4 },
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.constantFrom("0", "-1", "1e309", "99999999999999999999", "NaN", "null", "../../etc/passwd", "%00", "💥", " "),
  fc.uuid(),
  fc.string({ minLength: 300, maxLength: 3000 }),
);

/** Field names the API's bodies use, filled with random or real values. */
const FIELDS = [
  "productId",
  "amount",
  "choices",
  "choiceId",
  "modifierId",
  "price",
  "productPrice",
  "imageUrl",
  "productIds",
  "discountCode",
  "giftcardCode",
  "items",
  "basketId",
  "name",
  "phone",
  "email",
  "orderComment",
  "amountOfGuests",
  "amountOfKids",
  "orderReadyTime",
  "date",
  "deliveryTime",
  "productionUnitId",
  "capacityInstanceId",
  "paymentId",
  "isTest",
];
const plausibleBody = fc
  .dictionary(fc.constantFrom(...FIELDS), fc.oneof(nasty, fc.jsonValue({ maxDepth: 2 }), fc.integer()), { maxKeys: 8 })
  .map((value) => JSON.stringify(value));

const bodies = fc.oneof(
  plausibleBody,
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })).map((value) => JSON.stringify(value)),
  fc.constantFrom("{", "not json", '{"amount": 1e999}', "[]", "null", '"x"', '{"__proto__": {"x": 1}}'),
);

describe("every route, fed random and malformed input", () => {
  test("answers no 5xx and always the errors shape", async () => {
    expect(routes.length).toBeGreaterThan(40);
    const statuses = new Map<number, number>();
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(nasty, { minLength: route.params.length, maxLength: route.params.length }),
          fc.dictionary(fc.constantFrom(...route.query, "instanceId", "x"), nasty, { maxKeys: 4 }),
          fc.option(bodies, { nil: undefined }),
          fc.nat(4).map((n) => n > 0),
          async (paramValues, query, body, withToken) => {
            let url = route.path;
            route.params.forEach((name, i) => {
              url = url.replace(`{${name}}`, encodeURIComponent(paramValues[i] ?? ""));
            });
            const res = await t.request({
              method: route.method as "GET",
              url,
              query,
              headers: {
                ...(withToken ? t.restaurantA.auth : {}),
                ...(body === undefined ? {} : { "content-type": "application/json" }),
              },
              payload: body,
            });
            const where = `${route.method} ${url} ${JSON.stringify(query)} ${body?.slice(0, 200)}`;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode >= 400) expect(ErrorBody.safeParse(res.json()).success, where).toBe(true);
          },
        ),
        { numRuns: 40 },
      );
    }
    // The input must reach the handlers, not only bounce off authentication and validation.
    expect([...statuses.keys()]).toEqual(expect.arrayContaining([200, 400, 401, 404]));
  }, 300_000);
});
