import { randomUUID } from "node:crypto";
import type { Basket } from "@app/contracts";
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { CheckoutState } from "@app/domain";
import { describe, expect, test } from "vitest";
import { basketHelpers } from "../../testing/basket-helpers";
import { useTestApp } from "../../testing/test-app";

const MONDAY = "2026-11-23T10:00:00Z"; // 11:00 in Copenhagen
const SATURDAY = "2026-11-28T10:00:00Z";
const { t, clock } = useTestApp(MONDAY);
const h = basketHelpers(() => t);

const A = () => t.restaurantA.auth;
const B = () => t.restaurantB.auth;

function expectErrorShape(body: unknown) {
  expect(body).toEqual({
    errors: expect.arrayContaining([
      expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
    ]),
  });
}

async function tokenOfA() {
  const res = await t.request({ method: "GET", url: `/api/token/${t.restaurantA.module.productionUnitId}` });
  return { authorization: `Bearer ${res.json().token}` };
}

async function cola() {
  return h.productId("Coca-Cola");
}

describe("GET /api/basket", () => {
  test("creates a new, empty basket with a random id and the current time", async () => {
    const res = await t.request({ method: "GET", url: "/api/basket", headers: A() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      createdTimeUtc: "2026-11-23T10:00:00.000Z",
      items: [],
      products: [],
      totalPrice: 0,
      itemCount: 0,
    });
  });

  test("answers the new basket as a read of it answers it", async () => {
    const created = await t.request({ method: "GET", url: "/api/basket", headers: A() });
    const read = await t.request({ method: "GET", url: `/api/basket/${created.json().id}`, headers: A() });
    expect(read.statusCode).toBe(200);
    expect(created.json()).toEqual(read.json());
  });

  test("answers a different basket each time", async () => {
    expect((await h.newBasket()).id).not.toBe((await h.newBasket()).id);
  });

  test("is 401 without a token", async () => {
    const res = await t.request({ method: "GET", url: "/api/basket" });
    expect(res.statusCode).toBe(401);
    expectErrorShape(res.json());
  });

  test("is 400 for an unknown language", async () => {
    const res = await t.request({ method: "GET", url: "/api/basket?language=fr-FR", headers: A() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe("Input.Invalid");
  });
});

describe("GET /api/basket/:id", () => {
  test("answers the basket with its lines, the short product list and the totals", async () => {
    const basket = await h.newBasket();
    const colaId = await cola();
    await h.added(basket.id, { productId: colaId, amount: 2 });
    const res = await h.get(basket.id);
    expect(res.statusCode).toBe(200);
    const body: Basket = res.json();
    expect(body.id).toBe(basket.id);
    expect(body.items).toEqual([
      {
        id: expect.any(String),
        productId: colaId,
        name: "Coca-Cola",
        amount: 2,
        price: 35,
        productPrice: 35,
        imageUrl: expect.stringContaining("cola"),
        totalPrice: 70,
        choices: [],
        editingIsDisabled: false,
      },
    ]);
    expect(body.products).toEqual([{ id: body.items[0]!.id, productId: colaId, count: 2 }]);
    expect(body.totalPrice).toBe(70);
    expect(body.itemCount).toBe(2);
  });

  test("names products and choices in English with ?language=en-US", async () => {
    const basket = await h.newBasket();
    const burger = await h.productId("Classic burger");
    const fries = await h.productId("Pommes frites");
    await h.added(basket.id, { productId: fries, amount: 1, choices: [await h.option(fries, "Vælg dip", "Ketchup")] });
    await h.added(basket.id, { productId: burger, amount: 1, choices: await h.burgerBasics(burger) });
    const danish: Basket = (await h.get(basket.id)).json();
    const english: Basket = (await h.get(basket.id, A(), "?language=en-US")).json();
    expect(danish.items.map((item) => item.name)).toEqual(["Pommes frites", "Classic burger"]);
    expect(english.items.map((item) => item.name)).toEqual(["French fries", "Classic burger"]);
    expect(danish.items[1]!.choices.map((c) => c.name)).toEqual(["Briochebolle", "Pommes frites"]);
    expect(english.items[1]!.choices.map((c) => c.name)).toEqual(["Brioche bun", "French fries"]);
  });

  test("is 404 for an unknown basket", async () => {
    const res = await h.get(randomUUID());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [{ code: "NOT_FOUND", message: "Basket not found" }] });
  });

  test("is 404 for restaurant A's basket read with restaurant B's token", async () => {
    const basket = await h.newBasket(A());
    const res = await h.get(basket.id, B());
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe("NOT_FOUND");
  });

  test("is 400 for an id that is not a UUID", async () => {
    for (const id of ["1", "abc", `${randomUUID()}x`, "x".repeat(90)]) {
      const res = await h.get(id);
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
    }
  });

  test("is 400 for a long id and 414 in the errors shape for an absurdly long one", async () => {
    const long = await h.get("x".repeat(400));
    expect(long.statusCode).toBe(400);
    // The router refuses path parameters over 500 characters before any route runs.
    const absurd = await h.get("x".repeat(5000));
    expect(absurd.statusCode).toBe(414);
    expect(absurd.json().errors[0].code).toBe("PARAMETER_TOO_LONG");
  });

  test("is 401 without a token", async () => {
    const basket = await h.newBasket();
    const res = await t.request({ method: "GET", url: `/api/basket/${basket.id}` });
    expect(res.statusCode).toBe(401);
  });

  test("still answers 120 minutes after creation", async () => {
    const basket = await h.newBasket();
    clock.advanceMinutes(120);
    expect((await h.get(basket.id)).statusCode).toBe(200);
  });

  test("is 410 BASKET_EXPIRED 121 minutes after creation", async () => {
    const basket = await h.newBasket();
    clock.advanceMinutes(121);
    const res = await h.get(basket.id);
    expect(res.statusCode).toBe(410);
    expect(res.json().errors[0].code).toBe("BASKET_EXPIRED");
  });
});

describe("POST /api/basket/:id/products", () => {
  test("adds a product priced by the server and answers the whole basket", async () => {
    const basket = await h.newBasket();
    const res = await h.add(basket.id, { productId: await cola(), amount: 3 });
    expect(res.statusCode).toBe(200);
    const body: Basket = res.json();
    expect(body.id).toBe(basket.id);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ amount: 3, price: 35, productPrice: 35, totalPrice: 105 });
    expect(body.totalPrice).toBe(105);
    expect(body.itemCount).toBe(3);
  });

  test("ignores the client's prices and image: the answer carries the server's", async () => {
    const basket = await h.newBasket();
    const burger = await h.productId("Classic burger");
    const res = await h.add(basket.id, {
      productId: burger,
      amount: 1,
      price: 0.01,
      productPrice: 0.01,
      imageUrl: "https://evil.example/x.png",
      choices: await h.burgerBasics(burger),
    });
    expect(res.statusCode).toBe(200);
    const item = res.json().items[0];
    expect(item).toMatchObject({ price: 119, productPrice: 119, totalPrice: 119 });
    expect(item.imageUrl).not.toContain("evil");
    expect(res.json().totalPrice).toBe(119);
  });

  // Decision 007 (request leniency): these were 400 before; unknown fields are dropped and the echoed
  // fields the server computes itself are ignored whatever their value.
  test.each([
    ["an unknown field", { discount: 50 }],
    ["a negative price", { price: -10 }],
    ["an absurd price", { price: 1e30, productPrice: 1e30, totalPrice: -1 }],
    ["an oversized imageUrl", { imageUrl: "x".repeat(5000) }],
    ["prices as text and null", { price: "89,50", productPrice: null, name: 7, editingIsDisabled: "no" }],
  ])("ignores %s: the line is priced by the server", async (_name, extra) => {
    const basket = await h.newBasket();
    const burger = await h.productId("Classic burger");
    const choices = (await h.burgerBasics(burger)).map((choice) => ({ ...choice, id: 5, price: "x", name: null }));
    const res = await h.add(basket.id, { productId: burger, amount: 1, choices, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items[0]).toMatchObject({ price: 119, productPrice: 119, totalPrice: 119 });
  });

  test("includes choicesIncluded options and charges extras highest price first", async () => {
    const basket = await h.newBasket();
    const burger = await h.productId("Classic burger");
    const bun = await h.option(burger, "Vælg bolle", "Briochebolle");
    const fries = await h.option(burger, "Vælg tilbehør", "Pommes frites");
    // Sweet fries cost 10 kr. in this group (overwritePrice; 15 kr. on their own).
    const sweetFries = await h.option(burger, "Vælg tilbehør", "Søde kartoffelfritter");
    const bacon = await h.option(burger, "Ekstra", "Bacon");
    const body: Basket = (
      await h.add(basket.id, { productId: burger, amount: 2, choices: [bun, fries, sweetFries, bacon] })
    ).json();
    const item = body.items[0]!;
    // One side is included: of fries (0) and sweet fries (10) the dearer one is charged.
    expect(item.choices.map((c) => [c.choiceId, c.price])).toEqual([
      [bun.choiceId, 0],
      [fries.choiceId, 0],
      [sweetFries.choiceId, 10],
      [bacon.choiceId, 12],
    ]);
    expect(item).toMatchObject({ productPrice: 119, price: 141, totalPrice: 282, amount: 2 });
    expect(body.totalPrice).toBe(282);
  });

  test("charges a choice with a free amount only beyond freeAmount per product unit", async () => {
    const basket = await h.newBasket();
    const burger = await h.productId("Classic burger");
    // One ketchup per burger is free; two per burger on two burgers = 2 charged units.
    const ketchup = await h.option(burger, "Dip", "Ketchup", 2);
    const body: Basket = (
      await h.add(basket.id, { productId: burger, amount: 2, choices: [...(await h.burgerBasics(burger)), ketchup] })
    ).json();
    const item = body.items[0]!;
    expect(item.choices.find((c) => c.choiceId === ketchup.choiceId)).toMatchObject({ amount: 2, price: 5 });
    expect(item).toMatchObject({ price: 124, totalPrice: 248 });
  });

  test("uses a choice's overwritePrice in its group instead of its default price", async () => {
    const basket = await h.newBasket();
    const dips = await h.productId("Dips");
    // In the dips product truffle and chili mayo cost 5 kr. (default 10 kr.); one dip is included.
    const truffle = await h.option(dips, "Vælg dips", "Trøffelmayo");
    const chili = await h.option(dips, "Vælg dips", "Chilimayo");
    const item = (await h.added(basket.id, { productId: dips, amount: 1, choices: [truffle, chili] })).items[0]!;
    expect(item).toMatchObject({ productPrice: 10, price: 15, totalPrice: 15 });
    expect(item.choices.map((c) => c.price).sort()).toEqual([0, 5]);
  });

  test("charges the weekday sale price on sale days", async () => {
    const basket = await h.newBasket();
    const lunch = await h.productId("Frokostburger");
    const item = (await h.added(basket.id, { productId: lunch, amount: 2 })).items[0]!;
    expect(item).toMatchObject({ productPrice: 69, price: 69, totalPrice: 138 });
  });

  test("charges the normal price outside the sale days", async () => {
    clock.set(SATURDAY);
    const auth = await tokenOfA(); // the test app's tokens were issued on Monday and have expired
    const basket = await h.newBasket(auth);
    const lunch = await h.productId("Frokostburger");
    const item = (await h.add(basket.id, { productId: lunch, amount: 1 }, auth)).json().items[0];
    expect(item).toMatchObject({ productPrice: 89, price: 89, totalPrice: 89 });
  });

  test("merges the same product with the same choices into one line", async () => {
    const basket = await h.newBasket();
    const burger = await h.productId("Classic burger");
    const choices = await h.burgerBasics(burger);
    await h.added(basket.id, { productId: burger, amount: 1, choices });
    const body = await h.added(basket.id, { productId: burger, amount: 2, choices: [...choices].reverse() });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ amount: 3, totalPrice: 357 });
    expect(body.products).toEqual([{ id: body.items[0]!.id, productId: burger, count: 3 }]);
  });

  test("keeps the same product with other choices on its own line", async () => {
    const basket = await h.newBasket();
    const burger = await h.productId("Classic burger");
    await h.added(basket.id, { productId: burger, amount: 1, choices: await h.burgerBasics(burger) });
    const withBacon = [...(await h.burgerBasics(burger)), await h.option(burger, "Ekstra", "Bacon")];
    const body = await h.added(basket.id, { productId: burger, amount: 1, choices: withBacon });
    expect(body.items.map((item) => item.price)).toEqual([119, 131]);
    expect(body.totalPrice).toBe(250);
    expect(body.itemCount).toBe(2);
  });

  test("refuses a merge above 99 units with 422 AMOUNT_TOO_LARGE", async () => {
    const basket = await h.newBasket();
    const colaId = await cola();
    await h.added(basket.id, { productId: colaId, amount: 60 });
    const res = await h.add(basket.id, { productId: colaId, amount: 40 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("AMOUNT_TOO_LARGE");
    expect((await h.get(basket.id)).json().items[0].amount).toBe(60);
  });

  test("keeps the bag-fee product once, with amount 1 and editing disabled, after the other lines", async () => {
    const basket = await h.newBasket();
    const bag = await h.productId("Pose");
    await h.added(basket.id, { productId: bag, amount: 3 });
    await h.added(basket.id, { productId: await cola(), amount: 1 });
    const body = await h.added(basket.id, { productId: bag, amount: 1 });
    expect(body.items.map((item) => [item.productId, item.amount, item.editingIsDisabled])).toEqual([
      [await cola(), 1, false],
      [bag, 1, true],
    ]);
    expect(body.items[1]).toMatchObject({ price: 4, totalPrice: 4 });
  });

  test("allows a gift-card product", async () => {
    const basket = await h.newBasket();
    const giftcard = await h.productId("Gavekort 500 kr.");
    const item = (await h.added(basket.id, { productId: giftcard, amount: 1 })).items[0]!;
    expect(item).toMatchObject({ productId: giftcard, price: 500, totalPrice: 500 });
  });

  test("refuses a product sold only through an inactive or hidden module with 422 MODULE_UNAVAILABLE", async () => {
    const basket = await h.newBasket();
    const colaId = await cola();
    const moduleId = t.restaurantA.module.id;
    for (const hidden of [{ isActive: false }, { isVisible: false }]) {
      await t.db.update(schema.module).set(hidden).where(eq(schema.module.id, moduleId));
      const res = await h.add(basket.id, { productId: colaId, amount: 1 });
      await t.db.update(schema.module).set({ isActive: true, isVisible: true }).where(eq(schema.module.id, moduleId));
      expect(res.statusCode, JSON.stringify(hidden)).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ code: "MODULE_UNAVAILABLE", field: "moduleId" });
    }
    expect((await h.add(basket.id, { productId: colaId, amount: 1 })).statusCode).toBe(200);
  });

  test("sees a product or choice marked sold out, a price change and a sold-out mark taken back at the next change", async () => {
    // The catalogue facts a basket change prices from are kept in memory between changes (basket/repository.ts).
    const basket = await h.newBasket();
    const unit = t.restaurantA.module.productionUnitId;
    const colaId = await cola();
    const burger = await h.productId("Classic burger");
    const bun = await h.option(burger, "Vælg bolle", "Briochebolle");
    const side = await h.option(burger, "Vælg tilbehør", "Pommes frites");
    const cheddar = await h.option(burger, "Ekstra", "Ekstra cheddar");
    const burgerLine = { productId: burger, amount: 1, choices: [bun, side, cheddar] };
    expect((await h.add(basket.id, { productId: colaId, amount: 1 })).statusCode).toBe(200);
    expect((await h.add(basket.id, burgerLine)).statusCode).toBe(200);

    await t.db.insert(schema.blockedProduct).values({ productionUnitId: unit, productId: colaId });
    expect((await h.add(basket.id, { productId: colaId, amount: 1 })).json().errors[0].code).toBe("PRODUCT_BLOCKED");
    await t.db.delete(schema.blockedProduct).where(eq(schema.blockedProduct.productId, colaId));
    expect((await h.add(basket.id, { productId: colaId, amount: 1 })).statusCode).toBe(200);

    await t.db.insert(schema.blockedChoice).values({ productionUnitId: unit, choiceId: side.choiceId });
    expect((await h.add(basket.id, burgerLine)).json().errors[0].code).toBe("CHOICE_BLOCKED");
    await t.db.delete(schema.blockedChoice).where(eq(schema.blockedChoice.choiceId, side.choiceId));

    const [colaRow] = await t.db.select().from(schema.product).where(eq(schema.product.id, colaId));
    const [cheddarRow] = await t.db.select().from(schema.choice).where(eq(schema.choice.id, cheddar.choiceId));
    await t.db.update(schema.product).set({ priceMinor: 3_100 }).where(eq(schema.product.id, colaId));
    await t.db.update(schema.choice).set({ defaultPriceMinor: 1_500 }).where(eq(schema.choice.id, cheddar.choiceId));
    try {
      const other = await h.newBasket();
      const priced = (await h.added(other.id, { productId: colaId, amount: 1 })).items[0]!;
      expect(priced).toMatchObject({ productId: colaId, price: 31 });
      const burgerPriced = (await h.added(other.id, burgerLine)).items.find((item) => item.productId === burger)!;
      const cheddarPrice = burgerPriced.choices.find((choice) => choice.choiceId === cheddar.choiceId);
      expect(cheddarPrice).toMatchObject({ price: 15 });
    } finally {
      await t.db.update(schema.product).set({ priceMinor: colaRow!.priceMinor }).where(eq(schema.product.id, colaId));
      await t.db
        .update(schema.choice)
        .set({ defaultPriceMinor: cheddarRow!.defaultPriceMinor })
        .where(eq(schema.choice.id, cheddar.choiceId));
    }
  });

  test("refuses a blocked product with 409 PRODUCT_BLOCKED", async () => {
    const basket = await h.newBasket();
    const res = await h.add(basket.id, { productId: await h.productId("Milkshake jordbær"), amount: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("PRODUCT_BLOCKED");
  });

  test("refuses a blocked choice with 409 CHOICE_BLOCKED", async () => {
    const basket = await h.newBasket();
    const burger = await h.productId("Classic burger");
    const choices = [
      await h.option(burger, "Vælg bolle", "Briochebolle"),
      await h.option(burger, "Vælg tilbehør", "Løgringe"),
    ];
    const res = await h.add(basket.id, { productId: burger, amount: 1, choices });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("CHOICE_BLOCKED");
  });

  test("refuses a product priced 0 with 422 PRODUCT_NOT_FOR_SALE", async () => {
    const basket = await h.newBasket();
    const res = await h.add(basket.id, { productId: await h.productId("Bestik"), amount: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("PRODUCT_NOT_FOR_SALE");
  });

  test("refuses more choices than maxChoices with 422 TOO_MANY_CHOICES", async () => {
    const basket = await h.newBasket();
    const burger = await h.productId("Classic burger");
    const choices = [
      await h.option(burger, "Vælg bolle", "Briochebolle"),
      await h.option(burger, "Vælg bolle", "Glutenfri bolle"),
      await h.option(burger, "Vælg tilbehør", "Pommes frites"),
    ];
    const res = await h.add(basket.id, { productId: burger, amount: 1, choices });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { code: "TOO_MANY_CHOICES", message: expect.stringContaining("At most 1"), field: "choices" },
    ]);
  });

  test("refuses a product missing its included options with 422 TOO_FEW_CHOICES, every group listed", async () => {
    const basket = await h.newBasket();
    const burger = await h.productId("Classic burger");
    const res = await h.add(basket.id, { productId: burger, amount: 1, choices: [] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { code: string }) => e.code)).toEqual(["TOO_FEW_CHOICES", "TOO_FEW_CHOICES"]);
  });

  test("refuses a choice that is not an option of the product with 422", async () => {
    const basket = await h.newBasket();
    const burger = await h.productId("Classic burger");
    const caesar = await h.productId("Caesarsalat");
    const dressing = await h.option(caesar, "Dressing", "Caesardressing");
    const res = await h.add(basket.id, {
      productId: burger,
      amount: 1,
      choices: [...(await h.burgerBasics(burger)), dressing],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("UNKNOWN_MODIFIER");
  });

  test("refuses the same choice twice with 422 DUPLICATE_CHOICE", async () => {
    const basket = await h.newBasket();
    const burger = await h.productId("Classic burger");
    const bacon = await h.option(burger, "Ekstra", "Bacon");
    const res = await h.add(basket.id, {
      productId: burger,
      amount: 1,
      choices: [...(await h.burgerBasics(burger)), bacon, bacon],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("DUPLICATE_CHOICE");
  });

  test("is 404 for a product of another restaurant", async () => {
    const basket = await h.newBasket();
    const pizzaOfB = await h.productId("Margherita", t.restaurantB.module.productInstanceId);
    const res = await h.add(basket.id, { productId: pizzaOfB, amount: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [{ code: "NOT_FOUND", message: "Product not found" }] });
  });

  test("is 404 for an unknown product", async () => {
    const basket = await h.newBasket();
    const res = await h.add(basket.id, { productId: 2_000_000_000, amount: 1 });
    expect(res.statusCode).toBe(404);
  });

  test("is 404 for an unknown basket and for restaurant A's basket with B's token", async () => {
    const basket = await h.newBasket(A());
    const colaId = await cola();
    expect((await h.add(randomUUID(), { productId: colaId, amount: 1 })).statusCode).toBe(404);
    expect((await h.add(basket.id, { productId: colaId, amount: 1 }, B())).statusCode).toBe(404);
    expect((await h.get(basket.id)).json().items).toEqual([]);
  });

  test("is 410 BASKET_EXPIRED on an expired basket", async () => {
    const basket = await h.newBasket();
    clock.advanceMinutes(121);
    const res = await h.add(basket.id, { productId: await cola(), amount: 1 });
    expect(res.statusCode).toBe(410);
    expect(res.json().errors[0].code).toBe("BASKET_EXPIRED");
  });

  test("is 401 without a token", async () => {
    const basket = await h.newBasket();
    const res = await h.add(basket.id, { productId: await cola(), amount: 1 }, { authorization: "" });
    expect(res.statusCode).toBe(401);
  });

  describe("is 400 for a malformed body", () => {
    const cases: [string, (productId: number) => unknown][] = [
      ["amount 0", (productId) => ({ productId, amount: 0 })],
      ["amount 100", (productId) => ({ productId, amount: 100 })],
      ["negative amount", (productId) => ({ productId, amount: -1 })],
      ["fractional amount", (productId) => ({ productId, amount: 1.5 })],
      ["huge amount", (productId) => ({ productId, amount: 1e300 })],
      ["amount as a string", (productId) => ({ productId, amount: "1" })],
      ["missing amount", (productId) => ({ productId })],
      ["productId as a string", () => ({ productId: "abc", amount: 1 })],
      ["negative productId", () => ({ productId: -5, amount: 1 })],
      ["huge productId", () => ({ productId: 1e20, amount: 1 })],
      ["choices not a list", (productId) => ({ productId, amount: 1, choices: "all" })],
      [
        "choice amount 0",
        (productId) => ({ productId, amount: 1, choices: [{ choiceId: 1, modifierId: 1, amount: 0 }] }),
      ],
      [
        "choice amount 100",
        (productId) => ({ productId, amount: 1, choices: [{ choiceId: 1, modifierId: 1, amount: 100 }] }),
      ],
      [
        "too many choices",
        (productId) => ({
          productId,
          amount: 1,
          choices: Array.from({ length: 51 }, (_, i) => ({ choiceId: i + 1, modifierId: 1, amount: 1 })),
        }),
      ],
      ["an array body", () => [1, 2]],
      ["a null body", () => null],
    ];
    test.each(cases)("%s", async (_name, body) => {
      const basket = await h.newBasket();
      const res = await h.add(basket.id, body(await cola()));
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
    });

    test("invalid JSON", async () => {
      const basket = await h.newBasket();
      const res = await t.request({
        method: "POST",
        url: `/api/basket/${basket.id}/products`,
        headers: { ...A(), "content-type": "application/json" },
        payload: '{"productId": 1, "amount": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].code).toBe("INVALID_JSON");
    });
  });
});

describe("lines per basket", () => {
  /** Writes `lines` lines of Coca-Cola straight into the basket (as if added with different choices). */
  async function fillBasket(basketId: string, lines: number) {
    const colaId = await cola();
    await t.db.insert(schema.basketItem).values(
      Array.from({ length: lines }, () => ({
        basketId,
        productId: colaId,
        name: "Coca-Cola",
        amount: 1,
        productPriceMinor: 2500,
        priceMinor: 2500,
        totalPriceMinor: 2500,
      })),
    );
  }

  test("refuses a 51st line with 422 TOO_MANY_LINES", async () => {
    const basket = await h.newBasket();
    await fillBasket(basket.id, 49);
    const burger = await h.productId("Classic burger");
    await h.added(basket.id, { productId: burger, amount: 1, choices: await h.burgerBasics(burger) });
    const withBacon = [...(await h.burgerBasics(burger)), await h.option(burger, "Ekstra", "Bacon")];
    const res = await h.add(basket.id, { productId: burger, amount: 1, choices: withBacon });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      {
        code: "TOO_MANY_LINES",
        message: "A basket can hold at most 50 different lines; add to a line already in the basket or remove one",
      },
    ]);
    expect((await h.get(basket.id)).json().items).toHaveLength(50);
  });

  test("still adds to an existing line and adds the bag fee when the basket is full", async () => {
    const basket = await h.newBasket();
    await fillBasket(basket.id, 49);
    const burger = await h.productId("Classic burger");
    const choices = await h.burgerBasics(burger);
    await h.added(basket.id, { productId: burger, amount: 1, choices });
    const merged = await h.added(basket.id, { productId: burger, amount: 1, choices });
    expect(merged.items).toHaveLength(50);
    const withBag = await h.added(basket.id, { productId: await h.productId("Pose"), amount: 1 });
    expect(withBag.items).toHaveLength(51);
    expect(withBag.items.at(-1)?.editingIsDisabled).toBe(true);
  });
});

describe("a basket held by a checkout", () => {
  /** A checkout of restaurant A in `state` holding the basket (written straight into the database). */
  async function holdBasket(basketId: string, state: number) {
    const { module } = t.restaurantA;
    await t.db.insert(schema.checkout).values({
      productionUnitId: module.productionUnitId,
      moduleId: module.id,
      checkoutInstanceId: module.checkoutInstanceId,
      basketId,
      state,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
  }

  async function basketWithCola() {
    const basket = await h.newBasket();
    const colaId = await cola();
    const item = (await h.added(basket.id, { productId: colaId, amount: 1 })).items[0]!;
    return { basket, colaId, item };
  }

  test("refuses every change to an ordered basket with 409 BASKET_ORDERED", async () => {
    const { basket, colaId, item } = await basketWithCola();
    await holdBasket(basket.id, CheckoutState.DONE);
    const answers = [
      await h.add(basket.id, { productId: colaId, amount: 1 }),
      await h.put(basket.id, item.id, { productId: colaId, amount: 2 }),
      await h.remove(basket.id, item.id),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual([
        {
          code: "BASKET_ORDERED",
          message: "This basket has already been ordered; start a new basket for a new order",
        },
      ]);
    }
    expect((await h.get(basket.id)).json().items).toEqual([expect.objectContaining({ id: item.id, amount: 1 })]);
  });

  test("refuses changes while the basket is being paid for with 409 BASKET_LOCKED", async () => {
    const { basket, colaId } = await basketWithCola();
    await holdBasket(basket.id, CheckoutState.PENDING);
    const res = await h.add(basket.id, { productId: colaId, amount: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toEqual({
      code: "BASKET_LOCKED",
      message: "The basket is being paid for; cancel the payment to change it",
    });
  });

  test("allows changes again once its checkout ended in ERROR", async () => {
    const { basket, colaId } = await basketWithCola();
    await holdBasket(basket.id, CheckoutState.ERROR);
    expect((await h.add(basket.id, { productId: colaId, amount: 1 })).statusCode).toBe(200);
  });
});

describe("PUT /api/basket/:id/products/:itemId", () => {
  async function basketWithBurger() {
    const basket = await h.newBasket();
    const burger = await h.productId("Classic burger");
    const body = await h.added(basket.id, { productId: burger, amount: 1, choices: await h.burgerBasics(burger) });
    return { basket, burger, item: body.items[0]! };
  }

  test("changes the amount and choices and re-prices the line", async () => {
    const { basket, burger, item } = await basketWithBurger();
    const choices = [...(await h.burgerBasics(burger)), await h.option(burger, "Ekstra", "Ekstra cheddar", 2)];
    const res = await h.put(basket.id, item.id, { productId: burger, amount: 3, choices });
    expect(res.statusCode).toBe(200);
    const body: Basket = res.json();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ id: item.id, amount: 3, productPrice: 119, price: 135, totalPrice: 405 });
    expect(body.totalPrice).toBe(405);
    expect(body.products).toEqual([{ id: item.id, productId: burger, count: 3 }]);
  });

  test("accepts the full item as answered, ignoring echoed ids, names and prices", async () => {
    const { basket, item } = await basketWithBurger();
    const echoed = { ...item, amount: 2, price: 0.01, productPrice: 0.01, totalPrice: 0.02, name: "Free burger" };
    echoed.choices = item.choices.map((c) => ({ ...c, price: 0 }));
    const res = await h.put(basket.id, item.id, echoed);
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ name: "Classic burger", amount: 2, price: 119, totalPrice: 238 });
  });

  test("refuses options that break the product's rules with 422", async () => {
    const { basket, burger, item } = await basketWithBurger();
    const res = await h.put(basket.id, item.id, { productId: burger, amount: 1, choices: [] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("TOO_FEW_CHOICES");
    expect((await h.get(basket.id)).json().items[0].choices).toHaveLength(2);
  });

  test("refuses another productId with 422 PRODUCT_MISMATCH", async () => {
    const { basket, item } = await basketWithBurger();
    const res = await h.put(basket.id, item.id, { productId: await cola(), amount: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("PRODUCT_MISMATCH");
  });

  test("refuses to change the bag-fee line with 409 EDITING_DISABLED", async () => {
    const basket = await h.newBasket();
    const bag = await h.productId("Pose");
    const item = (await h.added(basket.id, { productId: bag, amount: 1 })).items[0]!;
    const res = await h.put(basket.id, item.id, { productId: bag, amount: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("EDITING_DISABLED");
  });

  test("is 404 for an unknown item in the basket", async () => {
    const { basket, burger } = await basketWithBurger();
    const res = await h.put(basket.id, randomUUID(), { productId: burger, amount: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].message).toBe("Basket item not found");
  });

  test("is 404 for an item of another basket", async () => {
    const { burger, item } = await basketWithBurger();
    const other = await h.newBasket();
    const res = await h.put(other.id, item.id, { productId: burger, amount: 1, choices: await h.burgerBasics(burger) });
    expect(res.statusCode).toBe(404);
  });

  test("is 404 for restaurant A's basket with B's token", async () => {
    const { basket, burger, item } = await basketWithBurger();
    const res = await h.put(basket.id, item.id, { productId: burger, amount: 2 }, B());
    expect(res.statusCode).toBe(404);
  });

  test("is 410 BASKET_EXPIRED on an expired basket", async () => {
    const { basket, burger, item } = await basketWithBurger();
    clock.advanceMinutes(121);
    const res = await h.put(basket.id, item.id, {
      productId: burger,
      amount: 2,
      choices: await h.burgerBasics(burger),
    });
    expect(res.statusCode).toBe(410);
  });

  test("is 400 for amount 0 or 100 or a bad itemId", async () => {
    const { basket, burger, item } = await basketWithBurger();
    for (const [itemId, body] of [
      [item.id, { productId: burger, amount: 0 }],
      [item.id, { productId: burger, amount: 100 }],
      ["not-a-uuid", { productId: burger, amount: 1 }],
    ] as const) {
      const res = await h.put(basket.id, itemId, body);
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
    }
  });

  test("ignores an unknown field (was 400 before decision 007)", async () => {
    const { basket, burger, item } = await basketWithBurger();
    const res = await h.put(basket.id, item.id, {
      productId: burger,
      amount: 1,
      choices: await h.burgerBasics(burger),
      hack: true,
    });
    expect(res.statusCode).toBe(200);
  });

  test("takes back the item exactly as GET /basket/{id} answered it, with a new amount", async () => {
    const { basket, item } = await basketWithBurger();
    const read: Basket = (await h.get(basket.id)).json();
    const res = await h.put(basket.id, item.id, { ...read.items[0], amount: 2 });
    expect(res.statusCode, res.body).toBe(200);
    // The line's choices are written anew, so they get new ids; everything else is the line as read.
    const withoutChoiceIds = (line: Basket["items"][number]) => ({
      ...line,
      choices: line.choices.map(({ id: _id, ...choice }) => choice),
    });
    const [changed] = res.json<Basket>().items;
    expect(withoutChoiceIds(changed!)).toEqual(
      withoutChoiceIds({ ...read.items[0]!, amount: 2, totalPrice: read.items[0]!.price * 2 }),
    );
  });

  test("is 401 without a token", async () => {
    const { basket, burger, item } = await basketWithBurger();
    const res = await h.put(basket.id, item.id, { productId: burger, amount: 2 }, { authorization: "Bearer x" });
    expect(res.statusCode).toBe(401);
  });
});

describe("DELETE /api/basket/:id/products/:itemId", () => {
  test("removes the line and answers the basket without it", async () => {
    const basket = await h.newBasket();
    const colaId = await cola();
    await h.added(basket.id, { productId: colaId, amount: 2 });
    const body = await h.added(basket.id, { productId: await h.productId("Brownie"), amount: 1 });
    const colaLine = body.items.find((item) => item.productId === colaId)!;
    const res = await h.remove(basket.id, colaLine.id);
    expect(res.statusCode).toBe(200);
    const after: Basket = res.json();
    expect(after.items.map((item) => item.name)).toEqual(["Brownie"]);
    expect(after).toMatchObject({ totalPrice: 45, itemCount: 1 });
    expect((await h.get(basket.id)).json()).toEqual(after);
  });

  test("removes the bag-fee line", async () => {
    const basket = await h.newBasket();
    const item = (await h.added(basket.id, { productId: await h.productId("Pose"), amount: 1 })).items[0]!;
    const res = await h.remove(basket.id, item.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([]);
  });

  test("is 404 for an unknown item and for a line removed already", async () => {
    const basket = await h.newBasket();
    const item = (await h.added(basket.id, { productId: await cola(), amount: 1 })).items[0]!;
    expect((await h.remove(basket.id, randomUUID())).statusCode).toBe(404);
    expect((await h.remove(basket.id, item.id)).statusCode).toBe(200);
    expect((await h.remove(basket.id, item.id)).statusCode).toBe(404);
  });

  test("is 404 for restaurant A's basket with B's token, and leaves the line", async () => {
    const basket = await h.newBasket();
    const item = (await h.added(basket.id, { productId: await cola(), amount: 1 })).items[0]!;
    expect((await h.remove(basket.id, item.id, B())).statusCode).toBe(404);
    expect((await h.get(basket.id)).json().items).toHaveLength(1);
  });

  test("is 410 BASKET_EXPIRED on an expired basket", async () => {
    const basket = await h.newBasket();
    const item = (await h.added(basket.id, { productId: await cola(), amount: 1 })).items[0]!;
    clock.advanceMinutes(121);
    const res = await h.remove(basket.id, item.id);
    expect(res.statusCode).toBe(410);
    expect(res.json().errors[0].code).toBe("BASKET_EXPIRED");
  });

  test("is 400 for ids that are not UUIDs and 401 without a token", async () => {
    const basket = await h.newBasket();
    expect((await h.remove(basket.id, "1")).statusCode).toBe(400);
    expect((await h.remove(basket.id, randomUUID(), { authorization: "" })).statusCode).toBe(401);
  });
});

describe("OpenAPI", () => {
  test("documents every basket call and describes the line prices", async () => {
    const res = await t.request({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/basket",
        "/api/basket/{id}",
        "/api/basket/{id}/products",
        "/api/basket/{id}/products/{itemId}",
      ]),
    );
    const item = doc.components.schemas.BasketItem.properties;
    expect(item.productPrice.description).toMatch(/unit price today/);
    expect(item.price.description).toMatch(/chosen options as charged/);
    expect(item.totalPrice.description).toMatch(/price × amount/);
  });
});
