/**
 * Issue 43's must-show: every /api/admin/* route of the OpenAPI document × {no session, staff, manager, owner
 * of the right organisation, owner of the other organisation}. Only the allowed ones succeed; the other
 * organisation's owner always gets 404 (never 403: that would confirm the restaurant exists); no session gets
 * 401; a state-changing request without the CSRF token, or from a foreign Origin, is refused (403).
 * A route added to the document without a row in ROUTES fails the first test.
 */
import { randomUUID } from "node:crypto";
import { demoStaff, schema } from "@app/db";
import { eq } from "@app/db/orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { menuEditorMatrixRows } from "./modules/catalogue/editing/matrix-rows";
import { placeOrder } from "./modules/kitchen/testing";
import { createOwner, hashSecret, newSecret } from "./modules/staff";
import { type AdminActors, createAdminActors } from "./testing/admin-actors";
import { type FakeStripe, startFakeStripe } from "./testing/fake-stripe";
import { PNG_1X1 } from "./testing/image-fixtures";
import { setItemsPerSlot, setSetting } from "./testing/order-fixtures";
import { createTestApp, type TestApp } from "./testing/test-app";

type Actor = "none" | "staff" | "manager" | "owner" | "otherOwner";
const ACTORS: Actor[] = ["none", "staff", "manager", "owner", "otherOwner"];

/** What a route needs to be called on restaurant A (or A's organisation): a fresh request per call. */
type RouteCase = {
  /** Who succeeds (2xx). A route without a target (the account's own things) lists every signed-in actor. */
  allowed: Actor[];
  request: (ctx: MatrixContext, actor: Actor) => Promise<InjectOptions> | InjectOptions;
  /** An event stream never ends: its status is read as its headers arrive (the app's close ends the stream). */
  stream?: true;
};

type MatrixContext = { t: TestApp; actors: AdminActors };

const SIGNED_IN: Actor[] = ["staff", "manager", "owner", "otherOwner"];
const EVERYONE: Actor[] = ["none", ...SIGNED_IN];
let newHosts = 0;

let t: TestApp;
let actors: AdminActors;
let ctx: MatrixContext;
let stripe: FakeStripe;

beforeAll(async () => {
  // The payment account's rows store secrets, which the server refuses without SECRETS_KEY (503), and its save
  // asks Stripe whose key it is (a fake Stripe here).
  stripe = await startFakeStripe();
  t = await createTestApp({
    env: { SECRETS_KEY: "admin-routes-matrix-secrets-key-0123456789", STRIPE_API_URL: stripe.url },
  });
  actors = await createAdminActors(t);
  ctx = { t, actors };
  // The orders the kitchen's rows place (pay at pickup) all fall in one slot.
  await setSetting(t, t.restaurantA, "payAtPickup", true);
  await setItemsPerSlot(t, t.restaurantA, 100_000);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** Saves a section of restaurant A as it is now (its current version), read by A's owner. */
async function currentSection({ t, actors }: MatrixContext, section: "hours" | "ordering") {
  const url = `/api/admin/restaurants/${actors.restaurantAId}/${section}`;
  const res = await t.request(actors.as("owner", { method: "GET", url }));
  return { url, payload: res.json<object>() };
}

const ROUTES: Record<string, RouteCase> = {
  "GET /api/admin/me": { allowed: SIGNED_IN, request: () => ({ method: "GET", url: "/api/admin/me" }) },
  "GET /api/admin/audit": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({ method: "GET", url: `/api/admin/audit?restaurantId=${actors.restaurantAId}` }),
  },
  // Sign-in, reset and links are reachable without a session; a browser that has one sends its CSRF token.
  "POST /api/admin/session": {
    allowed: EVERYONE,
    request: () => ({ method: "POST", url: "/api/admin/session", payload: demoSignIn() }),
  },
  "DELETE /api/admin/session": {
    allowed: SIGNED_IN,
    // Signs out a fresh session of the actor's kind, so the actor's own stays for the other rows.
    request: async ({ actors }, actor) => {
      if (actor === "none") return { method: "DELETE", url: "/api/admin/session" };
      const organisationId = actor === "otherOwner" ? actors.organisationBId : actors.organisationAId;
      const role = actor === "otherOwner" ? "owner" : actor;
      const session = await actors.member(organisationId, role, role === "owner" ? [] : [actors.restaurantAId]);
      return {
        method: "DELETE",
        url: "/api/admin/session",
        headers: { cookie: session.cookie, "x-csrf-token": session.csrfToken },
      };
    },
  },
  "POST /api/admin/password-reset": {
    allowed: EVERYONE,
    request: () => ({ method: "POST", url: "/api/admin/password-reset", payload: { email: "nobody@matrix.test" } }),
  },
  "GET /api/admin/links/{token}": {
    allowed: EVERYONE,
    request: async ({ t }) => ({ method: "GET", url: `/api/admin/links/${await setupToken(t)}` }),
  },
  "POST /api/admin/links/{token}": {
    allowed: EVERYONE,
    request: async ({ t }) => ({
      method: "POST",
      url: `/api/admin/links/${await setupToken(t)}`,
      payload: { password: "a-matrix-password" },
    }),
  },
  "POST /api/admin/links/{token}/accept": {
    allowed: EVERYONE,
    request: async (context) => ({ method: "POST", url: `/api/admin/links/${await joinToken(context)}/accept` }),
  },
  "GET /api/admin/organisations/{organisationId}/staff": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({ method: "GET", url: `/api/admin/organisations/${actors.organisationAId}/staff` }),
  },
  "POST /api/admin/organisations/{organisationId}/staff": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({
      method: "POST",
      url: `/api/admin/organisations/${actors.organisationAId}/staff`,
      payload: {
        email: `invited-${randomUUID()}@matrix.test`,
        name: "Invited",
        role: "staff",
        productionUnitIds: [actors.restaurantAId],
      },
    }),
  },
  "PATCH /api/admin/organisations/{organisationId}/staff/{accountId}": {
    allowed: ["manager", "owner"],
    request: async ({ actors }) => {
      const cook = await actors.member(actors.organisationAId, "staff", [actors.restaurantAId]);
      return {
        method: "PATCH",
        url: `/api/admin/organisations/${actors.organisationAId}/staff/${cook.accountId}`,
        payload: { disabled: true },
      };
    },
  },
  "DELETE /api/admin/organisations/{organisationId}/staff/{accountId}/invitation": {
    allowed: ["manager", "owner"],
    // A fresh pending invitation of staff of restaurant A, made by A's owner.
    request: async ({ t, actors }) => {
      const invited = await t.request(
        actors.as("owner", {
          method: "POST",
          url: `/api/admin/organisations/${actors.organisationAId}/staff`,
          payload: {
            email: `withdrawn-${randomUUID()}@matrix.test`,
            name: "Withdrawn",
            role: "staff",
            productionUnitIds: [actors.restaurantAId],
          },
        }),
      );
      const { accountId } = invited.json<{ accountId: string }>();
      return {
        method: "DELETE",
        url: `/api/admin/organisations/${actors.organisationAId}/staff/${accountId}/invitation`,
      };
    },
  },
  // Restaurants (modules/restaurant-setup): every member lists their own; managers and owners read and edit
  // settings, terms, maintenance and the logo; only owners create restaurants (and edit details).
  "GET /api/admin/restaurants": {
    allowed: SIGNED_IN,
    request: () => ({ method: "GET", url: "/api/admin/restaurants" }),
  },
  "GET /api/admin/restaurants/{restaurantId}": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({ method: "GET", url: `/api/admin/restaurants/${actors.restaurantAId}` }),
  },
  "PUT /api/admin/restaurants/{restaurantId}": {
    allowed: ["manager", "owner"],
    // The flag with its version as it is now, read by A's owner.
    request: async ({ t, actors }) => {
      const url = `/api/admin/restaurants/${actors.restaurantAId}`;
      const { versions } = (await t.request(actors.as("owner", { method: "GET", url }))).json<{
        versions: { maintenance: number };
      }>();
      return { method: "PUT", url, payload: { maintenance: false, versions: { maintenance: versions.maintenance } } };
    },
  },
  "POST /api/admin/organisations/{organisationId}/restaurants": {
    allowed: ["owner"],
    request: ({ actors }) => ({
      method: "POST",
      url: `/api/admin/organisations/${actors.organisationAId}/restaurants`,
      payload: {
        name: "Matrix",
        address: "Vej 1, 2200 København N",
        zipCode: "2200",
        phone: "12345678",
        receiptEmail: "kvittering@example.dk",
        cvrNumber: "12345678",
        // A new host each call: a second restaurant on one host is 409.
        hosts: [`matrix-${++newHosts}.example.dk`],
      },
    }),
  },
  "POST /api/admin/restaurants/{restaurantId}/logo": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({
      method: "POST",
      url: `/api/admin/restaurants/${actors.restaurantAId}/logo`,
      headers: { "content-type": "image/png" },
      payload: PNG_1X1,
    }),
  },
  // The live events (modules/restaurant-events): every member streams the restaurants their membership covers.
  "GET /api/admin/events": {
    allowed: ["staff", "manager", "owner"],
    stream: true,
    request: ({ actors }) => ({
      method: "GET",
      url: `/api/admin/events?restaurantId=${actors.restaurantAId}`,
      headers: { accept: "text/event-stream" },
    }),
  },
  "DELETE /api/admin/restaurants/{restaurantId}/logo": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({ method: "DELETE", url: `/api/admin/restaurants/${actors.restaurantAId}/logo` }),
  },
  // Menu images (modules/menu-images): owners and managers upload product and category pictures.
  "POST /api/admin/restaurants/{restaurantId}/menu-images": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({
      method: "POST",
      url: `/api/admin/restaurants/${actors.restaurantAId}/menu-images`,
      headers: { "content-type": "image/png" },
      payload: PNG_1X1,
    }),
  },
  // Sold out and pause (modules/warehouse): every role of the restaurant, two taps from the queue.
  "GET /api/admin/restaurants/{restaurantId}/hours": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({ method: "GET", url: `/api/admin/restaurants/${actors.restaurantAId}/hours` }),
  },
  "PUT /api/admin/restaurants/{restaurantId}/hours": {
    allowed: ["manager", "owner"],
    request: async (ctx) => ({ method: "PUT", ...(await currentSection(ctx, "hours")) }),
  },
  "GET /api/admin/restaurants/{restaurantId}/ordering": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({ method: "GET", url: `/api/admin/restaurants/${actors.restaurantAId}/ordering` }),
  },
  "PUT /api/admin/restaurants/{restaurantId}/ordering": {
    allowed: ["manager", "owner"],
    request: async (ctx) => ({ method: "PUT", ...(await currentSection(ctx, "ordering")) }),
  },
  "GET /api/admin/restaurants/{restaurantId}/availability": {
    allowed: ["staff", "manager", "owner"],
    request: ({ actors }) => ({ method: "GET", url: `/api/admin/restaurants/${actors.restaurantAId}/availability` }),
  },
  "GET /api/admin/restaurants/{restaurantId}/catalogue-items": {
    allowed: ["staff", "manager", "owner"],
    request: ({ actors }) => ({
      method: "GET",
      url: `/api/admin/restaurants/${actors.restaurantAId}/catalogue-items`,
    }),
  },
  "POST /api/admin/restaurants/{restaurantId}/sold-out": {
    allowed: ["staff", "manager", "owner"],
    request: async ({ t, actors }) => ({
      method: "POST",
      url: `/api/admin/restaurants/${actors.restaurantAId}/sold-out`,
      payload: { target: "product", id: await productOfA(t), until: { kind: "end-of-day" } },
    }),
  },
  "DELETE /api/admin/restaurants/{restaurantId}/sold-out/{target}/{id}": {
    allowed: ["staff", "manager", "owner"],
    request: async ({ t, actors }) => ({
      method: "DELETE",
      url: `/api/admin/restaurants/${actors.restaurantAId}/sold-out/product/${await productOfA(t)}`,
    }),
  },
  "POST /api/admin/restaurants/{restaurantId}/pause": {
    allowed: ["staff", "manager", "owner"],
    // Resume: the other tests of this app order nothing, but a pause would outlive the row.
    request: ({ actors }) => ({
      method: "POST",
      url: `/api/admin/restaurants/${actors.restaurantAId}/pause`,
      payload: { kind: "resume" },
    }),
  },
  // Discount codes and gift cards (modules/discount, modules/giftcard): managers and owners; each change on a
  // fresh code or card of restaurant A.
  "GET /api/admin/restaurants/{restaurantId}/discount-codes": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({ method: "GET", url: `/api/admin/restaurants/${actors.restaurantAId}/discount-codes` }),
  },
  "GET /api/admin/restaurants/{restaurantId}/discount-codes/catalogue": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({
      method: "GET",
      url: `/api/admin/restaurants/${actors.restaurantAId}/discount-codes/catalogue`,
    }),
  },
  "POST /api/admin/restaurants/{restaurantId}/discount-codes": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({
      method: "POST",
      url: `/api/admin/restaurants/${actors.restaurantAId}/discount-codes`,
      payload: { code: `M${randomUUID().slice(0, 8)}`, kind: "percentage", value: 10 },
    }),
  },
  "PUT /api/admin/restaurants/{restaurantId}/discount-codes/{codeId}": {
    allowed: ["manager", "owner"],
    request: async ({ t, actors }) => {
      const code = await discountCodeOfA(t);
      return {
        method: "PUT",
        url: `/api/admin/restaurants/${actors.restaurantAId}/discount-codes/${code.id}`,
        payload: { code: code.code, kind: "amount", value: 20, version: 1 },
      };
    },
  },
  "PUT /api/admin/restaurants/{restaurantId}/discount-codes/{codeId}/active": {
    allowed: ["manager", "owner"],
    request: async ({ t, actors }) => ({
      method: "PUT",
      url: `/api/admin/restaurants/${actors.restaurantAId}/discount-codes/${(await discountCodeOfA(t)).id}/active`,
      payload: { isActive: false, version: 1 },
    }),
  },
  "DELETE /api/admin/restaurants/{restaurantId}/discount-codes/{codeId}": {
    allowed: ["manager", "owner"],
    request: async ({ t, actors }) => ({
      method: "DELETE",
      url: `/api/admin/restaurants/${actors.restaurantAId}/discount-codes/${(await discountCodeOfA(t)).id}?version=1`,
    }),
  },
  "GET /api/admin/restaurants/{restaurantId}/giftcards": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({ method: "GET", url: `/api/admin/restaurants/${actors.restaurantAId}/giftcards` }),
  },
  "GET /api/admin/restaurants/{restaurantId}/giftcards/{giftcardId}": {
    allowed: ["manager", "owner"],
    request: async ({ t, actors }) => ({
      method: "GET",
      url: `/api/admin/restaurants/${actors.restaurantAId}/giftcards/${await giftcardOfA(t)}`,
    }),
  },
  "POST /api/admin/restaurants/{restaurantId}/giftcards": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({
      method: "POST",
      url: `/api/admin/restaurants/${actors.restaurantAId}/giftcards`,
      payload: { amount: 100 },
    }),
  },
  "PUT /api/admin/restaurants/{restaurantId}/giftcards/{giftcardId}/active": {
    allowed: ["manager", "owner"],
    request: async ({ t, actors }) => ({
      method: "PUT",
      url: `/api/admin/restaurants/${actors.restaurantAId}/giftcards/${await giftcardOfA(t)}/active`,
      payload: { isActive: false, version: 1 },
    }),
  },
  // The live orders (modules/kitchen): staff and up of the restaurant; each change on a fresh order in the status
  // it starts from, placed through the guest's API.
  "GET /api/admin/restaurants/{restaurantId}/orders": {
    allowed: ["staff", "manager", "owner"],
    request: ({ actors }) => ({ method: "GET", url: `/api/admin/restaurants/${actors.restaurantAId}/orders` }),
  },
  "GET /api/admin/orders/{orderId}": {
    allowed: ["staff", "manager", "owner"],
    request: async ({ t }) => ({ method: "GET", url: `/api/admin/orders/${await kitchenOrderIn(t, "new")}` }),
  },
  "POST /api/admin/orders/{orderId}/open": {
    allowed: ["staff", "manager", "owner"],
    request: async ({ t }) => ({ method: "POST", url: `/api/admin/orders/${await kitchenOrderIn(t, "new")}/open` }),
  },
  "POST /api/admin/orders/{orderId}/accept": {
    allowed: ["staff", "manager", "owner"],
    request: async ({ t }) => ({ method: "POST", url: `/api/admin/orders/${await kitchenOrderIn(t, "new")}/accept` }),
  },
  "POST /api/admin/orders/{orderId}/time": {
    allowed: ["staff", "manager", "owner"],
    request: async ({ t }) => ({
      method: "POST",
      url: `/api/admin/orders/${await kitchenOrderIn(t, "accepted")}/time`,
      payload: { readyTime: new Date(t.clock.now().getTime() + 90 * 60_000).toISOString() },
    }),
  },
  "POST /api/admin/orders/{orderId}/ready": {
    allowed: ["staff", "manager", "owner"],
    request: async ({ t }) => ({
      method: "POST",
      url: `/api/admin/orders/${await kitchenOrderIn(t, "accepted")}/ready`,
    }),
  },
  "POST /api/admin/orders/{orderId}/picked-up": {
    allowed: ["staff", "manager", "owner"],
    request: async ({ t }) => ({
      method: "POST",
      url: `/api/admin/orders/${await kitchenOrderIn(t, "ready")}/picked-up`,
    }),
  },
  "POST /api/admin/orders/{orderId}/reject": {
    allowed: ["staff", "manager", "owner"],
    request: async ({ t }) => ({
      method: "POST",
      url: `/api/admin/orders/${await kitchenOrderIn(t, "new")}/reject`,
      payload: { reason: "sold-out" },
    }),
  },
  "POST /api/admin/orders/{orderId}/recall": {
    allowed: ["staff", "manager", "owner"],
    request: async ({ t }) => ({
      method: "POST",
      url: `/api/admin/orders/${await kitchenOrderIn(t, "ready")}/recall`,
    }),
  },
  "GET /api/admin/restaurants/{restaurantId}/figures": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({ method: "GET", url: `/api/admin/restaurants/${actors.restaurantAId}/figures` }),
  },
  "GET /api/admin/restaurants/{restaurantId}/figures/end-of-day": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({
      method: "GET",
      url: `/api/admin/restaurants/${actors.restaurantAId}/figures/end-of-day`,
    }),
  },
  "GET /api/admin/restaurants/{restaurantId}/figures/orders.csv": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({
      method: "GET",
      url: `/api/admin/restaurants/${actors.restaurantAId}/figures/orders.csv`,
    }),
  },
  "GET /api/admin/restaurants/{restaurantId}/figures/lines.csv": {
    allowed: ["manager", "owner"],
    request: ({ actors }) => ({
      method: "GET",
      url: `/api/admin/restaurants/${actors.restaurantAId}/figures/lines.csv`,
    }),
  },
  ...menuEditorMatrixRows(),
  // Refunds from an order's page (modules/refund): managers and owners of the order's restaurant.
  "GET /api/admin/orders/{orderId}/refunds": {
    allowed: ["manager", "owner"],
    request: async ({ t }) => ({ method: "GET", url: `/api/admin/orders/${await paidOrder(t)}/refunds` }),
  },
  "POST /api/admin/orders/{orderId}/refunds": {
    allowed: ["manager", "owner"],
    request: async ({ t }) => ({
      method: "POST",
      url: `/api/admin/orders/${await paidOrder(t)}/refunds`,
      payload: { kind: "amount", amount: 1, reason: "Matrix" },
    }),
  },
  // The organisation's payment account (modules/payment-accounts): its owners only; each change from A's account as
  // it is now (stored first for a removal), read by A's owner. Last: a stored account sends A's card payments to
  // Stripe, which the rows above (refunds of a card-paid order) do not expect.
  "GET /api/admin/organisations/{organisationId}/payment-account": {
    allowed: ["owner"],
    request: ({ actors }) => ({ method: "GET", url: paymentAccountUrl(actors) }),
  },
  "PUT /api/admin/organisations/{organisationId}/payment-account": {
    allowed: ["owner"],
    request: async (ctx) => ({
      method: "PUT",
      url: paymentAccountUrl(ctx.actors),
      payload: { ...STRIPE_TEST_KEYS, version: await paymentAccountVersion(ctx) },
    }),
  },
  "DELETE /api/admin/organisations/{organisationId}/payment-account": {
    allowed: ["owner"],
    // Only the owner's call needs an account to remove; the others are refused before it is looked for, and so
    // leave A without one (card payments to the test provider) for the rows that run after.
    request: async (ctx, actor) => {
      let version = await paymentAccountVersion(ctx);
      if (version === null && actor === "owner") {
        const url = paymentAccountUrl(ctx.actors);
        const payload = { ...STRIPE_TEST_KEYS, version };
        const stored = await ctx.t.request(ctx.actors.as("owner", { method: "PUT", url, payload }));
        version = stored.json<{ account: { edit: { version: number } } }>().account.edit.version;
      }
      return { method: "DELETE", url: `${paymentAccountUrl(ctx.actors)}?version=${version ?? 1}` };
    },
  },
};

const paymentAccountUrl = (actors: AdminActors) => `/api/admin/organisations/${actors.organisationAId}/payment-account`;
const STRIPE_TEST_KEYS = { secretKey: "sk_test_51HmatrixTestKey4242", webhookSecret: "whsec_matrixWebhookSecret" };

/** Organisation A's payment account's version as its owner reads it; null while it has none. */
async function paymentAccountVersion({ t, actors }: MatrixContext): Promise<number | null> {
  const res = await t.request(actors.as("owner", { method: "GET", url: paymentAccountUrl(actors) }));
  return res.json<{ account: { edit: { version: number } } | null }>().account?.edit.version ?? null;
}

/** A new order of restaurant A paid by card: one with money to refund. */
async function paidOrder(t: TestApp): Promise<string> {
  await setSetting(t, t.restaurantA, "onlinePayment", true);
  return placeOrder(t, "card");
}

/** A product of restaurant A's catalogue. */
async function productOfA(t: TestApp): Promise<number> {
  const [row] = await t.db
    .select({ id: schema.product.id })
    .from(schema.product)
    .where(eq(schema.product.productInstanceId, t.restaurantA.module.productInstanceId))
    .limit(1);
  return row!.id;
}

/** A fresh discount code of restaurant A, at version 1. */
async function discountCodeOfA(t: TestApp): Promise<{ id: number; code: string }> {
  const [row] = await t.db
    .insert(schema.discountCode)
    .values({
      discountInstanceId: t.restaurantA.module.discountInstanceId!,
      code: `M${randomUUID().slice(0, 8).toUpperCase()}`,
      kind: "percentage",
      value: 10,
    })
    .returning({ id: schema.discountCode.id, code: schema.discountCode.code });
  return row!;
}

/** A fresh gift card of restaurant A, at version 1. */
async function giftcardOfA(t: TestApp): Promise<number> {
  const [row] = await t.db
    .insert(schema.giftcard)
    .values({
      giftcardInstanceId: t.restaurantA.module.giftcardInstanceId!,
      code: `M${randomUUID().slice(0, 8).toUpperCase()}`,
      balanceMinor: 10000,
    })
    .returning({ id: schema.giftcard.id });
  return row!.id;
}

/** A fresh order of restaurant A (pay at pickup) in the kitchen status a change starts from. */
async function kitchenOrderIn(t: TestApp, status: "new" | "accepted" | "ready"): Promise<string> {
  const orderId = await placeOrder(t);
  if (status !== "new") {
    await t.db.update(schema.kitchenOrder).set({ status, version: 2 }).where(eq(schema.kitchenOrder.orderId, orderId));
  }
  return orderId;
}

/** Restaurant B's kitchen signs in (the seed's demo account; the matrix's actors have no passwords). */
const demoSignIn = () => {
  const kitchen = demoStaff[1]!.kitchen;
  return { email: kitchen.email, password: kitchen.password };
};

/** A fresh organisation's owner's single-use setup link, as `npm run admin -- create-owner` makes it. */
async function setupToken(t: TestApp): Promise<string> {
  const created = await createOwner(
    t.db,
    { email: `founder-${randomUUID()}@matrix.test`, organisationName: "M" },
    t.clock.now(),
  );
  return created.setupToken!;
}

/** A fresh account's single-use join link to organisation B (its pending membership), as an invite mails it. */
async function joinToken({ t, actors }: MatrixContext): Promise<string> {
  const [account] = await t.db
    .insert(schema.staffAccount)
    .values({ email: `joiner-${randomUUID()}@matrix.test`, name: "Joiner" })
    .returning({ id: schema.staffAccount.id });
  const [membership] = await t.db
    .insert(schema.membership)
    .values({ accountId: account!.id, organisationId: actors.organisationBId, role: "staff", acceptedAt: null })
    .returning({ id: schema.membership.id });
  const token = newSecret();
  await t.db.insert(schema.staffLink).values({
    tokenHash: hashSecret(token),
    purpose: "join",
    accountId: account!.id,
    membershipId: membership!.id,
    expiresAt: new Date(t.clock.now().getTime() + 60 * 60_000),
  });
  return token;
}

describe("every back-office route", () => {
  test("is listed here with who may call it", async () => {
    const doc = (await t.request({ method: "GET", url: "/api/openapi.json" })).json();
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith("/api/admin/"))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const [route, rule] of Object.entries(ROUTES)) {
    for (const actor of ACTORS) {
      const allowed = rule.allowed.includes(actor);
      test(`${route} as ${actor}: ${allowed ? "succeeds" : "refused"}`, async () => {
        const options = await rule.request(ctx, actor);
        const res = await t.request({ ...(await actors.as(actor, options)), payloadAsStream: rule.stream });
        const body = rule.stream ? "" : res.body.slice(0, 300);
        if (rule.stream) res.stream().destroy();
        if (allowed) {
          expect(res.statusCode, body).toBeLessThan(300);
        } else {
          expect(res.statusCode, body).toBe(expectedRefusal(actor));
        }
      });
    }
  }
});

describe("every state-changing back-office route", () => {
  const changing = Object.entries(ROUTES).filter(([route]) => !route.startsWith("GET "));
  for (const [route, rule] of changing) {
    const actor: Actor = rule.allowed.includes("owner") ? "owner" : (rule.allowed[0] ?? "owner");
    test(`${route}: refused without the CSRF token`, async () => {
      const options = await actors.as(actor, await rule.request(ctx, actor));
      const headers = { ...(options.headers as Record<string, string>) };
      delete headers["x-csrf-token"];
      const res = await t.request({ ...options, headers });
      // A route reachable without a session has no session token to check; its origin is checked below.
      if (actor !== "none") expect(res.statusCode, res.body.slice(0, 300)).toBe(403);
    });
    test(`${route}: refused from another origin, and without any origin`, async () => {
      const options = await actors.as(actor, await rule.request(ctx, actor));
      const foreign = await t.request({ ...options, headers: { ...options.headers, origin: "https://evil.example" } });
      expect(foreign.statusCode, foreign.body.slice(0, 300)).toBe(403);
      expect(foreign.json().errors[0].code).toBe("CSRF_ORIGIN");
      const headers = { ...(options.headers as Record<string, string>) };
      delete headers.origin;
      const none = await t.request({ ...options, headers });
      expect(none.statusCode, none.body.slice(0, 300)).toBe(403);
    });
  }
});

function expectedRefusal(actor: Actor): number {
  if (actor === "none") return 401;
  if (actor === "otherOwner") return 404;
  return 403;
}
