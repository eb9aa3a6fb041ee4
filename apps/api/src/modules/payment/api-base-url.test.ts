import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { beforeEach, describe, expect, test } from "vitest";
import { preparedCheckout, setSetting } from "../../testing/order-fixtures";
import { type DemoRestaurant, useTestApp } from "../../testing/test-app";
import { apiBaseUrl } from "./api-base-url";

const { t } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen

/** POST /api/checkout/{id}/payment (card) with the given Host header. */
async function payWithHost(checkoutId: string, host: string, restaurant: DemoRestaurant = t.restaurantA) {
  const shop = restaurant === t.restaurantA ? "localhost" : "127.0.0.1";
  const params = new URLSearchParams({
    moduleId: String(restaurant.module.id),
    continuationUrl: `http://${shop}:5173/payment/${checkoutId}`,
    cancellationUrl: `http://${shop}:5173/checkout`,
    paymentMethods: "card",
  });
  const res = await t.request({
    method: "POST",
    url: `/api/checkout/${checkoutId}/payment?${params}`,
    headers: { ...restaurant.auth, host },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; paymentUrl: string };
}

describe("payment links never take a host name from the request alone", () => {
  beforeEach(async () => {
    await setSetting(t, t.restaurantA, "onlinePayment", true);
  });

  test("Host: evil.example gets a paymentUrl on the module's own domain", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const payment = await payWithHost(checkoutId, "evil.example");
    expect(payment.paymentUrl).toBe(`http://localhost/api/payment/${payment.id}/open`);
  });

  test("GET /payment/checkout/{id} and POST /payment/cancel ignore Host: evil.example too", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const payment = await payWithHost(checkoutId, "localhost:3000");
    expect(payment.paymentUrl).toBe(`http://localhost:3000/api/payment/${payment.id}/open`);
    const headers = { ...t.restaurantA.auth, host: "evil.example:443" };
    const read = await t.request({ method: "GET", url: `/api/payment/checkout/${checkoutId}`, headers });
    expect(read.json().paymentUrl).toBe(`http://localhost/api/payment/${payment.id}/open`);
    const cancelled = await t.request({
      method: "POST",
      url: "/api/payment/cancel",
      headers,
      payload: { paymentId: payment.id },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(JSON.stringify(cancelled.json())).not.toContain("evil");
  });

  test("a module domain in the Host header is kept with its port, in any case", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const payment = await payWithHost(checkoutId, "LocalHost:5173");
    expect(payment.paymentUrl).toBe(`http://localhost:5173/api/payment/${payment.id}/open`);
  });

  test("another restaurant's domain is not this restaurant's: B's links stay on B's domain", async () => {
    await setSetting(t, t.restaurantB, "onlinePayment", true);
    const { checkoutId } = await preparedCheckout(t, t.restaurantB, {
      lines: [{ product: "margherita", amount: 1 }],
      orderReadyTime: new Date("2026-11-23T12:00:00Z"), // 13:00 on a Monday: B is open
    });
    const payment = await payWithHost(checkoutId, "localhost", t.restaurantB);
    expect(payment.paymentUrl).toBe(`http://127.0.0.1/api/payment/${payment.id}/open`);
  });

  test.each([
    "localhost@evil.example",
    "localhost:80@evil.example",
    "evil.example/localhost",
    "localhost.evil.example",
  ])("Host: %s is not a module domain", async (host) => {
    const { checkoutId } = await preparedCheckout(t);
    const payment = await payWithHost(checkoutId, host);
    expect(payment.paymentUrl).toBe(`http://localhost/api/payment/${payment.id}/open`);
  });
});

describe("apiBaseUrl", () => {
  const request = (host: string) => ({
    protocol: "http" as const,
    host,
    productionUnitId: t.restaurantA.module.productionUnitId,
  });

  test("PUBLIC_URL wins over any Host header", async () => {
    const deps = { db: t.db, config: { ...t.config, publicUrl: "https://shop.example.dk/" } };
    expect(await apiBaseUrl(deps, request("evil.example"))).toBe("https://shop.example.dk/api");
  });

  test("a production unit without any module domain is refused (400 HOST_NOT_ALLOWED)", async () => {
    const unitId = t.restaurantA.module.productionUnitId;
    const hosts = await t.db
      .select()
      .from(schema.moduleDomain)
      .innerJoin(schema.module, eq(schema.module.id, schema.moduleDomain.moduleId))
      .where(eq(schema.module.productionUnitId, unitId));
    for (const { module_domain } of hosts) {
      await t.db.delete(schema.moduleDomain).where(eq(schema.moduleDomain.host, module_domain.host));
    }
    try {
      await expect(apiBaseUrl({ db: t.db, config: t.config }, request("localhost"))).rejects.toMatchObject({
        code: "HOST_NOT_ALLOWED",
        status: 400,
      });
    } finally {
      await t.db.insert(schema.moduleDomain).values(hosts.map((row) => row.module_domain));
    }
  });
});
