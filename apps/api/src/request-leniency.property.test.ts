/**
 * Property (issue 8, docs/decisions/007-request-leniency.md): adding fields the API does not know,
 * with any JSON values, to a valid body of any route never changes the answer's status. Extra keys
 * go on the body and on every object inside it (basket items, choices). The routes with a JSON body
 * are read from the OpenAPI document, and each needs a valid sample below: a new body route without
 * one fails the test, so it cannot be forgotten.
 *
 * Two refusals stay whatever the field is called, by design, so the generated extras avoid them: a
 * `__proto__` or `constructor` key anywhere (Fastify's prototype-poisoning guard, 400) and a NUL
 * character anywhere in the body (PostgreSQL text cannot hold it, 400).
 */
import { randomUUID } from "node:crypto";
import { demoStaff } from "@app/db";
import { testDbKinds } from "@app/db/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { menuEditorBodySamples } from "./modules/catalogue/editing/matrix-rows";
import { placeOrder } from "./modules/kitchen/testing";
import { createOwner } from "./modules/staff";
import { basketHelpers } from "./testing/basket-helpers";
import { type FakeStripe, startFakeStripe } from "./testing/fake-stripe";
import { parseForms, submitForm } from "./testing/html-form";
import { followPaymentUrl, pay, preparedCheckout, pressTestButton } from "./testing/order-fixtures";
import { createClock, createTestApp, type TestApp } from "./testing/test-app";

type Json = Record<string, unknown>;
type Body = Json | unknown[] | null;
/** A valid request of a route: made afresh for each run when the route changes state. */
/** A route's valid call; a back-office call also carries its page's Origin and, signed in, its session. */
type Sample = () => Promise<{ url: string; body: Body; headers?: Record<string, string> }>;

/** Runs per route and database; the whole file stays within seconds. */
const RUNS = 10;

/** Every plain object of the body, the body itself included, gets the extra fields. */
function withExtras(body: Body, extras: Json): Body {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (value !== null && typeof value === "object") {
      const copy = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, visit(inner)]));
      return { ...copy, ...extras };
    }
    return value;
  };
  return visit(body) as Body;
}

/** Every property name anywhere in the OpenAPI document: an extra field must be none of them. */
function propertyNames(document: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(document)) for (const item of document) propertyNames(item, into);
  else if (document !== null && typeof document === "object") {
    for (const [key, value] of Object.entries(document)) {
      if (key === "properties" && value && typeof value === "object")
        for (const name of Object.keys(value)) into.add(name);
      propertyNames(value, into);
    }
  }
  return into;
}

describe.each(await testDbKinds())("extra fields in request bodies, on %s", (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  const clock = createClock("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen
  const samples = new Map<string, Sample>();
  let bodyRoutes: string[] = [];
  let known = new Set<string>();

  beforeAll(async () => {
    // The payment account's save stores secrets, which the server refuses without SECRETS_KEY (503), and asks
    // Stripe whose key it is (a fake Stripe here).
    stripe = await startFakeStripe({ now: clock.now });
    t = await createTestApp({
      kind,
      clock,
      env: { SECRETS_KEY: "request-leniency-secrets-key-0123456789", STRIPE_API_URL: stripe.url },
    });
    const a = t.restaurantA;
    const m = a.module;
    const auth = a.auth;
    const call = async (method: "GET" | "POST", url: string, payload?: Json) => {
      const res = await t.request({ method, url, headers: auth, ...(payload ? { payload } : {}) });
      if (res.statusCode >= 400) throw new Error(`setup: ${method} ${url} answered ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const h = basketHelpers(() => t);
    const burger = await h.productId("Classic burger");
    const basics = await h.burgerBasics(burger);
    const cola = await h.productId("Coca-Cola");

    /** A basket holding two burgers, linked to a new checkout with a pickup time: ready to pay. */
    async function readyCheckout() {
      const basket = await h.newBasket();
      await h.added(basket.id, { productId: burger, amount: 2, choices: basics });
      const checkout = await call("POST", `/api/checkout?instanceId=${m.checkoutInstanceId}&moduleId=${m.id}`);
      await call("POST", `/api/checkout/${checkout.id}/basket?basketId=${basket.id}`);
      const slots: { time: string; isAvailable: boolean }[] = await call(
        "POST",
        `/api/availableordertime/${checkout.id}`,
        { productionUnitId: m.productionUnitId, date: "2026-11-23", capacityInstanceId: m.capacityInstanceId },
      );
      const slot = slots.find((s) => s.isAvailable)!;
      const guest = { name: "Mette Hansen", phone: "12345678", email: "mette@example.dk", orderReadyTime: slot.time };
      await call("POST", `/api/checkout/${checkout.id}/guestInformation`, guest);
      return {
        basket: (await call("GET", `/api/basket/${basket.id}`)) as { id: string; items: Json[] },
        checkout,
        guest,
      };
    }
    const payUrl = (checkoutId: string, method = "card") =>
      `/api/checkout/${checkoutId}/payment?${new URLSearchParams({
        moduleId: String(m.id),
        continuationUrl: `http://localhost/payment/${checkoutId}`,
        cancellationUrl: "http://localhost/checkout",
        paymentMethods: method,
      })}`;

    const open = await readyCheckout();
    const toPay = await readyCheckout();
    const placed = await readyCheckout();
    await call("POST", payUrl(placed.checkout.id, "pickup"));
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
    const line = open.basket.items[0]!;

    const fixed =
      (url: string, body: Body): Sample =>
      async () => ({ url, body });
    const checkoutOf = (id: string) => `/api/checkout/${id}`;
    const add: [string, Sample][] = [
      [
        "POST /api/basket/{id}/products",
        // A fresh basket each run: adding again would merge into the line and reach its 99 units.
        async () => ({
          url: `/api/basket/${(await h.newBasket()).id}/products`,
          body: { productId: burger, amount: 1, price: 119, choices: basics },
        }),
      ],
      ["PUT /api/basket/{id}/products/{itemId}", fixed(`/api/basket/${open.basket.id}/products/${line.id}`, line)],
      ["POST /api/context", fixed("/api/context", { productIds: [burger, cola] })],
      ["POST /api/login-attempt", fixed("/api/login-attempt", { username: "guest", password: "1" })],
      [
        "POST /api/discount/validate",
        fixed(`/api/discount/validate?instanceId=${m.discountInstanceId}&moduleId=${m.id}`, {
          discountCode: "SOMMER10",
          items: open.basket.items,
        }),
      ],
      ["POST /api/checkout", fixed(`/api/checkout?instanceId=${m.checkoutInstanceId}&moduleId=${m.id}`, {})],
      [
        "POST /api/checkout/{id}/basket",
        fixed(`${checkoutOf(open.checkout.id)}/basket?basketId=${open.basket.id}`, {}),
      ],
      [
        "POST /api/checkout/{id}/guestInformation",
        fixed(`${checkoutOf(open.checkout.id)}/guestInformation`, open.guest),
      ],
      [
        "POST /api/availableordertime/{id}",
        fixed(`/api/availableordertime/${open.checkout.id}`, {
          productionUnitId: m.productionUnitId,
          date: "2026-11-23",
          capacityInstanceId: m.capacityInstanceId,
          items: open.basket.items,
        }),
      ],
      [
        "POST /api/checkout/{id}/discount",
        fixed(`${checkoutOf(open.checkout.id)}/discount`, { discountCode: "SOMMER10" }),
      ],
      [
        "POST /api/checkout/{id}/giftcard",
        fixed(`${checkoutOf(open.checkout.id)}/giftcard`, { giftcardCode: "GAVE-500", amount: 10 }),
      ],
      [
        "POST /api/order/validate",
        fixed(`/api/order/validate?checkoutId=${open.checkout.id}`, { productionUnitId: m.productionUnitId }),
      ],
      [
        "POST /api/checkout/{id}/delivery/address",
        fixed(
          `${checkoutOf(delivered.checkout.id)}/delivery/address?moduleId=${m.id}&address=Vej%201&zipcode=2200`,
          {},
        ),
      ],
      ["POST /api/checkout/{id}/delivery/date", fixed(`${checkoutOf(delivered.checkout.id)}/delivery/date`, date)],
      [
        "POST /api/checkout/{id}/delivery/time",
        // The date call before it clears the time; this one sets it again.
        fixed(`${checkoutOf(delivered.checkout.id)}/delivery/time`, { deliveryTime }),
      ],
      // A new payment request cancels the waiting one: 200 every time.
      ["POST /api/checkout/{id}/payment", fixed(payUrl(toPay.checkout.id), {})],
      [
        "POST /api/payment/cancel",
        async () => ({
          url: "/api/payment/cancel",
          body: { paymentId: (await call("POST", payUrl(toPay.checkout.id))).id },
        }),
      ],
      [
        "POST /api/payment/test/{paymentId}/{action}",
        // The provider page's Cancel button, with the page's hidden fields, sent as JSON.
        async () => {
          const payment = await call("POST", payUrl(toPay.checkout.id));
          const pageUrl = await followPaymentUrl(t, payment.paymentUrl);
          const page = await t.request({ method: "GET", url: pageUrl.pathname });
          const form = parseForms(page.body).find((f) => /\/cancel$/.test(f.attributes.action ?? ""))!;
          const submission = submitForm(form, pageUrl);
          return { url: submission.url.pathname, body: Object.fromEntries(new URLSearchParams(submission.body)) };
        },
      ],
      // Already DONE (paid at pickup): finalize answers the same order every time.
      ["POST /api/checkout/{id}/finalize", fixed(`${checkoutOf(placed.checkout.id)}/finalize`, {})],
      // Without `details`: the extras go into every object, and a detail's value is a string, number, boolean or
      // null by design (an object there is refused). The 11 calls stay under its rate limit of 30 a minute.
      [
        "POST /api/telemetry",
        fixed("/api/telemetry", { name: "AppError", message: "Failed to load", path: "/", traceId: "tr-1" }),
      ],
    ];
    for (const [route, sample] of add) samples.set(route, sample);
    for (const [route, sample] of await backOfficeSamples(t)) samples.set(route, sample);

    const spec = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    bodyRoutes = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.requestBody !== undefined)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    known = propertyNames(spec);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  /** The route's call with restaurant A's token (the public provider route ignores it). */
  async function send(route: string, request: Awaited<ReturnType<Sample>>) {
    return t.request({
      method: route.split(" ")[0] as "POST" | "PUT" | "PATCH",
      url: request.url,
      headers: { ...t.restaurantA.auth, "content-type": "application/json", ...request.headers },
      payload: JSON.stringify(request.body),
    });
  }

  test("every route with a JSON body has a valid sample here", () => {
    expect(bodyRoutes.length).toBeGreaterThan(15);
    expect(bodyRoutes.filter((route) => !samples.has(route))).toEqual([]);
    expect([...samples.keys()].filter((route) => !bodyRoutes.includes(route))).toEqual([]);
  });

  const extraName = fc
    .string({ maxLength: 16 })
    .filter((name) => !known.has(name) && name !== "__proto__" && name !== "constructor");
  const extras = fc.dictionary(extraName, fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 4 }).filter((value) => {
    const text = JSON.stringify(value);
    return !text.includes('"__proto__"') && !text.includes('"constructor"') && !text.includes("\\u0000");
  });

  test("adding unknown fields with any JSON values never changes the status", async () => {
    for (const route of bodyRoutes) {
      const sample = samples.get(route)!;
      const baseline = await send(route, await sample());
      expect(baseline.statusCode, `${route} sample: ${baseline.body}`).toBeLessThan(400);
      await fc.assert(
        fc.asyncProperty(extras, async (extra) => {
          const request = await sample();
          const res = await send(route, { ...request, body: withExtras(request.body, extra) });
          expect(res.statusCode, `${route} with ${JSON.stringify(extra)}: ${res.body}`).toBe(baseline.statusCode);
        }),
        { numRuns: RUNS },
      );
    }
  }, 120_000);
});

/**
 * The back office's body routes (/api/admin), called as its page calls them: same Origin; signed in as restaurant
 * A's demo owner (its session cookie and CSRF token) where a session is needed.
 */
async function backOfficeSamples(t: TestApp): Promise<[string, Sample][]> {
  const page = { origin: "http://localhost:80" };
  const [a, b] = demoStaff as [(typeof demoStaff)[0], (typeof demoStaff)[0]];
  const signIn = await t.request({
    method: "POST",
    url: "/api/admin/session",
    headers: page,
    payload: { email: a.owner.email, password: a.owner.password },
  });
  const me = signIn.json<{
    csrfToken: string;
    memberships: { organisationId: number; productionUnitIds: number[] }[];
  }>();
  const cookie = sessionCookie(signIn);
  const owner = { ...page, cookie, "x-csrf-token": me.csrfToken };
  const { organisationId, productionUnitIds } = me.memberships[0]!;
  const kitchen = (
    await t.request({
      method: "POST",
      url: "/api/admin/session",
      headers: page,
      payload: { ...credentials(a.kitchen) },
    })
  ).json<{ account: { id: string } }>().account.id;
  const staffUrl = `/api/admin/organisations/${organisationId}/staff`;
  const restaurantUrl = `/api/admin/restaurants/${productionUnitIds[0]}`;
  const { settings, versions } = (await t.request({ method: "GET", url: restaurantUrl, headers: owner })).json<{
    settings: Json;
    versions: { settings: number; maintenance: number };
  }>();
  let hosts = 0;
  const sections: Partial<Record<"hours" | "ordering", Json>> = {};
  return [
    ...(await serviceSamples(t, owner, restaurantUrl)),
    ...menuEditorBodySamples(t, owner),
    ...codeSamples(t, owner, restaurantUrl),
    refundSample(t, owner),
    paymentAccountSample(t, page, b.owner),
    [
      "POST /api/admin/organisations/{organisationId}/restaurants",
      async () => ({
        url: `/api/admin/organisations/${organisationId}/restaurants`,
        headers: owner,
        // A new host each run: a second restaurant on one host is 409.
        body: {
          name: "Leniency",
          address: "Vej 1, 2200 København N",
          zipCode: "2200",
          phone: "12345678",
          receiptEmail: "kvittering@example.dk",
          cvrNumber: "12345678",
          hosts: [`leniency-${++hosts}.example.dk`],
        },
      }),
    ],
    [
      "PUT /api/admin/restaurants/{restaurantId}",
      // The settings as they are, with their version: a save of the same contents keeps it for the next run.
      async () => ({
        url: restaurantUrl,
        headers: owner,
        body: {
          settings,
          maintenance: false,
          versions: { settings: versions.settings, maintenance: versions.maintenance },
        },
      }),
    ],
    ...(["hours", "ordering"] as const).map((section): [string, Sample] => [
      `PUT /api/admin/restaurants/{restaurantId}/${section}`,
      // The section as it is, read once: a save of the same contents keeps its version for the next run.
      async () => {
        const url = `${restaurantUrl}/${section}`;
        sections[section] ??= (await t.request({ method: "GET", url, headers: owner })).json<Json>();
        return { url, headers: owner, body: sections[section] };
      },
    ]),
    [
      "POST /api/admin/session",
      async () => ({ url: "/api/admin/session", body: credentials(b.kitchen), headers: page }),
    ],
    [
      "POST /api/admin/password-reset",
      async () => ({ url: "/api/admin/password-reset", body: { email: "nobody@example.dk" }, headers: page }),
    ],
    [
      "POST /api/admin/links/{token}",
      // A fresh setup link each run: a link works once.
      async () => {
        const { setupToken } = await createOwner(
          t.db,
          { email: `founder-${randomUUID()}@example.dk`, organisationName: "Leniency ApS" },
          t.clock.now(),
        );
        return { url: `/api/admin/links/${setupToken}`, body: { password: "a-founders-password" }, headers: page };
      },
    ],
    [
      "POST /api/admin/organisations/{organisationId}/staff",
      async () => ({
        url: staffUrl,
        body: { email: `cook-${randomUUID()}@example.dk`, name: "Cook", role: "staff", productionUnitIds },
        headers: owner,
      }),
    ],
    [
      "PATCH /api/admin/organisations/{organisationId}/staff/{accountId}",
      async () => ({ url: `${staffUrl}/${kitchen}`, body: { disabled: false }, headers: owner }),
    ],
  ];
}

/**
 * The live service's body routes as a screen calls them. A status change is valid once on an order in the status
 * it starts from: accept, picked-up and reject take a fresh order each time; ready sends its order back first
 * (recall); moving the time to the time it already has, restoring nothing and resuming are the same call again.
 */
async function serviceSamples(t: TestApp, owner: Record<string, string>, restaurantUrl: string) {
  const step = async (orderId: string, action: string, body: Json = {}) => {
    const res = await t.request({
      method: "POST",
      url: `/api/admin/orders/${orderId}/${action}`,
      headers: owner,
      payload: body,
    });
    expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
    return res.json<{ readyTime: string }>();
  };
  const order =
    (action: string, body: Json = {}) =>
    async () => {
      const orderId = await placeOrder(t);
      return { url: `/api/admin/orders/${orderId}/${action}`, headers: owner, body };
    };
  const timed = await placeOrder(t);
  const { readyTime } = await step(timed, "accept");
  const bumped = await placeOrder(t);
  await step(bumped, "accept");
  let isReady = false;
  const { products } = (
    await t.request({ method: "GET", url: `${restaurantUrl}/catalogue-items`, headers: owner })
  ).json<{ products: { id: number }[] }>();
  return [
    ["POST /api/admin/orders/{orderId}/accept", order("accept")],
    [
      "POST /api/admin/orders/{orderId}/time",
      async () => ({ url: `/api/admin/orders/${timed}/time`, headers: owner, body: { readyTime } }),
    ],
    [
      "POST /api/admin/orders/{orderId}/ready",
      async () => {
        if (isReady) await step(bumped, "recall");
        isReady = true;
        return { url: `/api/admin/orders/${bumped}/ready`, headers: owner, body: {} };
      },
    ],
    [
      "POST /api/admin/orders/{orderId}/picked-up",
      async () => {
        const orderId = await placeOrder(t);
        await step(orderId, "accept");
        await step(orderId, "ready");
        return { url: `/api/admin/orders/${orderId}/picked-up`, headers: owner, body: {} };
      },
    ],
    ["POST /api/admin/orders/{orderId}/reject", order("reject", { reason: "too-busy" })],
    [
      "POST /api/admin/restaurants/{restaurantId}/sold-out",
      async () => ({
        url: `${restaurantUrl}/sold-out`,
        headers: owner,
        body: { target: "product", id: products[0]!.id, until: { kind: "restored" } },
      }),
    ],
    [
      "POST /api/admin/restaurants/{restaurantId}/pause",
      async () => ({ url: `${restaurantUrl}/pause`, headers: owner, body: { kind: "resume" } }),
    ],
  ] satisfies [string, Sample][];
}

const credentials = (account: { email: string; password: string }) => ({
  email: account.email,
  password: account.password,
});

type Versioned = { id: number; edit: { version: number } };

/**
 * Discount codes and gift cards as their pages send them: a new code each run (a code is unique), the same contents
 * saved again at the version just read, switched on again; a gift card issued, and switched on again.
 */
function codeSamples(t: TestApp, owner: Record<string, string>, restaurantUrl: string): [string, Sample][] {
  let codes = 0;
  const codeBody = (code: string) => ({ code, kind: "amount", value: 10, minimumBasket: 0 });
  const listed = async <T>(url: string, key: string): Promise<T> =>
    (await t.request({ method: "GET", url, headers: owner })).json<Record<string, T>>()[key]!;
  /** A code made for the samples once; each sample call reads its current version. */
  let codeId: number | undefined;
  const current = async () => {
    codeId ??= (
      await t.request({
        method: "POST",
        url: `${restaurantUrl}/discount-codes`,
        headers: owner,
        payload: codeBody("LENIENCY-SAVED"),
      })
    ).json<{ id: number }>().id;
    const all = await listed<Versioned[]>(`${restaurantUrl}/discount-codes`, "codes");
    return all.find((code) => code.id === codeId)!;
  };
  let giftcardId: number | undefined;
  const currentCard = async () => {
    giftcardId ??= (
      await t.request({ method: "POST", url: `${restaurantUrl}/giftcards`, headers: owner, payload: { amount: 50 } })
    ).json<{ id: number }>().id;
    return (await t.request({ method: "GET", url: `${restaurantUrl}/giftcards/${giftcardId}`, headers: owner })).json<{
      giftcard: Versioned;
    }>().giftcard;
  };
  return [
    [
      "POST /api/admin/restaurants/{restaurantId}/discount-codes",
      async () => ({ url: `${restaurantUrl}/discount-codes`, headers: owner, body: codeBody(`LENIENCY-${++codes}`) }),
    ],
    [
      "PUT /api/admin/restaurants/{restaurantId}/discount-codes/{codeId}",
      async () => {
        const code = await current();
        const body = { ...codeBody("LENIENCY-SAVED"), version: code.edit.version };
        return { url: `${restaurantUrl}/discount-codes/${code.id}`, headers: owner, body };
      },
    ],
    [
      "PUT /api/admin/restaurants/{restaurantId}/discount-codes/{codeId}/active",
      async () => {
        const code = await current();
        const body = { isActive: true, version: code.edit.version };
        return { url: `${restaurantUrl}/discount-codes/${code.id}/active`, headers: owner, body };
      },
    ],
    [
      "POST /api/admin/restaurants/{restaurantId}/giftcards",
      async () => ({ url: `${restaurantUrl}/giftcards`, headers: owner, body: { amount: 25 } }),
    ],
    [
      "PUT /api/admin/restaurants/{restaurantId}/giftcards/{giftcardId}/active",
      async () => {
        const card = await currentCard();
        const body = { isActive: true, version: card.edit.version };
        return { url: `${restaurantUrl}/giftcards/${card.id}/active`, headers: owner, body };
      },
    ],
  ];
}

/**
 * Stripe test keys stored for restaurant B's organisation, again at the version just read (none the first time),
 * by its demo owner: B's, so that A's card payments, which other samples make, stay with the test provider.
 */
function paymentAccountSample(
  t: TestApp,
  page: Record<string, string>,
  account: { email: string; password: string },
): [string, Sample] {
  let owner: Record<string, string> | undefined;
  let url = "";
  return [
    "PUT /api/admin/organisations/{organisationId}/payment-account",
    async () => {
      if (!owner) {
        const signIn = await t.request({
          method: "POST",
          url: "/api/admin/session",
          headers: page,
          payload: credentials(account),
        });
        const me = signIn.json<{ csrfToken: string; memberships: { organisationId: number }[] }>();
        owner = { ...page, cookie: sessionCookie(signIn), "x-csrf-token": me.csrfToken };
        url = `/api/admin/organisations/${me.memberships[0]!.organisationId}/payment-account`;
      }
      const read = await t.request({ method: "GET", url, headers: owner });
      const version = read.json<{ account: { edit: { version: number } } | null }>().account?.edit.version ?? null;
      const body = { secretKey: "sk_test_51HleniencyKey4242", webhookSecret: "whsec_leniencySecret", version };
      return { url, headers: owner, body };
    },
  ];
}

/** One card-paid order of restaurant A, given back one øre at a time (it never runs out in a run's calls). */
function refundSample(t: TestApp, owner: Record<string, string>): [string, Sample] {
  let orderId: string | undefined;
  const cardPaidOrder = async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA);
    const payment = await pay(t, checkoutId, { paymentMethods: "card" });
    expect(payment.statusCode, payment.body).toBe(200);
    await pressTestButton(t, payment.json().id, "approve");
    const order = await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: t.restaurantA.auth });
    return order.json<{ orderId: string }>().orderId;
  };
  return [
    "POST /api/admin/orders/{orderId}/refunds",
    async () => {
      orderId ??= await cardPaidOrder();
      return {
        url: `/api/admin/orders/${orderId}/refunds`,
        headers: owner,
        body: { kind: "amount", amount: 0.01, reason: "Leniency" },
      };
    },
  ];
}

/** The sign-in's session cookie as a Cookie header (it also sets bo_device: decision 030). */
function sessionCookie(signIn: { cookies: { name: string; value: string }[] }): string {
  const session = signIn.cookies.find((cookie) => cookie.name === "bo_session")!;
  return `${session.name}=${session.value}`;
}
