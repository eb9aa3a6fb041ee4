import { type BlockedChoice, type BlockedProduct, Product } from "@app/contracts";
import { schema } from "@app/db";
import { and, eq } from "@app/db/orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createClock, createTestApp, type DemoRestaurant, type TestApp } from "../../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: createClock("2026-11-23T10:00:00Z") });
});
afterAll(() => t.close());

const A = () => t.restaurantA;
const B = () => t.restaurantB;

function get(r: DemoRestaurant | null, url: string, headers: Record<string, string> = {}) {
  return t.request({ method: "GET", url, headers: { ...(r?.auth ?? {}), ...headers } });
}

const unitOf = (r: DemoRestaurant) => r.module.productionUnitId;

async function productIdByInternalName(r: DemoRestaurant, internalName: string) {
  const rows = await t.db
    .select({ id: schema.product.id })
    .from(schema.product)
    .where(
      and(
        eq(schema.product.productInstanceId, r.module.productInstanceId),
        eq(schema.product.internalName, internalName),
      ),
    );
  return rows[0]!.id;
}

describe.each([
  ["/api/blockedProduct", "productId"],
  ["/api/blockedChoice", "choiceId"],
] as const)("GET %s", (path, key) => {
  const url = (r: DemoRestaurant) => `${path}?productionUnitId=${unitOf(r)}`;

  test("lists the ids blocked at the token's production unit", async () => {
    const res = await get(A(), url(A()));
    expect(res.statusCode).toBe(200);
    const list = res.json<Record<string, number>[]>();
    expect(list.length).toBeGreaterThan(0);
    for (const item of list) expect(Object.keys(item)).toEqual([key]);
  });

  test("lists different ids for each restaurant", async () => {
    const a = (await get(A(), url(A()))).json<Record<string, number>[]>().map((item) => item[key]);
    const b = (await get(B(), url(B()))).json<Record<string, number>[]>().map((item) => item[key]);
    expect(b.length).toBeGreaterThan(0);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
  });

  test("must be revalidated every time and answers 304 when unchanged", async () => {
    const first = await get(A(), url(A()));
    expect(first.headers["cache-control"]).toBe("no-cache");
    const again = await get(A(), url(A()), { "if-none-match": String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  test("is 401 without a token", async () => {
    expect((await get(null, url(A()))).statusCode).toBe(401);
  });

  test.each(["", "productionUnitId=abc", "productionUnitId=-1", "productionUnitId=99999999999"])(
    "is 400 Input.Invalid for the query %j",
    async (query) => {
      const res = await get(A(), `${path}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: "Input.Invalid", field: "querystring.productionUnitId" });
    },
  );

  test("is 404 for another restaurant's production unit", async () => {
    const res = await get(B(), url(A()));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [{ code: "NOT_FOUND", message: "Production unit not found" }] });
  });

  test("is 404 for an unknown production unit", async () => {
    expect((await get(A(), `${path}?productionUnitId=999999`)).statusCode).toBe(404);
  });
});

describe("blocked items of the demo data", () => {
  test("restaurant A's strawberry milkshake is blocked", async () => {
    const milkshake = await productIdByInternalName(A(), "milkshake-strawberry");
    const list = (await get(A(), `/api/blockedProduct?productionUnitId=${unitOf(A())}`)).json<BlockedProduct[]>();
    expect(list).toContainEqual({ productId: milkshake });
  });

  test("restaurant A's onion rings choice is blocked and appears among the burger's sides", async () => {
    const list = (await get(A(), `/api/blockedChoice?productionUnitId=${unitOf(A())}`)).json<BlockedChoice[]>();
    const burger = await productIdByInternalName(A(), "classic-burger");
    const res = await get(A(), `/api/product/${burger}?instanceId=${A().module.productInstanceId}`);
    const product = Product.parse(res.json());
    const onionRings = product.modifiers.flatMap((m) => m.choices).find((c) => c.name["en-US"] === "Onion rings");
    expect(list).toContainEqual({ choiceId: onionRings!.choiceId });
  });
});
