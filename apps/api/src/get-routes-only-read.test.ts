/**
 * Reads only read: no GET route changes the database. A guest flow fills every guest table through the
 * API (a placed order with its payments and receipt, and an OPEN checkout whose discount and gift card
 * the basket has changed under since they were applied), then every GET route of the OpenAPI document is
 * called with the flow's ids, and every table must hold exactly the rows it held before.
 *
 * `GET /api/basket` is left out: it creates a basket (SPEC §7's own rule).
 */
import type { Basket } from "@app/contracts";
import { sql } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { CheckoutState } from "@app/domain";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { organisationOf, signInAs } from "./testing/admin-session";
import { basketHelpers } from "./testing/basket-helpers";
import { pressTestButton } from "./testing/order-fixtures";
import { createClock, createTestApp, type TestApp } from "./testing/test-app";

/** The app of the database kind under test (PGlite, and PostgreSQL when it is reachable). */
let t: TestApp;
const baskets = basketHelpers(() => t);

/**
 * The one GET that writes, by the contract: it makes a new basket. (GET /api/payment/{id}/open also records
 * once that a *waiting* payment's link was followed, decision 025; and Stripe's return URLs,
 * GET /api/payment/stripe/return|cancel/{paymentId}, report what Stripe says of a *waiting* Stripe payment, as a
 * provider's return route must, issue 46. The sweep's payment is settled, so there they must change nothing.)
 */
const WRITES_BY_CONTRACT = new Set(["/api/basket"]);

describe.each(await testDbKinds())("on %s", (kind) => {
  beforeAll(async () => {
    t = await createTestApp({ kind, clock: createClock("2026-11-23T10:00:00Z") }); // a Monday, 11:00 in Copenhagen
  });
  afterAll(() => t.close());

  test("no GET route of the OpenAPI document changes a row of any table", sweepChangesNothing);
});

async function sweepChangesNothing(): Promise<void> {
  const ids = await guestFlowIds();
  // A staff member of restaurant A reads the back office's GETs too (signed in before the snapshot: signing in writes).
  const staff = await signInAs(t.db, {
    organisationId: await organisationOf(t.db, t.restaurantA.module.productionUnitId),
    role: "staff",
    productionUnitIds: [t.restaurantA.module.productionUnitId],
    now: t.clock.now(),
  });
  const before = await snapshot(t);

  const answered: string[] = [];
  for (const url of await sweepUrls(ids)) {
    const res = await t.request({ method: "GET", url, headers: t.restaurantA.auth });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    answered.push(`${res.statusCode} ${url}`);
    if (!url.startsWith("/api/admin/")) continue;
    const signedIn = await t.request({ method: "GET", url, headers: staff.readHeaders });
    expect(signedIn.statusCode, `${url} signed in: ${signedIn.body.slice(0, 200)}`).toBeLessThan(500);
    answered.push(`${signedIn.statusCode} ${url} (staff)`);
  }

  // The sweep reached the guest's own data, not only its 404s.
  for (const path of [
    `/api/checkout/${ids.openCheckoutId}`,
    `/api/checkout/${ids.doneCheckoutId}`,
    `/api/basket/${ids.openBasketId}`,
    `/api/payment/checkout/${ids.doneCheckoutId}`,
    `/api/order/${ids.orderId}`,
    `/api/admin/orders/${ids.orderId} (staff)`,
    `/api/admin/restaurants/${t.restaurantA.module.productionUnitId}/orders (staff)`,
  ]) {
    expect(answered).toContain(`200 ${path}`);
  }
  expect(await snapshot(t)).toEqual(before);
}

type FlowIds = {
  openCheckoutId: string;
  openBasketId: string;
  doneCheckoutId: string;
  orderId: string;
  paymentId: string;
};

/** Every GET path of the OpenAPI document, filled with the flow's ids (each checkout and basket once). */
async function sweepUrls(ids: FlowIds): Promise<string[]> {
  const doc = (await t.request({ method: "GET", url: "/api/openapi.json" })).json() as {
    paths: Record<string, { get?: unknown }>;
  };
  const paths = Object.keys(doc.paths).filter((path) => doc.paths[path]?.get && !WRITES_BY_CONTRACT.has(path));
  expect(paths.length).toBeGreaterThan(20);
  return paths.flatMap((path) => fillings(path, ids).map((url) => url + (QUERIES[path] ?? "")));
}

/** The path with its parameters filled, once per value worth reading (both checkouts, both baskets). */
function fillings(path: string, ids: FlowIds): string[] {
  const { module } = t.restaurantA;
  const one: Record<string, string> = {
    domain: "localhost",
    productionUnitId: String(module.productionUnitId),
    moduleId: String(module.id),
    menuId: String(menuId),
    instanceId: String(path.startsWith("/api/giftcard") ? module.giftcardInstanceId : module.checkoutInstanceId),
    capacityInstanceId: String(module.capacityInstanceId),
    date: "2026-11-23",
    code: "GAVE-500",
    paymentId: ids.paymentId,
    orderId: ids.orderId,
    // The back office's (read without a session, 401, or with an unknown link, 404) and the brand images' (no
    // image is seeded: a 404): they must write nothing either.
    restaurantId: String(module.productionUnitId),
    hash: "0".repeat(64),
    // A menu image's variant (no image is seeded: a 404).
    file: "640.webp",
    // Admin reads of one code or gift card (read without a session: 401).
    giftcardId: "1",
    codeId: "1",
    organisationId: "1",
    token: "an-unknown-link-token",
  };
  const many: Record<string, string[]> = {
    checkoutId: [ids.openCheckoutId, ids.doneCheckoutId],
  };
  // `{id}` names a different row on each path.
  if (path.startsWith("/api/checkout/")) many.id = [ids.openCheckoutId, ids.doneCheckoutId];
  else if (path.startsWith("/api/basket/")) many.id = [ids.openBasketId];
  else if (path.startsWith("/api/order/")) many.id = [ids.orderId];
  else if (path.startsWith("/api/product/")) many.id = [String(productIdOfMenu)];
  else if (path.startsWith("/api/module/")) many.id = [String(module.id)];
  else if (path.startsWith("/api/productionunit/")) many.id = [String(module.productionUnitId)];

  let urls = [path];
  for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)) {
    const values = many[name] ?? (one[name] === undefined ? [] : [one[name]]);
    expect(values, `a value for {${name}} of ${path}`).not.toEqual([]);
    urls = urls.flatMap((url) => values.map((value) => url.replace(`{${name}}`, encodeURIComponent(value))));
  }
  return urls;
}

/** The query strings the GET routes require (the OpenAPI document marks them required). */
const QUERIES: Record<string, string> = {};
let menuId = 0;
let productIdOfMenu = 0;

/**
 * Two guests, through the API as the storefront calls it: one pays (gift card + card, approved: the order
 * is placed), the other applies a discount and a gift card and then changes the basket, so the amounts
 * stored when they were applied no longer match the basket.
 */
async function guestFlowIds(): Promise<FlowIds> {
  const { module } = t.restaurantA;
  const productInstance = `?instanceId=${module.productInstanceId}`;
  const menuInstance = `?instanceId=${module.menuInstanceId}`;
  Object.assign(QUERIES, {
    "/api/menu": menuInstance,
    "/api/category/menu/{menuId}": menuInstance,
    "/api/product/{id}": productInstance,
    "/api/label": productInstance,
    "/api/blockedProduct": `?productionUnitId=${module.productionUnitId}`,
    "/api/blockedChoice": `?productionUnitId=${module.productionUnitId}`,
  });
  const menus = (await ok(await t.request({ method: "GET", url: `/api/menu${menuInstance}`, headers: auth() }))) as {
    id: number;
  }[];
  menuId = menus[0]!.id;
  const burger = await baskets.productId("Classic burger");
  productIdOfMenu = burger;

  const done = await checkoutWithBasket(burger, 2);
  await ok(await post(`/api/checkout/${done.checkoutId}/discount`, { discountCode: "SOMMER10" }));
  await ok(await post(`/api/checkout/${done.checkoutId}/giftcard`, { giftcardCode: "GAVE-100" }));
  const payment = (await ok(await pay(done.checkoutId))) as { id: string };
  expect((await pressTestButton(t, payment.id, "approve")).statusCode).toBe(303);
  const placed = (await ok(await get(`/api/checkout/${done.checkoutId}`))) as { state: number; orderId: string };
  expect(placed.state).toBe(CheckoutState.DONE);

  const open = await checkoutWithBasket(burger, 2);
  await ok(await post(`/api/checkout/${open.checkoutId}/discount`, { discountCode: "SOMMER10" }));
  await ok(await post(`/api/checkout/${open.checkoutId}/giftcard`, { giftcardCode: "GAVE-500" }));
  // The basket changes after both were applied: a drink joins (the discount's base grows), then the
  // burgers go (the gift card would now pay more than the order costs).
  const grown = await baskets.added(open.basket.id, { productId: await baskets.productId("Coca-Cola"), amount: 1 });
  const burgers = grown.items.find((item) => item.productId === burger);
  expect(burgers).toBeDefined();
  expect((await baskets.remove(open.basket.id, burgers!.id)).statusCode).toBe(200);

  return {
    openCheckoutId: open.checkoutId,
    openBasketId: open.basket.id,
    doneCheckoutId: done.checkoutId,
    orderId: placed.orderId,
    paymentId: payment.id,
  };
}

/** A new basket with `amount` classic burgers, a checkout linked to it, and the guest's details and pickup time. */
async function checkoutWithBasket(burger: number, amount: number): Promise<{ checkoutId: string; basket: Basket }> {
  const { module } = t.restaurantA;
  const basket = await baskets.newBasket();
  await baskets.added(basket.id, { productId: burger, amount, choices: await baskets.burgerBasics(burger) });
  const checkout = (await ok(
    await post(`/api/checkout?instanceId=${module.checkoutInstanceId}&moduleId=${module.id}`),
  )) as { id: string };
  await ok(await post(`/api/checkout/${checkout.id}/basket?basketId=${basket.id}`));
  const slots = (await ok(
    await post(`/api/availableordertime/${checkout.id}`, {
      productionUnitId: module.productionUnitId,
      date: "2026-11-23",
      capacityInstanceId: module.capacityInstanceId,
    }),
  )) as { time: string; isAvailable: boolean }[];
  const slot = slots.find((found) => found.isAvailable);
  expect(slot).toBeDefined();
  await ok(
    await post(`/api/checkout/${checkout.id}/guestInformation`, {
      name: "Mette Hansen",
      phone: "12345678",
      email: "mette@example.dk",
      orderReadyTime: slot!.time,
    }),
  );
  return { checkoutId: checkout.id, basket };
}

function pay(checkoutId: string) {
  const query = new URLSearchParams({
    moduleId: String(t.restaurantA.module.id),
    continuationUrl: `http://localhost:5173/payment/${checkoutId}`,
    cancellationUrl: "http://localhost:5173/checkout",
    paymentMethods: "card",
  });
  return post(`/api/checkout/${checkoutId}/payment?${query}`);
}

const auth = () => t.restaurantA.auth;
const get = (url: string) => t.request({ method: "GET", url, headers: auth() });
const post = (url: string, payload?: object) =>
  t.request({ method: "POST", url, headers: auth(), ...(payload && { payload }) });

async function ok(res: { statusCode: number; body: string; json: () => unknown }): Promise<unknown> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every table of the public schema: its row count and a checksum of all its rows. */
async function snapshot(app: TestApp): Promise<Record<string, { rows: number; md5: string }>> {
  const tables = rowsOf<{ name: string }>(
    await app.db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  expect(tables.length).toBeGreaterThan(30);
  const result: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ rows: number; md5: string }>(
      await app.db.execute(
        sql.raw(
          `select count(*)::int as rows, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as md5
           from "${name}" t`,
        ),
      ),
    );
    result[name] = { rows: Number(row!.rows), md5: row!.md5 };
  }
  return result;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
