/**
 * Reliability case 9 (issue 11): tenants. Every route of the OpenAPI document that takes an id in
 * its path (every method on it) is called with restaurant B's token and restaurant A's real ids —
 * A's basket and its line, checkout, applied discount and gift card, payment, order, module,
 * production unit, menu, product and instances, all created first so they exist — and must answer
 * 404 in the errors shape, saying nothing of A, and change nothing of A's. Without a token it is
 * 401. The routes are read from the document, so a new route with an id fails here until it has a
 * call below; the few public ones are listed with why they may be public. A's own token opens every
 * one of these calls (no 404), so each 404 is the tenancy check's and not a wrong id. Decision 004:
 * ids in URLs are random UUIDs, never sequential.
 */
import { testDbKinds } from "@app/db/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { basketHelpers } from "../../testing/basket-helpers";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";

/** Building the app on a fresh database takes seconds, but minutes on a busy 2-core machine. */
const SETUP_TIMEOUT_MS = 180_000;

type Json = Record<string, unknown>;
type Call = { url: string; body?: unknown };
type Operation = {
  parameters?: { in: string; name: string; schema?: { type?: string; format?: string } }[];
  security?: unknown[];
};

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Routes with an id in the path that need no token, and why that is safe. */
const PUBLIC_BY_DESIGN: Record<string, string> = {
  "GET /api/module/domain/{domain}": "SPEC §6: the storefront finds its module by host name before it has a token",
  "GET /api/token/{productionUnitId}": "SPEC §6: anyone gets a restaurant's token; it only says which restaurant",
  "GET /api/payment/test/{paymentId}": "the test provider's hosted page: the payment's random UUID is its key",
  "GET /api/payment/{paymentId}/open":
    "paymentUrl, followed by a browser without a token: the random UUID is its key; it only redirects (decision 025)",
  "POST /api/payment/test/{paymentId}/{action}":
    "the hosted page's buttons: the random UUID and the page's form secret",
  "GET /api/payment/stripe/return/{paymentId}":
    "Stripe Checkout's success_url, followed by the guest's browser without a token: the random UUID is its key, " +
    "and it reports only what Stripe itself says of the payment's own session (issue 46)",
  "GET /api/payment/stripe/cancel/{paymentId}":
    "Stripe Checkout's cancel_url, followed by the guest's browser without a token: the random UUID is its key; it " +
    "cancels only a payment still waiting, as the guest's own cancel does (issue 46)",
  "POST /api/payment/stripe/webhook/{webhookId}":
    "Stripe's webhook: no token, the event's signature under the account's signing secret is its key, and it moves " +
    "only payments of that account's organisation (issue 46)",
  "GET /api/brand-images/{hash}":
    "a restaurant's logo, shown to every guest: named by the SHA-256 of its bytes, which no one can guess",
  "GET /api/menu-images/{hash}/{file}":
    "a menu picture, shown to every guest: named by the SHA-256 of the uploaded bytes, which no one can guess",
};

describe.each(await testDbKinds())("every route with an id, on %s", (kind) => {
  let t: TestApp;
  let idRoutes: { route: string; operation: Operation }[] = [];
  const calls = new Map<string, Call>();
  /** Two routes that take a capability id in the query or body instead of the path. */
  const bodyOrQueryCalls: [string, Call][] = [];
  /** Strings of restaurant A that must never appear in an answer to B. */
  const secretsOfA: string[] = [];
  /** A's ids that are the guest's capability (decision 004). */
  const capabilityIds: Record<string, string> = {};
  /** A's checkouts as A reads them, before B's calls. */
  let before: string[] = [];
  let checkoutIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ kind, clock: createClock("2026-11-23T10:00:00Z") }); // a Monday, 11:00 in Copenhagen
    const a = t.restaurantA;
    const m = a.module;
    const call = async (method: "GET" | "POST", url: string, payload?: unknown) => {
      const res = await t.request({ method, url, headers: a.auth, ...(payload ? { payload: payload as Json } : {}) });
      if (res.statusCode >= 400) throw new Error(`setup: ${method} ${url} answered ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const h = basketHelpers(() => t);
    const burger = await h.productId("Classic burger");
    const basics = await h.burgerBasics(burger);

    async function readyCheckout() {
      const basket = await h.newBasket();
      await h.added(basket.id, { productId: burger, amount: 2, choices: basics });
      const checkout = await call("POST", `/api/checkout?instanceId=${m.checkoutInstanceId}&moduleId=${m.id}`);
      await call("POST", `/api/checkout/${checkout.id}/basket?basketId=${basket.id}`);
      const slots: { time: string; isAvailable: boolean }[] = await call(
        "POST",
        `/api/availableordertime/${checkout.id}`,
        {
          productionUnitId: m.productionUnitId,
          date: "2026-11-23",
          capacityInstanceId: m.capacityInstanceId,
        },
      );
      const guest = {
        name: "Mette Tenantsen",
        phone: "12345678",
        email: "mette.tenant@example.dk",
        orderReadyTime: slots.find((slot) => slot.isAvailable)!.time,
      };
      await call("POST", `/api/checkout/${checkout.id}/guestInformation`, guest);
      return { basket: await call("GET", `/api/basket/${basket.id}`), checkout, guest };
    }
    const payUrl = (checkoutId: string, method: string) =>
      `/api/checkout/${checkoutId}/payment?${new URLSearchParams({
        moduleId: String(m.id),
        continuationUrl: `http://localhost/payment/${checkoutId}`,
        cancellationUrl: "http://localhost/checkout",
        paymentMethods: method,
      })}`;

    // A's open checkout with a discount and a gift card applied, one delivered, one paid online and one ordered.
    const open = await readyCheckout();
    const discount = await call("POST", `/api/checkout/${open.checkout.id}/discount`, { discountCode: "SOMMER10" });
    const giftcard = await call("POST", `/api/checkout/${open.checkout.id}/giftcard`, {
      giftcardCode: "GAVE-500",
      amount: 10,
    });
    const checkoutDiscountId: string = discount.discounts[0].id;
    const checkoutGiftcardId: string = giftcard.giftcards[0].id;
    const delivered = await readyCheckout();
    await call(
      "POST",
      `/api/checkout/${delivered.checkout.id}/delivery/address?moduleId=${m.id}&address=Vej%201&zipcode=2200`,
    );
    const [date] = await call("GET", `/api/checkout/${delivered.checkout.id}/delivery/dates`);
    await call("POST", `/api/checkout/${delivered.checkout.id}/delivery/date`, { date: date.date });
    const times: { time: string; isAvailable: boolean }[] = await call(
      "GET",
      `/api/checkout/${delivered.checkout.id}/delivery/times`,
    );
    const deliveryTime = times.find((slot) => slot.isAvailable)!.time;
    const online = await readyCheckout();
    const payment = await call("POST", payUrl(online.checkout.id, "card"));
    const placed = await readyCheckout();
    await call("POST", payUrl(placed.checkout.id, "pickup"));
    const orderId: string = (await call("GET", `/api/checkout/${placed.checkout.id}`)).orderId;
    const order = await call("GET", `/api/order/${orderId}`);
    const [menu] = await call("GET", `/api/menu?instanceId=${m.menuInstanceId}`);
    const line = open.basket.items[0];

    Object.assign(capabilityIds, {
      basket: open.basket.id,
      basketItem: line.id,
      checkout: open.checkout.id,
      checkoutDiscount: checkoutDiscountId,
      checkoutGiftcard: checkoutGiftcardId,
      payment: payment.id,
      order: orderId,
    });
    checkoutIds = [open.checkout.id, delivered.checkout.id, online.checkout.id, placed.checkout.id];
    secretsOfA.push(
      ...Object.values(capabilityIds),
      ...checkoutIds,
      m.name,
      open.guest.name,
      open.guest.email,
      open.guest.phone,
      "GAVE-500",
      "SOMMER10",
      String(order.receipt?.number ?? "no receipt number"),
      String(order.externalId ?? "no external id"),
    );
    before = await Promise.all(checkoutIds.map(async (id) => JSON.stringify(await call("GET", `/api/checkout/${id}`))));

    const checkout = (id: string) => `/api/checkout/${id}`;
    const entries: [string, Call][] = [
      ["GET /api/module/{id}/module", { url: `/api/module/${m.id}/module` }],
      ["GET /api/productionunit/{id}", { url: `/api/productionunit/${m.productionUnitId}` }],
      [
        "GET /api/productionunit/{id}/OpeningHour/v2/today",
        { url: `/api/productionunit/${m.productionUnitId}/OpeningHour/v2/today` },
      ],
      [
        "GET /api/productionunit/{id}/DeliveryHour/today",
        { url: `/api/productionunit/${m.productionUnitId}/DeliveryHour/today` },
      ],
      ["GET /api/frontend/module/{moduleId}", { url: `/api/frontend/module/${m.id}` }],
      ["GET /api/terms/{moduleId}", { url: `/api/terms/${m.id}` }],
      ["GET /api/basket/{id}", { url: `/api/basket/${open.basket.id}` }],
      [
        "POST /api/basket/{id}/products",
        { url: `/api/basket/${open.basket.id}/products`, body: { productId: burger, amount: 1, choices: basics } },
      ],
      [
        "PUT /api/basket/{id}/products/{itemId}",
        { url: `/api/basket/${open.basket.id}/products/${line.id}`, body: { ...line, amount: 3 } },
      ],
      ["DELETE /api/basket/{id}/products/{itemId}", { url: `/api/basket/${open.basket.id}/products/${line.id}` }],
      ["GET /api/category/menu/{menuId}", { url: `/api/category/menu/${menu.id}?instanceId=${m.menuInstanceId}` }],
      ["GET /api/product/{id}", { url: `/api/product/${burger}?instanceId=${m.productInstanceId}` }],
      ["GET /api/checkout/{id}", { url: checkout(open.checkout.id) }],
      ["POST /api/checkout/{id}/basket", { url: `${checkout(open.checkout.id)}/basket?basketId=${open.basket.id}` }],
      ["GET /api/instancesetting/{instanceId}", { url: `/api/instancesetting/${m.checkoutInstanceId}` }],
      [
        "POST /api/checkout/{id}/guestInformation",
        { url: `${checkout(open.checkout.id)}/guestInformation`, body: open.guest },
      ],
      [
        "POST /api/availableordertime/{id}",
        {
          url: `/api/availableordertime/${open.checkout.id}`,
          body: { productionUnitId: m.productionUnitId, date: "2026-11-23", capacityInstanceId: m.capacityInstanceId },
        },
      ],
      [
        "GET /api/availableordertime/{capacityInstanceId}/{date}",
        { url: `/api/availableordertime/${m.capacityInstanceId}/2026-11-23` },
      ],
      [
        "POST /api/checkout/{id}/delivery/address",
        { url: `${checkout(delivered.checkout.id)}/delivery/address?moduleId=${m.id}&address=Vej%201&zipcode=2200` },
      ],
      ["GET /api/checkout/{id}/delivery/dates", { url: `${checkout(delivered.checkout.id)}/delivery/dates` }],
      [
        "POST /api/checkout/{id}/delivery/date",
        { url: `${checkout(delivered.checkout.id)}/delivery/date`, body: { date: date.date } },
      ],
      ["GET /api/checkout/{id}/delivery/times", { url: `${checkout(delivered.checkout.id)}/delivery/times` }],
      [
        "POST /api/checkout/{id}/delivery/time",
        { url: `${checkout(delivered.checkout.id)}/delivery/time`, body: { deliveryTime } },
      ],
      ["DELETE /api/checkout/{id}/delivery", { url: `${checkout(delivered.checkout.id)}/delivery` }],
      [
        "POST /api/checkout/{id}/discount",
        { url: `${checkout(open.checkout.id)}/discount`, body: { discountCode: "SOMMER10" } },
      ],
      [
        "DELETE /api/checkout/{id}/discount/{discountId}",
        { url: `${checkout(open.checkout.id)}/discount/${checkoutDiscountId}` },
      ],
      [
        "GET /api/giftcard/{instanceId}/{code}/amount",
        { url: `/api/giftcard/${m.giftcardInstanceId}/GAVE-500/amount` },
      ],
      [
        "POST /api/checkout/{id}/giftcard",
        { url: `${checkout(open.checkout.id)}/giftcard`, body: { giftcardCode: "GAVE-500", amount: 10 } },
      ],
      [
        "DELETE /api/checkout/{id}/giftcard/{giftcardId}",
        { url: `${checkout(open.checkout.id)}/giftcard/${checkoutGiftcardId}` },
      ],
      ["POST /api/checkout/{id}/payment", { url: payUrl(open.checkout.id, "card") }],
      ["GET /api/payment/checkout/{checkoutId}", { url: `/api/payment/checkout/${online.checkout.id}` }],
      ["POST /api/checkout/{id}/finalize", { url: `${checkout(placed.checkout.id)}/finalize` }],
      ["GET /api/order/{id}", { url: `/api/order/${orderId}` }],
    ];
    for (const [route, entry] of entries) calls.set(route, entry);
    bodyOrQueryCalls.push(
      [
        "POST /api/order/validate",
        { url: `/api/order/validate?checkoutId=${open.checkout.id}`, body: { productionUnitId: m.productionUnitId } },
      ],
      ["POST /api/payment/cancel", { url: "/api/payment/cancel", body: { paymentId: payment.id } }],
    );

    const document = (await t.request({ method: "GET", url: "/api/openapi.json" })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    // The back office's routes (/api/admin) take a staff session, not a token: admin-routes.matrix.test.ts calls
    // each of them as the other organisation's owner (always 404).
    idRoutes = Object.entries(document.paths)
      .filter(([path]) => !path.startsWith("/api/admin/"))
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, operation]) => (operation.parameters ?? []).some((parameter) => parameter.in === "path"))
          .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
      );
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  const send = (route: string, call: Call, headers: Record<string, string>) =>
    t.request({
      method: route.split(" ")[0] as "GET",
      url: call.url,
      headers: call.body === undefined ? headers : { ...headers, "content-type": "application/json" },
      ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
    });

  /** The routes with an id that need a token (one without a call here fails the first test). */
  const guarded = () => idRoutes.filter(({ route }) => !(route in PUBLIC_BY_DESIGN) && calls.has(route));

  test("every route with an id in its path is called here or listed as public by design", () => {
    expect(idRoutes.length).toBeGreaterThan(30);
    const missing = idRoutes
      .map(({ route }) => route)
      .filter((route) => !calls.has(route) && !(route in PUBLIC_BY_DESIGN));
    expect(missing, "routes with an id that this test does not call").toEqual([]);
    const stale = [...calls.keys()].filter((route) => !idRoutes.some((found) => found.route === route));
    expect(stale, "calls here for routes the document no longer has").toEqual([]);
    for (const { route, operation } of idRoutes.filter(({ route }) => route in PUBLIC_BY_DESIGN)) {
      expect(operation.security, `${route} is public in the document`).toEqual([]);
    }
  });

  test("restaurant B's token on A's ids: 404 on every route, nothing of A in the answer, nothing of A changed", async () => {
    const started = Date.now();
    const answers: string[] = [];
    for (const { route } of guarded()) {
      const res = await send(route, calls.get(route)!, t.restaurantB.auth);
      answers.push(`${route} → ${res.statusCode}`);
      expect(res.statusCode, `${route} with B's token: ${res.body}`).toBe(404);
      const body = res.json();
      expect(body, route).toEqual({ errors: [{ code: "NOT_FOUND", message: expect.any(String) }] });
      for (const secret of secretsOfA) expect(res.body, `${route} leaks ${secret}`).not.toContain(secret);
    }
    const after = await Promise.all(
      checkoutIds.map(async (id) =>
        JSON.stringify(
          (await t.request({ method: "GET", url: `/api/checkout/${id}`, headers: t.restaurantA.auth })).json(),
        ),
      ),
    );
    expect(after, "A's checkouts after B's calls").toEqual(before);
    console.log(
      `tenancy ${kind}: ${guarded().length} routes with an id called with B's token on A's ids, ` +
        `${answers.filter((answer) => answer.endsWith("404")).length} × 404, 0 leaks; ` +
        `${Object.keys(PUBLIC_BY_DESIGN).length} public by design; ${Date.now() - started} ms`,
    );
  });

  test("B's token on A's checkout or payment id in the query or body: 404 too, and the payment still waits", async () => {
    for (const [route, call] of bodyOrQueryCalls) {
      const res = await send(route, call, t.restaurantB.auth);
      expect(res.statusCode, `${route} with B's token: ${res.body}`).toBe(404);
      for (const secret of secretsOfA) expect(res.body, `${route} leaks ${secret}`).not.toContain(secret);
    }
    const waiting = await t.request({
      method: "GET",
      url: `/api/payment/checkout/${checkoutIds[2]}`,
      headers: t.restaurantA.auth,
    });
    expect(waiting.json().state).toBe(1);
  });

  test("no token: 401 on every route with an id that is not public", async () => {
    for (const { route } of guarded()) {
      const res = await send(route, calls.get(route)!, {});
      expect(res.statusCode, `${route} without a token: ${res.body}`).toBe(401);
      for (const secret of secretsOfA) expect(res.body, `${route} leaks ${secret}`).not.toContain(secret);
    }
  });

  test("A's own token opens every one of these calls, so B's 404s are the tenancy check's", async () => {
    // Deleting calls last, so the ids they remove are still there for the others.
    const ordered = [...guarded()].sort(
      (x, y) => Number(x.route.startsWith("DELETE")) - Number(y.route.startsWith("DELETE")),
    );
    for (const { route } of ordered) {
      const res = await send(route, calls.get(route)!, t.restaurantA.auth);
      expect([404, 401, 500], `${route} with A's token: ${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
    }
  });

  test("ids in URLs are random UUIDs (version 4), and the document declares every uuid-like path id as uuid", () => {
    for (const [what, id] of Object.entries(capabilityIds)) expect(id, what).toMatch(UUID_V4);
    expect(new Set(Object.values(capabilityIds)).size).toBe(Object.keys(capabilityIds).length);
    for (const { route, operation } of idRoutes) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== "path" || parameter.schema?.type !== "string") continue;
        if (!/id$/i.test(parameter.name)) continue;
        expect(parameter.schema.format, `${route} {${parameter.name}}`).toBe("uuid");
      }
    }
  });
});
