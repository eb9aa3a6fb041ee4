/**
 * A transaction is one PostgreSQL connection, and a connection runs one query at a time: queries
 * started side by side on it (Promise.all over a transaction) queue inside the driver, which pg
 * deprecates ("Calling client.query() when the client is already executing a query is deprecated
 * and will be removed in pg@9.0"). This drives the checkout calls on PostgreSQL and watches every
 * pooled connection for a query started while another still runs on it.
 */
import { testDbKinds } from "@app/db/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { basketHelpers } from "../../testing/basket-helpers";
import { productId } from "../../testing/checkout-fixtures";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";

type Client = { query: (...args: unknown[]) => unknown };
type Pool = { on: (event: "acquire", listener: (client: Client) => void) => void };

/** The SQL of a query's first argument (a text or a query config), shortened. */
function sqlOf(query: unknown): string {
  const text = typeof query === "string" ? query : String((query as { text?: unknown } | null)?.text);
  return text.slice(0, 120);
}

/** Records the SQL of every query started on a connection that is still running another query. */
function watchOverlappingQueries(pool: Pool): string[] {
  const overlaps: string[] = [];
  const watched = new WeakSet<Client>();
  pool.on("acquire", (client) => {
    if (watched.has(client)) return;
    watched.add(client);
    const query = client.query.bind(client);
    let running = 0;
    client.query = (...args: unknown[]) => {
      if (running > 0) overlaps.push(sqlOf(args[0]));
      const result = query(...args);
      if (result instanceof Promise) {
        running += 1;
        const done = () => {
          running -= 1;
        };
        result.then(done, done);
      }
      return result;
    };
  });
  return overlaps;
}

const kinds = await testDbKinds();

describe.skipIf(!kinds.includes("postgres"))("queries of one transaction on postgres", () => {
  let t: TestApp;
  let overlaps: string[];
  beforeAll(async () => {
    t = await createTestApp({ kind: "postgres", clock: createClock("2026-11-23T10:00:00Z") });
    overlaps = watchOverlappingQueries((t.db as unknown as { $client: Pool }).$client);
  });
  afterAll(() => t.close());

  test("run one after another through basket, checkout, slots, discount, gift card and delivery", async () => {
    const a = t.restaurantA;
    const call = async (method: "GET" | "POST" | "DELETE", url: string, payload?: object) => {
      const res = await t.request({ method, url, headers: a.auth, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    const baskets = basketHelpers(() => t);
    const burger = await baskets.productId("Classic burger");
    const basket = await baskets.newBasket();
    await baskets.added(basket.id, { productId: burger, amount: 2, choices: await baskets.burgerBasics(burger) });

    const { id } = await call(
      "POST",
      `/api/checkout?instanceId=${a.module.checkoutInstanceId}&moduleId=${a.module.id}`,
    );
    await call("POST", `/api/checkout/${id}/basket?basketId=${basket.id}`);
    await call("POST", `/api/checkout/${id}/discount`, { discountCode: "SOMMER10" });
    await call("POST", `/api/checkout/${id}/giftcard`, { giftcardCode: "GAVE-100" });
    await call("GET", `/api/checkout/${id}`);
    const slots = await call("POST", `/api/availableordertime/${id}`, {
      productionUnitId: a.module.productionUnitId,
      capacityInstanceId: a.module.capacityInstanceId,
      date: "2026-11-23",
      items: [{ productId: burger, amount: 2 }],
    });
    const guest = { name: "Anna", phone: "12345678", email: "anna@example.dk" };
    await call("POST", `/api/checkout/${id}/guestInformation`, { ...guest, orderReadyTime: slots[4].time });
    await call("POST", `/api/order/validate?checkoutId=${id}`, { productionUnitId: a.module.productionUnitId });
    await call("POST", `/api/checkout/${id}/delivery/address?moduleId=${a.module.id}&address=Vej%201&zipcode=2200`);
    await call("GET", `/api/checkout/${id}/delivery/dates`);
    await call("POST", `/api/checkout/${id}/delivery/date`, { date: "2026-11-24" });
    const times = await call("GET", `/api/checkout/${id}/delivery/times`);
    await call("POST", `/api/checkout/${id}/delivery/time`, { deliveryTime: times[2].time });
    await call("DELETE", `/api/checkout/${id}/delivery`);
    await call("POST", `/api/discount/validate?instanceId=${a.module.discountInstanceId}&moduleId=${a.module.id}`, {
      discountCode: "SOMMER10",
      items: [{ productId: await productId(t, a, "smorrebrod"), amount: 2 }],
    });

    expect(overlaps).toEqual([]);
  });
});
