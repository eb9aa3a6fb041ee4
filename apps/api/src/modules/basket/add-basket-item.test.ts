import type { Basket } from "@app/contracts";
import { testDbKinds } from "@app/db/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { basketHelpers } from "../../testing/basket-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

describe.each(await testDbKinds())("adding to a basket concurrently (%s)", (kind) => {
  let t: TestApp;
  const h = basketHelpers(() => t);
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t.close());

  test("concurrent adds of the same product merge into one line without losing any", async () => {
    const basket = await h.newBasket();
    const cola = await h.productId("Coca-Cola");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => h.add(basket.id, { productId: cola, amount: 1 })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    const final: Basket = (await h.get(basket.id)).json();
    expect(final.items).toHaveLength(1);
    expect(final.items[0]).toMatchObject({ amount: 10, totalPrice: 350 });
  });

  test("concurrent adds never push a line above 99 units", async () => {
    const basket = await h.newBasket();
    const cola = await h.productId("Coca-Cola");
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => h.add(basket.id, { productId: cola, amount: 30 })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 422]);
    const final: Basket = (await h.get(basket.id)).json();
    expect(final.items).toEqual([expect.objectContaining({ amount: 90 })]);
  });
});
