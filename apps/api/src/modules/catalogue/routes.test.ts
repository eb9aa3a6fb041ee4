import type { Category, Context, Label, Menu, Product } from "@app/contracts";
import { schema } from "@app/db";
import { and, eq, sql } from "@app/db/orm";
import { describe, expect, test } from "vitest";
import { type DemoRestaurant, useTestApp } from "../../testing/test-app";

const MONDAY = "2026-11-23T10:00:00Z"; // 11:00 in Copenhagen
const FRIDAY = "2026-11-27T10:00:00Z";
const { t, clock } = useTestApp(MONDAY);

const A = () => t.restaurantA;
const B = () => t.restaurantB;

/** A product of the restaurant's product instance, found by its internal name (ids are not fixed). */
async function productId(r: DemoRestaurant, internalName: string): Promise<number> {
  const rows = await t.db
    .select({ id: schema.product.id })
    .from(schema.product)
    .where(
      and(
        eq(schema.product.productInstanceId, r.module.productInstanceId),
        eq(schema.product.internalName, internalName),
      ),
    );
  if (!rows[0]) throw new Error(`no product ${internalName}`);
  return rows[0].id;
}

async function firstMenuId(r: DemoRestaurant): Promise<number> {
  const res = await get(r, `/api/menu?instanceId=${r.module.menuInstanceId}`);
  return res.json<Menu[]>()[0]!.id;
}

function get(r: DemoRestaurant | null, url: string, headers: Record<string, string> = {}) {
  return t.request({ method: "GET", url, headers: { ...(r?.auth ?? {}), ...headers } });
}

/** The restaurant with a token issued at the clock's current time (after the test moved it). */
async function freshToken(r: DemoRestaurant): Promise<DemoRestaurant> {
  const res = await t.request({ method: "GET", url: `/api/token/${r.module.productionUnitId}` });
  const { token } = res.json<{ token: string }>();
  return { ...r, token, auth: { authorization: `Bearer ${token}` } };
}

function context(r: DemoRestaurant, instanceId: number, payload: unknown) {
  return t.request({
    method: "POST",
    url: `/api/context?instanceId=${instanceId}`,
    headers: r.auth,
    payload: payload as object,
  });
}

function productUrl(r: DemoRestaurant, id: number) {
  return `/api/product/${id}?instanceId=${r.module.productInstanceId}`;
}

/** The malformed instanceId values every instance-taking call must refuse with 400. */
const malformedInstanceQueries = [
  "instanceId=abc",
  "",
  "instanceId=-1",
  "instanceId=0",
  "instanceId=1.5",
  "instanceId=99999999999",
];

describe("GET /api/menu", () => {
  test("lists the menus of the module's menu instance", async () => {
    const res = await get(A(), `/api/menu?instanceId=${A().module.menuInstanceId}`);
    expect(res.statusCode).toBe(200);
    const menus = res.json<Menu[]>();
    expect(menus.length).toBeGreaterThan(0);
    expect(menus[0]).toEqual({ id: expect.any(Number), name: expect.any(String), active: true });
  });

  test("is 401 without a token", async () => {
    const res = await get(null, `/api/menu?instanceId=${A().module.menuInstanceId}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe("UNAUTHORIZED");
  });

  test.each(malformedInstanceQueries)("is 400 Input.Invalid for the query %j", async (query) => {
    const res = await get(A(), `/api/menu?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: "Input.Invalid", field: "querystring.instanceId" });
  });

  test("is 404 for an instance no module uses", async () => {
    const res = await get(A(), "/api/menu?instanceId=999999");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [{ code: "NOT_FOUND", message: "Instance not found" }] });
  });

  test("is 404 for another restaurant's menu instance", async () => {
    const res = await get(B(), `/api/menu?instanceId=${A().module.menuInstanceId}`);
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /api/category/menu/:menuId", () => {
  const url = (r: DemoRestaurant, menuId: number) =>
    `/api/category/menu/${menuId}?instanceId=${r.module.menuInstanceId}`;

  test("lists the menu's categories in display order with their products in display order", async () => {
    const res = await get(A(), url(A(), await firstMenuId(A())));
    expect(res.statusCode).toBe(200);
    const categories = res.json<Category[]>();
    expect(categories.length).toBeGreaterThan(3);
    const orders = categories.map((c) => c.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const burgers = categories.find((c) => c.name["en-US"] === "Burgers")!;
    expect(burgers).toMatchObject({
      id: expect.any(Number),
      name: { "da-DK": "Burgere", "en-US": "Burgers" },
      description: { "da-DK": expect.any(String), "en-US": expect.any(String) },
      internalName: expect.any(String),
      imageUrl: expect.stringMatching(/^\/images\//),
    });
    expect(burgers.products[0]).toEqual({
      productId: await productId(A(), "classic-burger"),
      sortOrder: expect.any(Number),
    });
    const productOrders = burgers.products.map((p) => p.sortOrder);
    expect(productOrders).toEqual([...productOrders].sort((a, b) => a - b));
  });

  test("gives the lunch category its internal name", async () => {
    const categories = (await get(A(), url(A(), await firstMenuId(A())))).json<Category[]>();
    expect(categories.map((c) => c.internalName)).toContain("frokostkategori");
  });

  test("is 401 without a token", async () => {
    const res = await get(null, url(A(), await firstMenuId(A())));
    expect(res.statusCode).toBe(401);
  });

  test.each(["abc", "-3", "0", "99999999999"])("is 400 for the menu id %j", async (menuId) => {
    const res = await get(A(), `/api/category/menu/${menuId}?instanceId=${A().module.menuInstanceId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe("Input.Invalid");
  });

  test.each(malformedInstanceQueries)("is 400 for the query %j", async (query) => {
    const res = await get(A(), `/api/category/menu/${await firstMenuId(A())}?${query}`);
    expect(res.statusCode).toBe(400);
  });

  test("is 404 for an unknown menu", async () => {
    const res = await get(A(), url(A(), 999999));
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0]).toEqual({ code: "NOT_FOUND", message: "Menu not found" });
  });

  test("is 404 for a menu of another instance asked through the own instance", async () => {
    const res = await get(A(), url(A(), await firstMenuId(B())));
    expect(res.statusCode).toBe(404);
  });

  test("is 404 for another restaurant's instance", async () => {
    const res = await get(B(), url(A(), await firstMenuId(A())));
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /api/product/:id", () => {
  test("answers a product with its labels and option groups in display order", async () => {
    const id = await productId(A(), "classic-burger");
    const res = await get(A(), productUrl(A(), id));
    expect(res.statusCode).toBe(200);
    const product = res.json<Product>();
    expect(product).toMatchObject({
      id,
      productId: id,
      name: { "da-DK": "Classic burger", "en-US": "Classic burger" },
      subtitle: { "en-US": "180 g beef patty" },
      price: 119,
      unitPrice: 119,
      originalPrice: null,
      productPriceDaily: null,
      internalName: "classic-burger",
      isGiftcard: false,
    });
    expect(product.labelIds).toHaveLength(1);
    expect(product.modifiers.map((m) => m.name["en-US"])).toEqual(["Choose bun", "Choose sides", "Extras", "Dip"]);
    const bun = product.modifiers[0]!;
    expect(bun).toMatchObject({ modifierId: bun.id, maxChoices: 1, choicesIncluded: 1 });
    expect(bun.choices.map((c) => c.name["en-US"])).toEqual(["Brioche bun", "Gluten-free bun"]);
    expect(bun.choices[0]).toEqual({
      choiceId: expect.any(Number),
      name: { "da-DK": "Briochebolle", "en-US": "Brioche bun" },
      defaultPrice: 0,
      overwritePrice: null,
      price: 0,
      freeAmount: 0,
      defaultChoiceAmount: 1,
    });
  });

  test("shows a group's overwritePrice as the choice's effective price", async () => {
    const product = (await get(A(), productUrl(A(), await productId(A(), "classic-burger")))).json<Product>();
    const sides = product.modifiers.find((m) => m.name["en-US"] === "Choose sides")!;
    const sweetFries = sides.choices.find((c) => c.name["en-US"] === "Sweet potato fries")!;
    expect(sweetFries).toMatchObject({ defaultPrice: 15, overwritePrice: 10, price: 10 });
  });

  test("shows a choice's free amount", async () => {
    const product = (await get(A(), productUrl(A(), await productId(A(), "classic-burger")))).json<Product>();
    const dips = product.modifiers.find((m) => m.name["en-US"] === "Dip")!;
    expect(dips.choices.find((c) => c.name["en-US"] === "Ketchup")).toMatchObject({ freeAmount: 1, price: 5 });
  });

  test("applies the weekday sale price on a sale day and keeps the regular price as originalPrice", async () => {
    clock.set(MONDAY);
    const product = (await get(A(), productUrl(A(), await productId(A(), "lunch-burger")))).json<Product>();
    expect(product).toMatchObject({
      price: 69,
      unitPrice: 69,
      originalPrice: 89,
      productPriceDaily: { price: 69, startDayOfWeek: 1, endDayOfWeek: 4 },
    });
  });

  test("does not apply the weekday sale price on another day", async () => {
    clock.set(FRIDAY);
    const product = (
      await get(await freshToken(A()), productUrl(A(), await productId(A(), "lunch-burger")))
    ).json<Product>();
    clock.set(MONDAY);
    expect(product).toMatchObject({ price: 89, unitPrice: 89, originalPrice: 109 });
    expect(product.productPriceDaily).toEqual({ price: 69, startDayOfWeek: 1, endDayOfWeek: 4 });
  });

  test("decides the sale day in the restaurant's time zone, not UTC", async () => {
    clock.set("2026-11-22T23:30:00Z"); // Sunday in UTC, Monday 00:30 in Copenhagen
    const product = (
      await get(await freshToken(A()), productUrl(A(), await productId(A(), "lunch-burger")))
    ).json<Product>();
    clock.set(MONDAY);
    expect(product.price).toBe(69);
  });

  test("marks gift card products", async () => {
    const product = (await get(A(), productUrl(A(), await productId(A(), "giftcard-500")))).json<Product>();
    expect(product).toMatchObject({ isGiftcard: true, price: 500, modifiers: [] });
  });

  test("is 401 without a token", async () => {
    const res = await get(null, productUrl(A(), await productId(A(), "classic-burger")));
    expect(res.statusCode).toBe(401);
  });

  test.each(["abc", "-1", "0", "99999999999"])("is 400 for the product id %j", async (id) => {
    const res = await get(A(), `/api/product/${id}?instanceId=${A().module.productInstanceId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe("Input.Invalid");
  });

  test.each(malformedInstanceQueries)("is 400 for the query %j", async (query) => {
    const res = await get(A(), `/api/product/${await productId(A(), "classic-burger")}?${query}`);
    expect(res.statusCode).toBe(400);
  });

  test("is 404 for an unknown product", async () => {
    const res = await get(A(), productUrl(A(), 999999));
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0]).toEqual({ code: "NOT_FOUND", message: "Product not found" });
  });

  test("is 404 for a product of another instance asked through the own instance", async () => {
    const res = await get(A(), productUrl(A(), await productId(B(), "lunch-pizza")));
    expect(res.statusCode).toBe(404);
  });

  test("is 404 for another restaurant's instance", async () => {
    const res = await get(B(), productUrl(A(), await productId(A(), "classic-burger")));
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /api/label", () => {
  test("lists the labels of the product instance", async () => {
    const res = await get(A(), `/api/label?instanceId=${A().module.productInstanceId}`);
    expect(res.statusCode).toBe(200);
    const labels = res.json<Label[]>();
    expect(labels.find((l) => l.name["en-US"] === "Vegetarian")).toEqual({
      id: expect.any(Number),
      name: { "da-DK": "Vegetar", "en-US": "Vegetarian" },
      description: { "da-DK": expect.any(String), "en-US": expect.any(String) },
      icon: "leaf",
      colour: "#3a8d3f",
    });
  });

  test("gives every label a product refers to", async () => {
    const labels = (await get(A(), `/api/label?instanceId=${A().module.productInstanceId}`)).json<Label[]>();
    const product = (await get(A(), productUrl(A(), await productId(A(), "veggie-burger")))).json<Product>();
    expect(product.labelIds.length).toBe(2);
    for (const id of product.labelIds) expect(labels.map((l) => l.id)).toContain(id);
  });

  test("is 401 without a token", async () => {
    expect((await get(null, `/api/label?instanceId=${A().module.productInstanceId}`)).statusCode).toBe(401);
  });

  test.each(malformedInstanceQueries)("is 400 for the query %j", async (query) => {
    expect((await get(A(), `/api/label?${query}`)).statusCode).toBe(400);
  });

  test("is 404 for an unknown instance", async () => {
    expect((await get(A(), "/api/label?instanceId=999999")).statusCode).toBe(404);
  });

  test("is 404 for another restaurant's instance", async () => {
    expect((await get(B(), `/api/label?instanceId=${A().module.productInstanceId}`)).statusCode).toBe(404);
  });
});

describe("POST /api/context", () => {
  test("answers the products in the order asked with every option group and choice they use", async () => {
    const burger = await productId(A(), "classic-burger");
    const cola = await productId(A(), "cola");
    const res = await context(A(), A().module.productInstanceId, { productIds: [cola, burger] });
    expect(res.statusCode).toBe(200);
    const body = res.json<Context>();
    expect(body.products.map((p) => p.id)).toEqual([cola, burger]);
    expect(body.modifiers.map((m) => m.name["en-US"])).toEqual(["Choose bun", "Choose sides", "Extras", "Dip"]);
    expect(body.modifiers[0]).toEqual({
      id: expect.any(Number),
      modifierId: body.modifiers[0]!.id,
      name: expect.any(Object),
      choices: expect.any(Array),
    });
    const choiceIds = body.modifiers.flatMap((m) => m.choices.map((c) => c.choiceId));
    expect(body.choices.map((c) => c.id).sort()).toEqual([...new Set(choiceIds)].sort());
    expect(body.choices.find((c) => c.name["en-US"] === "Sweet potato fries")).toEqual({
      id: expect.any(Number),
      name: expect.any(Object),
      defaultPrice: 15,
    });
  });

  test("lists a group shared by several products once", async () => {
    const ids = await Promise.all(["classic-burger", "cheeseburger"].map((n) => productId(A(), n)));
    const body = (await context(A(), A().module.productInstanceId, { productIds: ids })).json<Context>();
    expect(body.modifiers).toHaveLength(4);
    expect(body.products.every((p) => p.modifiers.length === 4)).toBe(true);
  });

  test("accepts a bare array of ids and ignores duplicates", async () => {
    const cola = await productId(A(), "cola");
    const res = await context(A(), A().module.productInstanceId, [cola, cola]);
    expect(res.statusCode).toBe(200);
    expect(res.json<Context>()).toMatchObject({ products: [{ id: cola, price: 35 }], modifiers: [], choices: [] });
  });

  test("applies today's sale price like GET /product", async () => {
    const lunch = await productId(A(), "lunch-burger");
    const body = (await context(A(), A().module.productInstanceId, { productIds: [lunch] })).json<Context>();
    expect(body.products[0]).toMatchObject({ price: 69, originalPrice: 89 });
  });

  test("is 404 naming the ids that are not products of the instance", async () => {
    const cola = await productId(A(), "cola");
    const pizza = await productId(B(), "lunch-pizza");
    const res = await context(A(), A().module.productInstanceId, { productIds: [cola, pizza, 999999] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      errors: [{ code: "NOT_FOUND", message: `Products not found: ${pizza}, 999999` }],
    });
  });

  test("is 401 without a token", async () => {
    const res = await t.request({
      method: "POST",
      url: `/api/context?instanceId=${A().module.productInstanceId}`,
      payload: { productIds: [1] },
    });
    expect(res.statusCode).toBe(401);
  });

  test.each([
    ["an empty list", { productIds: [] }],
    ["more than 200 ids", { productIds: Array.from({ length: 201 }, (_, i) => i + 1) }],
    ["ids as strings", { productIds: ["1"] }],
    ["a negative id", { productIds: [-1] }],
    ["a fractional id", { productIds: [1.5] }],
    ["a huge id", { productIds: [99999999999] }],
    ["no ids", {}],
    ["an object instead of ids", { productIds: { a: 1 } }],
  ])("is 400 Input.Invalid for a body with %s", async (_, payload) => {
    const res = await context(A(), A().module.productInstanceId, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe("Input.Invalid");
  });

  test("is 400 for invalid JSON", async () => {
    const res = await t.request({
      method: "POST",
      url: `/api/context?instanceId=${A().module.productInstanceId}`,
      headers: { ...A().auth, "content-type": "application/json" },
      payload: "{ productIds: [",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe("INVALID_JSON");
  });

  // No query is fine here (the next describe): the instance then comes from the token.
  test.each(malformedInstanceQueries.filter((query) => query !== ""))("is 400 for the query %j", async (query) => {
    const res = await t.request({ method: "POST", url: `/api/context?${query}`, headers: A().auth, payload: [1] });
    expect(res.statusCode).toBe(400);
  });

  test("ignores a field it does not know beside productIds (was 400 before decision 007)", async () => {
    const cola = await productId(A(), "cola");
    const res = await context(A(), A().module.productInstanceId, { productIds: [cola], extra: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<Context>().products.map((p) => p.id)).toEqual([cola]);
  });

  test("is 404 for another restaurant's instance", async () => {
    const cola = await productId(A(), "cola");
    const res = await context(B(), A().module.productInstanceId, { productIds: [cola] });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].message).toBe("Instance not found");
  });
});

describe("POST /api/context without ?instanceId= (SPEC §7: a list of product ids, no query)", () => {
  const contextOfToken = (r: DemoRestaurant, payload: unknown) =>
    t.request({ method: "POST", url: "/api/context", headers: r.auth, payload: payload as object });

  test("takes the product instance of the token's production unit", async () => {
    const ids = [await productId(A(), "cola"), await productId(A(), "classic-burger")];
    const res = await contextOfToken(A(), ids);
    expect(res.statusCode).toBe(200);
    const withQuery = await context(A(), A().module.productInstanceId, ids);
    expect(res.json()).toEqual(withQuery.json());
    expect((await contextOfToken(A(), { productIds: ids })).json()).toEqual(withQuery.json());
  });

  test("is 404 naming the ids that are not the unit's products (another restaurant's)", async () => {
    const pizza = await productId(B(), "lunch-pizza");
    const cola = await productId(A(), "cola");
    const res = await contextOfToken(A(), [cola, pizza]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [{ code: "NOT_FOUND", message: `Products not found: ${pizza}` }] });
    expect((await contextOfToken(B(), [cola])).statusCode).toBe(404);
  });

  /** Counts the calls into the (PGlite) database from now on. */
  function countDatabaseCalls(): () => number {
    const client = (t.db as unknown as { $client: { execProtocolRaw(...args: unknown[]): unknown } }).$client;
    const run = client.execProtocolRaw.bind(client);
    let calls = 0;
    client.execProtocolRaw = (...args: unknown[]) => {
      calls += 1;
      return run(...args);
    };
    return () => {
      client.execProtocolRaw = run;
      return calls;
    };
  }

  test("answers a repeated call from memory: nothing reaches the database", async () => {
    const ids = [await productId(A(), "cola"), await productId(A(), "classic-burger")];
    const first = await contextOfToken(A(), ids);
    const stopCounting = countDatabaseCalls();
    const again = await contextOfToken(A(), ids);
    expect(stopCounting()).toBe(0);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
  });

  test("a module that starts using another product instance is seen by the next call of the same ids", async () => {
    const { productInstance, product, module } = schema;
    const [instance] = await t.db.insert(productInstance).values({ name: "A's new shop" }).returning();
    const [tea] = await t.db
      .insert(product)
      .values({ productInstanceId: instance!.id, name: { "da-DK": "Te" }, internalName: "tea", priceMinor: 2000 })
      .returning({ id: product.id });
    const { id: _id, ...moduleOfA } = (await t.db.select().from(module).where(eq(module.id, A().module.id)))[0]!;
    let second: { id: number } | undefined;
    try {
      // No module of A uses the instance yet: A's own instance is chosen, which does not hold the tea.
      expect((await contextOfToken(A(), [tea!.id])).statusCode).toBe(404);
      [second] = await t.db
        .insert(module)
        .values({ ...moduleOfA, name: "A, tea shop", productInstanceId: instance!.id })
        .returning({ id: module.id });
      const withModule = await contextOfToken(A(), [tea!.id]);
      expect(withModule.statusCode).toBe(200);
      expect(withModule.json<Context>().products).toMatchObject([{ id: tea!.id, price: 20 }]);
    } finally {
      if (second) await t.db.delete(module).where(eq(module.id, second.id));
      await t.db.delete(productInstance).where(eq(productInstance.id, instance!.id));
    }
  });

  test("with modules on several product instances, takes the one holding the asked products", async () => {
    const { productInstance, product, module } = schema;
    const [instance] = await t.db
      .insert(productInstance)
      .values({ name: "Second shop of A" })
      .returning({ id: productInstance.id });
    const [other] = await t.db
      .insert(product)
      .values({ productInstanceId: instance!.id, name: { "da-DK": "Kaffe" }, internalName: "coffee", priceMinor: 2500 })
      .returning({ id: product.id });
    const { id: _id, ...moduleOfA } = (await t.db.select().from(module).where(eq(module.id, A().module.id)))[0]!;
    const [second] = await t.db
      .insert(module)
      .values({ ...moduleOfA, name: "A, second shop", productInstanceId: instance!.id, isVisible: false })
      .returning({ id: module.id });
    try {
      const coffee = await contextOfToken(A(), [other!.id]);
      expect(coffee.statusCode).toBe(200);
      expect(coffee.json<Context>().products).toMatchObject([{ id: other!.id, price: 25 }]);
      const cola = await productId(A(), "cola");
      expect((await contextOfToken(A(), [cola])).json<Context>().products).toMatchObject([{ id: cola }]);
      // Ids of two instances: the instance holding most of them answers, naming the others as missing.
      const burger = await productId(A(), "classic-burger");
      const mixed = await contextOfToken(A(), [cola, other!.id, burger]);
      expect(mixed.statusCode).toBe(404);
      expect(mixed.json().errors[0].message).toBe(`Products not found: ${other!.id}`);
      // Restaurant B's token never reaches A's second instance.
      expect((await contextOfToken(B(), [other!.id])).statusCode).toBe(404);
    } finally {
      await t.db.delete(module).where(eq(module.id, second!.id));
      await t.db.delete(productInstance).where(eq(productInstance.id, instance!.id));
    }
  });
});

describe("HTTP caching of catalogue reads", () => {
  const urls = () => [
    `/api/menu?instanceId=${A().module.menuInstanceId}`,
    `/api/label?instanceId=${A().module.productInstanceId}`,
  ];

  test("marks catalogue answers public for 60 s with a weak ETag", async () => {
    for (const url of urls()) {
      const res = await get(A(), url);
      expect(res.headers["cache-control"]).toBe("public, max-age=60");
      expect(res.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    }
  });

  test("answers 304 without a body when If-None-Match matches", async () => {
    const url = productUrl(A(), await productId(A(), "classic-burger"));
    const first = await get(A(), url);
    const again = await get(A(), url, { "if-none-match": String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  test("answers 304 for categories too", async () => {
    const url = `/api/category/menu/${await firstMenuId(A())}?instanceId=${A().module.menuInstanceId}`;
    const first = await get(A(), url);
    expect((await get(A(), url, { "if-none-match": String(first.headers.etag) })).statusCode).toBe(304);
  });

  test("answers 200 with the body when If-None-Match is another tag", async () => {
    const url = urls()[0]!;
    const res = await get(A(), url, { "if-none-match": 'W/"something-else"' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Menu[]>().length).toBeGreaterThan(0);
  });

  test("changes the product's ETag when today's price changes", async () => {
    const url = productUrl(A(), await productId(A(), "lunch-burger"));
    clock.set(MONDAY);
    const monday = await get(A(), url);
    clock.set(FRIDAY);
    const friday = await get(await freshToken(A()), url, { "if-none-match": String(monday.headers.etag) });
    clock.set(MONDAY);
    expect(friday.statusCode).toBe(200);
    expect(friday.headers.etag).not.toBe(monday.headers.etag);
  });

  test("changes the ETag when the data changes", async () => {
    const url = urls()[1]!;
    const before = await get(A(), url);
    await t.db
      .update(schema.label)
      .set({ colour: sql`${schema.label.colour} || '0'` })
      .where(eq(schema.label.productInstanceId, A().module.productInstanceId));
    const after = await get(A(), url, { "if-none-match": String(before.headers.etag) });
    await t.db
      .update(schema.label)
      .set({ colour: sql`left(${schema.label.colour}, length(${schema.label.colour}) - 1)` })
      .where(eq(schema.label.productInstanceId, A().module.productInstanceId));
    expect(after.statusCode).toBe(200);
  });
});

describe("OpenAPI", () => {
  test("documents every catalogue and warehouse call with its schemas", async () => {
    const res = await t.request({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const path of [
      "/api/menu",
      "/api/category/menu/{menuId}",
      "/api/product/{id}",
      "/api/label",
      "/api/context",
      "/api/blockedProduct",
      "/api/blockedChoice",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        "Product",
        "Category",
        "Menu",
        "Label",
        "Modifier",
        "Choice",
        "Context",
        "ContextRequest",
      ]),
    );
    expect(doc.components.schemas.Product.properties.price.description).toMatch(/DKK/);
  });
});
