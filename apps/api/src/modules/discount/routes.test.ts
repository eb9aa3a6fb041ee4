import { schema } from "@app/db";
import { and, eq } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { CheckoutState } from "@app/domain";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { basketHelpers } from "../../testing/basket-helpers";
import {
  checkoutWithBasket,
  createCheckout,
  insertBasket,
  insertLine,
  type Line,
  productId,
  setCheckoutState,
} from "../../testing/checkout-fixtures";
import { createTestApp, type DemoRestaurant, type TestApp, useTestApp } from "../../testing/test-app";

const { t, clock } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen

// Restaurant A's codes: SOMMER10 10 % from 100 kr; FAST50 50 kr from 200 kr (limit 100 uses);
// VINTER20 expired; BURGER15 15 % on burgers only. smorrebrod 79 kr, salat 45, club-sandwich 95,
// classic-burger 119, lunch-burger 89 (69 Monday–Thursday).
const A = () => t.restaurantA;
const B = () => t.restaurantB;

async function validateBasket(code: string, lines: Line[], restaurant: DemoRestaurant = A()) {
  const basketId = await insertBasket(t, restaurant, lines);
  return validate({ discountCode: code, basketId }, restaurant);
}

function validate(payload: object, restaurant: DemoRestaurant = A(), query?: string) {
  const { discountInstanceId, id } = restaurant.module;
  return t.request({
    method: "POST",
    url: `/api/discount/validate?${query ?? `instanceId=${discountInstanceId}&moduleId=${id}`}`,
    headers: restaurant.auth,
    payload,
  });
}

async function setCode(code: string, changes: Partial<typeof schema.discountCode.$inferInsert>) {
  await t.db
    .update(schema.discountCode)
    .set(changes)
    .where(
      and(
        eq(schema.discountCode.code, code),
        eq(schema.discountCode.discountInstanceId, A().module.discountInstanceId!),
      ),
    );
}

describe("POST /api/discount/validate", () => {
  test("takes a percentage off the basket", async () => {
    const res = await validateBasket("SOMMER10", [{ product: "smorrebrod", amount: 2 }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sumDiscount: 15.8, discountCode: "SOMMER10" });
  });

  test("takes a fixed amount off the basket", async () => {
    const res = await validateBasket("FAST50", [{ product: "club-sandwich", amount: 3 }]);
    expect(res.json()).toEqual({ sumDiscount: 50, discountCode: "FAST50" });
  });

  test("matches codes case-insensitively", async () => {
    const res = await validateBasket(" sommer10 ", [{ product: "smorrebrod", amount: 2 }]);
    expect(res.json().discountCode).toBe("SOMMER10");
  });

  test("is Discount.NoValue below the code's minimum basket", async () => {
    const res = await validateBasket("FAST50", [{ product: "club-sandwich", amount: 2 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      {
        code: "Discount.NoValue",
        message: "The discount code gives no discount on this order: the basket is below the code's minimum",
        field: "discountCode",
      },
    ]);
  });

  test("leaves gift-card products and the bag fee out of a percentage", async () => {
    const res = await validateBasket("SOMMER10", [
      { product: "smorrebrod", amount: 2 },
      { product: "giftcard-500", amount: 1 },
      { product: "bagfee", amount: 1 },
    ]);
    expect(res.json()).toEqual({ sumDiscount: 15.8, discountCode: "SOMMER10" }); // 10 % of 158, not of 662
  });

  test("does not let a gift card or the bag fee reach the minimum basket", async () => {
    const res = await validateBasket("FAST50", [
      { product: "club-sandwich", amount: 2 },
      { product: "giftcard-250", amount: 1 },
      { product: "bagfee", amount: 1 },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("Discount.NoValue"); // 190 kr of food, below 200
  });

  test("does not discount a gift card sent as items", async () => {
    const [giftcard, smorrebrod] = [await productId(t, A(), "giftcard-500"), await productId(t, A(), "smorrebrod")];
    const res = await validate({
      discountCode: "SOMMER10",
      items: [
        { productId: giftcard, amount: 1 },
        { productId: smorrebrod, amount: 2 },
      ],
    });
    expect(res.json().sumDiscount).toBe(15.8);
  });

  test("is Discount.NoValue, not valid for the chosen items, for a basket of only a gift card (worth nothing on it)", async () => {
    const res = await validateBasket("SOMMER10", [{ product: "giftcard-500", amount: 1 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      code: "Discount.NoValue",
      message: "The discount code is not valid for the chosen items",
    });
  });

  test("is Discount.Invalid for an expired code", async () => {
    const res = await validateBasket("VINTER20", [{ product: "smorrebrod", amount: 2 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ code: "Discount.Invalid", message: "The discount code is invalid" });
  });

  test("is Discount.Invalid for an unknown code", async () => {
    const res = await validateBasket("NOPE", [{ product: "smorrebrod", amount: 2 }]);
    expect(res.json().errors[0].code).toBe("Discount.Invalid");
  });

  test("is Discount.Invalid for another restaurant's code", async () => {
    const res = await validateBasket("PIZZA10", [{ product: "smorrebrod", amount: 2 }]);
    expect(res.json().errors[0].code).toBe("Discount.Invalid");
  });

  test("is Discount.Invalid for an inactive code", async () => {
    await setCode("SOMMER10", { isActive: false });
    const res = await validateBasket("SOMMER10", [{ product: "smorrebrod", amount: 2 }]);
    await setCode("SOMMER10", { isActive: true });
    expect(res.json().errors[0].code).toBe("Discount.Invalid");
  });

  test("is Discount.Invalid once the usage limit is reached", async () => {
    await setCode("FAST50", { usageCount: 100 });
    const res = await validateBasket("FAST50", [{ product: "club-sandwich", amount: 3 }]);
    await setCode("FAST50", { usageCount: 0 });
    expect(res.json().errors[0].code).toBe("Discount.Invalid");
  });

  test("applies a product-restricted code to its products only", async () => {
    const res = await validateBasket("BURGER15", [
      { product: "classic-burger", amount: 1 },
      { product: "salat", amount: 1 },
    ]);
    expect(res.json().sumDiscount).toBe(17.85);
  });

  test("is Discount.NoValue, not valid for the chosen items, when none of the code's products is in the basket (SPEC: zero value)", async () => {
    const res = await validateBasket("BURGER15", [{ product: "salat", amount: 2 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toEqual({
      code: "Discount.NoValue",
      message: "The discount code is not valid for the chosen items",
      field: "discountCode",
    });
  });

  test("prices items server-side at today's price, ignoring the client's totalPrice", async () => {
    const lunch = await productId(t, A(), "lunch-burger");
    const res = await validate({
      discountCode: "SOMMER10",
      items: [{ productId: lunch, amount: 2, totalPrice: 9999 }],
    });
    expect(res.json().sumDiscount).toBe(13.8); // Monday sale price 69 kr × 2
  });

  test("is 404 for an item of another restaurant's catalogue", async () => {
    const pizza = (
      await t.db.select().from(schema.product).where(eq(schema.product.productInstanceId, B().module.productInstanceId))
    )[0]!;
    const res = await validate({ discountCode: "SOMMER10", items: [{ productId: pizza.id, amount: 1 }] });
    expect(res.statusCode).toBe(404);
  });

  test("is 404 for another restaurant's basket or discount instance", async () => {
    const basketId = await insertBasket(t, B(), [{ product: "bagfee", amount: 1 }]);
    expect((await validate({ discountCode: "SOMMER10", basketId })).statusCode).toBe(404);
    const query = `instanceId=${B().module.discountInstanceId}&moduleId=${A().module.id}`;
    expect((await validate({ discountCode: "SOMMER10", items: [] }, A(), query)).statusCode).toBe(404);
  });

  test("is 410 for an expired basket", async () => {
    const basketId = await insertBasket(
      t,
      A(),
      [{ product: "smorrebrod", amount: 2 }],
      new Date("2026-11-23T07:00:00Z"),
    );
    expect((await validate({ discountCode: "SOMMER10", basketId })).statusCode).toBe(410);
  });

  test("is 422 DISCOUNT_DISABLED when the checkout instance has discounts off", async () => {
    const id = B().module.checkoutInstanceId;
    await t.db
      .update(schema.checkoutInstance)
      .set({ isDiscountEnabled: false })
      .where(eq(schema.checkoutInstance.id, id));
    const res = await validateBasket("PIZZA10", [{ product: "bagfee", amount: 1 }], B());
    await t.db
      .update(schema.checkoutInstance)
      .set({ isDiscountEnabled: true })
      .where(eq(schema.checkoutInstance.id, id));
    expect(res.json().errors[0].code).toBe("DISCOUNT_DISABLED");
  });

  test("is 400 for a malformed body", async () => {
    expect((await validate({ discountCode: "SOMMER10" })).statusCode).toBe(400);
    expect((await validate({ discountCode: "SOMMER10", items: [{ productId: 1, amount: 0 }] })).statusCode).toBe(400);
    expect((await validate({ discountCode: "SOMMER10", basketId: "nope" })).statusCode).toBe(400);
    expect((await validate({ discountCode: "SOMMER10\u0000", items: [] })).statusCode).toBe(400);
  });

  test("an empty code is refused like an unknown one, not as malformed (decision 013: nothing tells them apart)", async () => {
    const empty = await validate({ discountCode: " ", items: [] });
    const unknown = await validate({ discountCode: "NOPE", items: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual(unknown.json());
  });

  test("ignores an unknown field: the same answer as without it (was 400 before decision 007)", async () => {
    const without = await validate({ discountCode: "SOMMER10", items: [] });
    const res = await validate({ discountCode: "SOMMER10", items: [], extra: 1 });
    expect(res.statusCode).toBe(without.statusCode);
    expect(res.json()).toEqual(without.json());
  });

  test("is 401 without a token", async () => {
    const { discountInstanceId, id } = A().module;
    const res = await t.request({
      method: "POST",
      url: `/api/discount/validate?instanceId=${discountInstanceId}&moduleId=${id}`,
      payload: { discountCode: "SOMMER10", items: [] },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe.each(await testDbKinds())("POST /api/discount/validate, items with options, on %s", (kind) => {
  let app: TestApp;
  const h = basketHelpers(() => app);
  beforeAll(async () => {
    app = await createTestApp({ kind, clock });
  });
  afterAll(() => app?.close());

  const a = () => app.restaurantA;
  const validateItems = (items: unknown[], discountCode = "SOMMER10") =>
    app.request({
      method: "POST",
      url: `/api/discount/validate?instanceId=${a().module.discountInstanceId}&moduleId=${a().module.id}`,
      headers: a().auth,
      payload: { discountCode, items },
    });

  /** A classic burger (119) with brioche bun and fries (included), sweet fries (10) and bacon (12): 141 kr. */
  async function burgerWithPaidOptions() {
    const burger = await h.productId("Classic burger");
    return {
      burger,
      choices: [
        ...(await h.burgerBasics(burger)),
        await h.option(burger, "Vælg tilbehør", "Søde kartoffelfritter"),
        await h.option(burger, "Ekstra", "Bacon"),
      ],
    };
  }

  test("prices the basket's items as read with their paid options: the figure by basketId and the checkout's", async () => {
    const { burger, choices } = await burgerWithPaidOptions();
    const basket = await h.newBasket();
    await h.added(basket.id, { productId: burger, amount: 1, choices });
    const read = (await h.get(basket.id)).json<{ items: unknown[]; totalPrice: number }>();
    expect(read.totalPrice).toBe(141);

    const byItems = await validateItems(read.items);
    expect(byItems.statusCode, byItems.body).toBe(200);
    expect(byItems.json()).toEqual({ sumDiscount: 14.1, discountCode: "SOMMER10" }); // was 11.9: 10 % of 119
    const byBasket = await app.request({
      method: "POST",
      url: `/api/discount/validate?instanceId=${a().module.discountInstanceId}&moduleId=${a().module.id}`,
      headers: a().auth,
      payload: { discountCode: "SOMMER10", basketId: basket.id },
    });
    expect(byBasket.json()).toEqual(byItems.json());

    const checkout = await app.request({
      method: "POST",
      url: `/api/checkout?instanceId=${a().module.checkoutInstanceId}&moduleId=${a().module.id}`,
      headers: a().auth,
    });
    const checkoutId = checkout.json().id;
    const linked = await app.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/basket?basketId=${basket.id}`,
      headers: a().auth,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const applied = await app.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/discount`,
      headers: a().auth,
      payload: { discountCode: "SOMMER10" },
    });
    expect(applied.json().discounts[0].amount).toBe(byItems.json().sumDiscount);
  });

  test("ignores the client's prices, names and ids, of the line and of its choices", async () => {
    const { burger, choices } = await burgerWithPaidOptions();
    const echoed = choices.map((choice) => ({ ...choice, id: 7, name: null, price: 9999 }));
    const res = await validateItems([
      { productId: burger, amount: 2, price: 1, productPrice: "x", totalPrice: -5, name: 3, choices: echoed },
    ]);
    expect(res.json()).toEqual({ sumDiscount: 28.2, discountCode: "SOMMER10" }); // 10 % of 141 × 2
  });

  test("prices a free amount and included choices as the basket does", async () => {
    const burger = await h.productId("Classic burger");
    // One ketchup per burger is free: two per burger on two burgers = 2 charged units of 5 kr.
    const choices = [...(await h.burgerBasics(burger)), await h.option(burger, "Dip", "Ketchup", 2)];
    const basket = await h.added((await h.newBasket()).id, { productId: burger, amount: 2, choices });
    expect(basket.totalPrice).toBe(248);
    expect((await validateItems(basket.items)).json().sumDiscount).toBe(24.8);
  });

  test("refuses an unknown choice as adding the line to a basket does: 422 UNKNOWN_CHOICE", async () => {
    const burger = await h.productId("Classic burger");
    const [bun, fries] = await h.burgerBasics(burger);
    const choices = [bun!, { ...fries!, choiceId: 999_999 }];
    const basketAnswer = await h.add((await h.newBasket()).id, { productId: burger, amount: 1, choices });
    const res = await validateItems([{ productId: burger, amount: 1, choices }]);
    expect(res.statusCode).toBe(basketAnswer.statusCode);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(
      basketAnswer.json().errors.map((error: { field: string }) => ({ ...error, field: "items.0.choices" })),
    );
    expect(res.json().errors[0].code).toBe("UNKNOWN_CHOICE");
  });

  test("refuses an invalid combination as the basket does: 422 TOO_MANY_CHOICES, not priced without a choice", async () => {
    const burger = await h.productId("Classic burger");
    const choices = [
      ...(await h.burgerBasics(burger)),
      await h.option(burger, "Vælg bolle", "Glutenfri bolle"), // a second bun; the group takes one
    ];
    const salat = await h.productId("Salat");
    const res = await validateItems([
      { productId: salat, amount: 3 },
      { productId: burger, amount: 1, choices },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { code: "TOO_MANY_CHOICES", message: expect.stringContaining("At most 1"), field: "items.1.choices" },
    ]);
  });

  test("refuses a sold-out choice as the basket does: 409 CHOICE_BLOCKED", async () => {
    const burger = await h.productId("Classic burger");
    const choices = [
      await h.option(burger, "Vælg bolle", "Briochebolle"),
      await h.option(burger, "Vælg tilbehør", "Løgringe"),
    ];
    const res = await validateItems([{ productId: burger, amount: 1, choices }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toMatchObject({ code: "CHOICE_BLOCKED", field: "items.0" });
  });

  test("is 404 for a product of another restaurant sent with choices", async () => {
    const burger = await h.productId("Classic burger");
    const pizzaOfB = await h.productId("Margherita", app.restaurantB.module.productInstanceId);
    const res = await validateItems([{ productId: pizzaOfB, amount: 1, choices: await h.burgerBasics(burger) }]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [{ code: "NOT_FOUND", message: "Product not found" }] });
  });

  test("is 400 for a malformed choice", async () => {
    const burger = await h.productId("Classic burger");
    const [bun] = await h.burgerBasics(burger);
    for (const choice of [{ ...bun, amount: 0 }, { ...bun, choiceId: "x" }, { amount: 1 }]) {
      const res = await validateItems([{ productId: burger, amount: 1, choices: [choice] }]);
      expect(res.statusCode, JSON.stringify(choice)).toBe(400);
      expect(res.json().errors[0].code).toBe("Input.Invalid");
    }
  });
});

describe("POST /api/checkout/:id/discount", () => {
  const apply = (checkoutId: string, discountCode: string, restaurant: DemoRestaurant = A()) =>
    t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/discount`,
      headers: restaurant.auth,
      payload: { discountCode },
    });
  const read = async (checkoutId: string) =>
    (await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: A().auth })).json();

  test("applies the code to the linked basket", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    const res = await apply(checkoutId, "sommer10");
    expect(res.statusCode).toBe(200);
    expect(res.json().discounts).toEqual([{ id: expect.any(String), discountCode: "SOMMER10", amount: 15.8 }]);
    expect(res.json().totals).toMatchObject({ basketTotal: 158, discount: 15.8, total: 142.2, totalLeft: 142.2 });
  });

  test("replaces a discount applied before", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "club-sandwich", amount: 3 }]);
    await apply(checkoutId, "SOMMER10");
    const res = await apply(checkoutId, "FAST50");
    expect(res.json().discounts).toEqual([{ id: expect.any(String), discountCode: "FAST50", amount: 50 }]);
  });

  test("is recomputed when the basket grows", async () => {
    const { checkoutId, basketId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    await apply(checkoutId, "SOMMER10");
    await insertLine(t, A(), basketId, { product: "salat", amount: 1 });
    expect((await read(checkoutId)).discounts[0].amount).toBe(20.3);
  });

  test("is dropped when the basket no longer reaches the minimum", async () => {
    const { checkoutId, basketId } = await checkoutWithBasket(t, A(), [
      { product: "smorrebrod", amount: 1 },
      { product: "salat", amount: 1 },
    ]);
    await apply(checkoutId, "SOMMER10");
    const salat = await productId(t, A(), "salat");
    await t.db
      .delete(schema.basketItem)
      .where(and(eq(schema.basketItem.basketId, basketId), eq(schema.basketItem.productId, salat)));
    const checkout = await read(checkoutId);
    expect(checkout.discounts).toEqual([]);
    expect(checkout.totals).toMatchObject({ discount: 0, total: 79 });
  });

  test("leaves a gift card added to the basket later out of the recomputed amount", async () => {
    const { checkoutId, basketId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    await apply(checkoutId, "SOMMER10");
    await insertLine(t, A(), basketId, { product: "giftcard-500", amount: 1 });
    const checkout = await read(checkoutId);
    expect(checkout.discounts[0].amount).toBe(15.8);
    expect(checkout.totals).toMatchObject({ basketTotal: 658, discount: 15.8, total: 642.2 });
  });

  test("keeps its amount once payment has started", async () => {
    const { checkoutId, basketId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    await apply(checkoutId, "SOMMER10");
    await setCheckoutState(t, checkoutId, CheckoutState.PENDING);
    await t.db.delete(schema.basketItem).where(eq(schema.basketItem.basketId, basketId));
    expect((await read(checkoutId)).discounts[0].amount).toBe(15.8);
  });

  test("is 422 with the rule's code when the code does not apply", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 1 }]);
    expect((await apply(checkoutId, "VINTER20")).json().errors[0].code).toBe("Discount.Invalid");
    expect((await apply(checkoutId, "SOMMER10")).json().errors[0].code).toBe("Discount.NoValue");
    expect((await apply(checkoutId, "BURGER15")).json().errors[0]).toMatchObject({
      code: "Discount.NoValue",
      message: "The discount code is not valid for the chosen items",
    });
  });

  test("is Discount.NoValue without a basket", async () => {
    const checkoutId = await createCheckout(t, A());
    expect((await apply(checkoutId, "BURGER15")).json().errors[0].code).toBe("Discount.NoValue");
  });

  test("is 409 on a checkout that is not open, 404 for another restaurant's, 400 malformed", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    expect((await apply(checkoutId, "SOMMER10", B())).statusCode).toBe(404);
    const bad = await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/discount`,
      headers: A().auth,
      payload: { code: "SOMMER10" },
    });
    expect(bad.statusCode).toBe(400);
    await setCheckoutState(t, checkoutId, CheckoutState.DONE);
    const res = await apply(checkoutId, "SOMMER10");
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("CHECKOUT_NOT_OPEN");
  });
});

describe("DELETE /api/checkout/:id/discount/:discountId", () => {
  test("removes the discount", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    const applied = await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/discount`,
      headers: A().auth,
      payload: { discountCode: "SOMMER10" },
    });
    const discountId = applied.json().discounts[0].id;
    const res = await t.request({
      method: "DELETE",
      url: `/api/checkout/${checkoutId}/discount/${discountId}`,
      headers: A().auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().discounts).toEqual([]);
    expect(res.json().totals.total).toBe(158);
  });

  test("is 404 for an unknown discount and 409 when not open", async () => {
    const checkoutId = await createCheckout(t, A());
    const url = `/api/checkout/${checkoutId}/discount/00000000-0000-4000-8000-000000000000`;
    expect((await t.request({ method: "DELETE", url, headers: A().auth })).statusCode).toBe(404);
    await setCheckoutState(t, checkoutId, CheckoutState.PENDING);
    expect((await t.request({ method: "DELETE", url, headers: A().auth })).statusCode).toBe(409);
  });
});
