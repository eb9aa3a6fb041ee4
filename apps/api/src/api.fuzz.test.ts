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

beforeAll(async () => {
  t = await createTestApp();
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
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.constantFrom("0", "-1", "1e309", "99999999999999999999", "NaN", "null", "../../etc/passwd", "%00", "💥", " "),
  fc.uuid(),
  fc.string({ minLength: 300, maxLength: 3000 }),
);

const bodies = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })).map((value) => JSON.stringify(value)),
  fc.constantFrom("{", "not json", '{"amount": 1e999}', "[]", "null", '"x"', '{"__proto__": {"x": 1}}'),
);

describe("every route, fed random and malformed input", () => {
  test("answers no 5xx and always the errors shape", async () => {
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(nasty, { minLength: route.params.length, maxLength: route.params.length }),
          fc.dictionary(fc.constantFrom(...route.query, "instanceId", "x"), nasty, { maxKeys: 4 }),
          fc.option(bodies, { nil: undefined }),
          fc.boolean(),
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
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode >= 400) expect(ErrorBody.safeParse(res.json()).success, where).toBe(true);
          },
        ),
        { numRuns: 25 },
      );
    }
  }, 300_000);
});
