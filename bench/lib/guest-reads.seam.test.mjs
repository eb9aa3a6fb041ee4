import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp } from "../../apps/api/src/testing/test-app.ts";
import { guestReads } from "./guest-reads.seam.ts";
import { injectJson } from "./in-process-app.mjs";
import { openShop } from "./shop.mjs";

// The guest reads' baseline is only a baseline if it does the routes' work: its answers must be the routes'.
describe("the in-process guest reads (guest-reads.seam.ts)", () => {
  let t;
  let shop;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await openShop("inject", injectJson(t.app));
  });
  afterAll(() => t?.close());

  const viaHttp = (path) => injectJson(t.app)("inject", { path, headers: shop.auth });
  /** What the route would send: the answer as JSON. */
  const asSent = (answer) => JSON.parse(JSON.stringify(answer));

  test("answer what GET /api/basket/{id} answers", async () => {
    const reads = guestReads(t.db, shop.module.productionUnitId);
    const answer = await reads.basket(shop.basketId);
    expect(answer.items.length).toBeGreaterThan(0);
    expect(asSent(answer)).toEqual(await viaHttp(`/api/basket/${shop.basketId}`));
  });

  test("answer what GET /api/checkout/{id} answers", async () => {
    const reads = guestReads(t.db, shop.module.productionUnitId);
    expect(asSent(await reads.checkout(shop.checkoutId))).toEqual(await viaHttp(`/api/checkout/${shop.checkoutId}`));
  });

  test("refuse another restaurant's basket, as the route does", async () => {
    const other = guestReads(t.db, t.restaurantB.module.productionUnitId);
    await expect(other.basket(shop.basketId)).rejects.toThrow();
  });
});
