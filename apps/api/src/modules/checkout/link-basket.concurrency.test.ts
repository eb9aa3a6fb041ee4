import { testDbKinds } from "@app/db/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createCheckout, insertBasket } from "../../testing/checkout-fixtures";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";

describe.each(await testDbKinds())("linking one basket concurrently on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, clock: createClock("2026-11-23T10:00:00Z") });
  });
  afterAll(() => t.close());

  test("10 checkouts racing for one basket: exactly one gets it, the rest 409 BASKET_IN_USE", async () => {
    const A = t.restaurantA;
    const basketId = await insertBasket(t, A, [{ product: "salat", amount: 1 }]);
    const checkouts = await Promise.all(Array.from({ length: 10 }, () => createCheckout(t, A)));
    const answers = await Promise.all(
      checkouts.map((id) =>
        t.request({ method: "POST", url: `/api/checkout/${id}/basket?basketId=${basketId}`, headers: A.auth }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json().errors[0].code).toBe("BASKET_IN_USE");
    }
  });
});
