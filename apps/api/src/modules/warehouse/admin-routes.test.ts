import type { Availability, CatalogueItems, MenuEditor } from "@app/contracts";
import { schema } from "@app/db";
import { and, eq } from "@app/db/orm";
import { beforeEach, describe, expect, test } from "vitest";
import { type AdminSession, organisationOf, signInAs } from "../../testing/admin-session";
import { basketHelpers } from "../../testing/basket-helpers";
import { productId, withFreshToken } from "../../testing/checkout-fixtures";
import { finalize, pay, paymentsOf, preparedCheckout, pressTestButton } from "../../testing/order-fixtures";
import { type DemoRestaurant, useTestApp } from "../../testing/test-app";

const { t, clock } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen

const A = () => t.restaurantA;
const B = () => t.restaurantB;
const unitOf = (r: DemoRestaurant) => r.module.productionUnitId;
const OFFLINE = "Payment.RestaurantOffline";

let cook: AdminSession;
/** A kitchen account of restaurant A signed in now (sessions end when a test moves the clock far). */
const signInCook = async () => {
  cook = await signInAs(t.db, {
    organisationId: await organisationOf(t.db, unitOf(A())),
    role: "staff",
    productionUnitIds: [unitOf(A())],
    now: clock.now(),
  });
};
beforeEach(async () => {
  await signInCook();
  // Through the API: a direct delete would not tell the processes' kept setup (the pause's writer rings the feed).
  await send("POST", "/pause", { kind: "resume" });
});

const admin = (path: string) => `/api/admin/restaurants/${unitOf(A())}${path}`;
const read = (path: string, session = cook) =>
  t.request({ method: "GET", url: admin(path), headers: session.readHeaders });
const send = (method: "POST" | "DELETE", path: string, payload?: object, session = cook) =>
  t.request({ method, url: admin(path), headers: session.headers, ...(payload ? { payload } : {}) });
const soldOut = (id: number, until: object, target = "product") => send("POST", "/sold-out", { target, id, until });
const blockedProducts = async () => {
  const res = await t.request({
    method: "GET",
    url: `/api/blockedProduct?productionUnitId=${unitOf(A())}`,
    headers: (await withFreshToken(t, A())).auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ productId: number }[]>().map((row) => row.productId);
};
const cola = () => productId(t, A(), "cola");
const basket = basketHelpers(() => t);

describe("GET /api/admin/restaurants/{id}/catalogue-items", () => {
  test("lists the restaurant's products with a category and its choices with their option group", async () => {
    const res = await read("/catalogue-items");
    expect(res.statusCode).toBe(200);
    const items = res.json<CatalogueItems>();
    expect(items.products).toContainEqual({ id: await cola(), name: expect.any(String), category: expect.any(String) });
    expect(items.choices.find((c) => c.name === "Løgringe")).toMatchObject({ modifier: expect.any(String) });
    const bProduct = await productId(t, B(), "margherita").catch(() => null);
    if (bProduct) expect(items.products.map((p) => p.id)).not.toContain(bProduct);
  });

  test("names in English when asked", async () => {
    const items = (await read("/catalogue-items?language=en-US")).json<CatalogueItems>();
    expect(items.choices.map((c) => c.name)).toContain("Onion rings");
  });
});

describe("GET /api/admin/restaurants/{id}/catalogue-items offers only what a guest can order", () => {
  /** A manager of restaurant A changes the menu in the menu editor, as the back office does. */
  const editMenu = async (method: "GET" | "PUT" | "DELETE", path: string, payload?: object) => {
    const manager = await signInAs(t.db, {
      organisationId: await organisationOf(t.db, unitOf(A())),
      role: "manager",
      productionUnitIds: [unitOf(A())],
      now: clock.now(),
    });
    return t.request({
      method,
      url: admin(`/menu-editor${path}`),
      headers: manager.headers,
      ...(payload ? { payload } : {}),
    });
  };
  /** An item a basket names is archived by its delete, not deleted (catalogue editing). */
  async function deleteInEditor(path: string) {
    const res = await editMenu("DELETE", path);
    expect(res.json()).toMatchObject({ result: "archived" });
  }

  test("leaves out a product archived by its delete, yet still names it where it is sold out", async () => {
    const id = await productId(t, A(), "milkshake-vanilla");
    const { id: basketId } = await basket.newBasket();
    await basket.added(basketId, { productId: id, amount: 1 });
    expect((await soldOut(id, { kind: "restored" })).statusCode).toBe(200);

    await deleteInEditor(`/products/${id}`);

    const items = (await read("/catalogue-items")).json<CatalogueItems>();
    expect(items.products.map((p) => p.id)).not.toContain(id);
    const availability = (await read("/availability")).json<Availability>();
    expect(availability.soldOut).toContainEqual(expect.objectContaining({ id, name: "Milkshake vanilje" }));
    await send("DELETE", `/sold-out/product/${id}`);
  });

  test("leaves out a product the menu editor hides", async () => {
    const id = await productId(t, A(), "brownie");
    const editor = (await editMenu("GET", "")).json<MenuEditor>();
    const {
      id: _id,
      updatedAt: _at,
      updatedBy: _by,
      archivedAt: _archived,
      modifiers: _groups,
      ...fields
    } = editor.products.find((row) => row.id === id)!;
    const hide = await editMenu("PUT", `/products/${id}`, { ...fields, isVisible: false });
    expect(hide.statusCode, hide.body).toBe(200);

    const items = (await read("/catalogue-items")).json<CatalogueItems>();
    expect(items.products.map((p) => p.id)).not.toContain(id);
  });

  test("leaves out a choice archived by its delete", async () => {
    const burger = await basket.productId("Classic burger");
    const bacon = await basket.option(burger, "Ekstra", "Bacon");
    const { id: basketId } = await basket.newBasket();
    await basket.added(basketId, {
      productId: burger,
      amount: 1,
      choices: [...(await basket.burgerBasics(burger)), bacon],
    });
    expect((await read("/catalogue-items")).json<CatalogueItems>().choices.map((c) => c.id)).toContain(bacon.choiceId);

    await deleteInEditor(`/choices/${bacon.choiceId}`);

    const items = (await read("/catalogue-items")).json<CatalogueItems>();
    expect(items.choices.map((c) => c.id)).not.toContain(bacon.choiceId);
  });
});

describe("POST /api/admin/restaurants/{id}/sold-out", () => {
  test("until 23:30 local: sold out on the storefront now, back at 23:30 Copenhagen time with nothing written", async () => {
    const id = await cola();
    const res = await soldOut(id, { kind: "time", time: "23:30" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Availability>().soldOut).toContainEqual({
      target: "product",
      id,
      name: expect.any(String),
      until: "2026-11-23T22:30:00.000Z",
    });
    expect(await blockedProducts()).toContain(id);
    clock.set("2026-11-23T22:29:00Z");
    expect(await blockedProducts()).toContain(id);
    clock.set("2026-11-23T22:30:00Z");
    // The cached answer expired at the row's until: the same process answers without it, and the row is still there.
    expect(await blockedProducts()).not.toContain(id);
    const [row] = await t.db.select().from(schema.blockedProduct).where(eq(schema.blockedProduct.productId, id));
    expect(row?.until).toEqual(new Date("2026-11-23T22:30:00Z"));
    await signInCook();
    expect((await read("/availability")).json<Availability>().soldOut.map((item) => item.id)).not.toContain(id);
  });

  test("until the end of today comes back at the restaurant's midnight, and the basket takes it again", async () => {
    const id = await cola();
    await soldOut(id, { kind: "end-of-day" });
    // A basket made now (baskets expire after 120 minutes; tokens when the clock moves far).
    const addToNewBasket = async () => {
      const guest = await withFreshToken(t, A());
      const basket = await t.request({ method: "GET", url: "/api/basket", headers: guest.auth });
      return t.request({
        method: "POST",
        url: `/api/basket/${basket.json<{ id: string }>().id}/products`,
        headers: guest.auth,
        payload: { productId: id, amount: 1 },
      });
    };
    expect((await addToNewBasket()).json().errors[0].code).toBe("PRODUCT_BLOCKED");
    clock.set("2026-11-23T22:59:00Z");
    expect(await blockedProducts()).toContain(id);
    clock.set("2026-11-23T23:00:00Z");
    expect(await blockedProducts()).not.toContain(id);
    const added = await addToNewBasket();
    expect(added.statusCode, added.body).toBeLessThan(300);
  });

  test("until restored stays until it is restored, with an event and an audit entry each way", async () => {
    const id = await cola();
    await soldOut(id, { kind: "restored" });
    clock.set("2027-01-01T12:00:00Z");
    expect(await blockedProducts()).toContain(id);
    await signInCook();
    const restored = await send("DELETE", `/sold-out/product/${id}`);
    expect(restored.statusCode).toBe(200);
    expect(await blockedProducts()).not.toContain(id);
    const events = await t.db
      .select()
      .from(schema.restaurantEvent)
      .where(eq(schema.restaurantEvent.productionUnitId, unitOf(A())));
    expect(events.filter((e) => e.type === "availability.changed").length).toBeGreaterThanOrEqual(2);
    const audit = await t.db
      .select({ action: schema.auditLog.action, before: schema.auditLog.before, after: schema.auditLog.after })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.productionUnitId, unitOf(A()))));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["availability.sold-out", "availability.restored"]),
    );
    // Each entry names what was sold out, as the menu names it, not only by its id.
    const named = { target: "product", id, name: { "da-DK": "Coca-Cola", "en-US": "Coca-Cola" } };
    const ofCola = (value: unknown) => (value as { id?: number } | null)?.id === id;
    expect(audit.find((a) => a.action === "availability.sold-out" && ofCola(a.after))?.after).toMatchObject(named);
    expect(audit.find((a) => a.action === "availability.restored" && ofCola(a.before))?.before).toMatchObject(named);
  });

  test("a single choice can be sold out", async () => {
    const items = (await read("/catalogue-items?language=en-US")).json<CatalogueItems>();
    const rings = items.choices.find((c) => c.name === "Onion rings")!;
    await send("DELETE", `/sold-out/choice/${rings.id}`);
    const res = await soldOut(rings.id, { kind: "time", time: "15:00" }, "choice");
    expect(res.json<Availability>().soldOut).toContainEqual(
      expect.objectContaining({ target: "choice", id: rings.id }),
    );
  });

  test("a time that has passed today is refused with a clear error, not moved to tomorrow", async () => {
    const res = await soldOut(await cola(), { kind: "time", time: "10:30" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ code: "SoldOut.TimePassed", field: "until.time" });
    expect(res.json().errors[0].message).toContain("10:30");
  });

  test("another restaurant's product, or one that does not exist, is 404", async () => {
    const foreign = (
      await t.db
        .select({ id: schema.product.id })
        .from(schema.product)
        .where(eq(schema.product.productInstanceId, B().module.productInstanceId))
        .limit(1)
    )[0]!.id;
    expect((await soldOut(foreign, { kind: "end-of-day" })).statusCode).toBe(404);
    expect((await soldOut(99_999_999, { kind: "end-of-day" })).statusCode).toBe(404);
    expect((await send("DELETE", `/sold-out/product/${foreign}`)).statusCode).toBe(404);
  });

  test.each([
    [{ target: "product", id: 1, until: { kind: "time", time: "24:30" } }],
    [{ target: "dish", id: 1, until: { kind: "end-of-day" } }],
    [{ target: "product", id: -1, until: { kind: "end-of-day" } }],
    [{ target: "product", id: 1, until: { kind: "tomorrow" } }],
    [{ target: "product", id: 1 }],
  ])("bad input %j is 400", async (payload) => {
    const res = await send("POST", "/sold-out", payload);
    expect(res.statusCode).toBe(400);
  });

  test("staff of another restaurant get 404 for this one", async () => {
    const other = await signInAs(t.db, {
      organisationId: await organisationOf(t.db, unitOf(B())),
      role: "staff",
      productionUnitIds: [unitOf(B())],
      now: clock.now(),
    });
    expect((await read("/availability", other)).statusCode).toBe(404);
    expect((await send("POST", "/pause", { kind: "pause", minutes: 15 }, other)).statusCode).toBe(404);
    expect((await send("DELETE", `/sold-out/product/${await cola()}`, undefined, other)).statusCode).toBe(404);
  });
});

describe("POST /api/admin/restaurants/{id}/pause", () => {
  const validate = (checkoutId: string) =>
    t.request({ method: "POST", url: `/api/order/validate?checkoutId=${checkoutId}`, headers: A().auth });

  test("a 15-minute pause refuses order validation and the start of a payment, and ends by itself", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const res = await send("POST", "/pause", { kind: "pause", minutes: 15 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Availability>().pausedUntil).toBe("2026-11-23T10:15:00.000Z");
    const refused = await validate(checkoutId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe(OFFLINE);
    const payment = await pay(t, checkoutId);
    expect(payment.statusCode).toBe(422);
    expect(payment.json().errors[0].code).toBe(OFFLINE);
    expect(await paymentsOf(t, checkoutId)).toEqual([]);
    clock.set("2026-11-23T10:15:00Z");
    expect((await read("/availability")).json<Availability>().pausedUntil).toBeNull();
    expect((await validate(checkoutId)).statusCode).toBe(200);
  });

  test("a payment started before the pause still becomes its order when approved during the pause", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const started = await pay(t, checkoutId, { paymentMethods: "card" });
    expect(started.statusCode, started.body).toBe(200);
    await send("POST", "/pause", { kind: "pause-today" });
    expect(
      (await pressTestButton(t, started.json().paymentId ?? started.json().id, "approve")).statusCode,
    ).toBeLessThan(400);
    const done = await finalize(t, checkoutId);
    expect(done.statusCode, done.body).toBe(200);
  });

  test("pause today lasts until the restaurant's midnight; resume ends it at once", async () => {
    const res = await send("POST", "/pause", { kind: "pause-today" });
    expect(res.json<Availability>().pausedUntil).toBe("2026-11-23T23:00:00.000Z");
    const events = async () =>
      (
        await t.db
          .select()
          .from(schema.restaurantEvent)
          .where(eq(schema.restaurantEvent.productionUnitId, unitOf(A())))
      ).map((e) => e.type);
    expect(await events()).toContain("ordering.paused");
    const resumed = await send("POST", "/pause", { kind: "resume" });
    expect(resumed.json<Availability>()).toMatchObject({ pausedUntil: null, busyMinutes: 0 });
    expect(await events()).toContain("ordering.resumed");
  });

  test("busy mode moves the earliest pickup slot N minutes later", async () => {
    const date = "2026-11-23";
    const firstSlot = async () => {
      const res = await t.request({
        method: "GET",
        url: `/api/availableordertime/${A().module.capacityInstanceId}/${date}`,
        headers: A().auth,
      });
      return res.json<{ time: string; isAvailable: boolean }[]>().find((slot) => slot.isAvailable)!.time;
    };
    const before = Date.parse(await firstSlot());
    const res = await send("POST", "/pause", { kind: "busy", minutes: 30 });
    expect(res.json<Availability>()).toMatchObject({ busyMinutes: 30, busyUntil: "2026-11-23T23:00:00.000Z" });
    const after = Date.parse(await firstSlot());
    expect(after - before).toBe(30 * 60_000);
    // Busy is not a pause: orders are still taken.
    const { checkoutId } = await preparedCheckout(t);
    await t.db
      .update(schema.checkout)
      .set({ orderReadyTime: new Date(after) })
      .where(eq(schema.checkout.id, checkoutId));
    expect((await validate(checkoutId)).statusCode).toBe(200);
  });

  test.each([[{ kind: "pause", minutes: 20 }], [{ kind: "busy", minutes: 500 }], [{ kind: "sleep" }], [{}]])(
    "bad input %j is 400",
    async (payload) => {
      expect((await send("POST", "/pause", payload)).statusCode).toBe(400);
    },
  );
});

test("a product or choice id beyond the database's integers is a 400 on the id, not a 500", async () => {
  const TOO_BIG = 2_147_483_648;
  const marked = await soldOut(TOO_BIG, { kind: "end-of-day" }, "choice");
  expect(marked.statusCode, marked.body).toBe(400);
  expect(marked.json().errors[0].field).toBe("body.id");
  const restored = await send("DELETE", `/sold-out/product/${TOO_BIG}`);
  expect(restored.statusCode, restored.body).toBe(400);
  expect(restored.json().errors[0].field).toBe("params.id");
});
