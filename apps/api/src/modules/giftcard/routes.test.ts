import { schema } from "@app/db";
import { and, eq } from "@app/db/orm";
import { CheckoutState } from "@app/domain";
import { describe, expect, test } from "vitest";
import {
  checkoutWithBasket,
  createCheckout,
  insertLine,
  productId,
  setCheckoutState,
} from "../../testing/checkout-fixtures";
import { type DemoRestaurant, useTestApp } from "../../testing/test-app";

const { t } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen

// Restaurant A's gift cards: GAVE-500 (500 kr), GAVE-100 (100 kr). smorrebrod 79 kr.
const A = () => t.restaurantA;
const B = () => t.restaurantB;

const amountUrl = (code: string, restaurant: DemoRestaurant = A()) =>
  `/api/giftcard/${restaurant.module.giftcardInstanceId}/${encodeURIComponent(code)}/amount`;

const apply = (checkoutId: string, payload: object, restaurant: DemoRestaurant = A()) =>
  t.request({ method: "POST", url: `/api/checkout/${checkoutId}/giftcard`, headers: restaurant.auth, payload });

async function setGiftcardEnabled(restaurant: DemoRestaurant, isGiftcardEnabled: boolean) {
  await t.db
    .update(schema.checkoutInstance)
    .set({ isGiftcardEnabled })
    .where(eq(schema.checkoutInstance.id, restaurant.module.checkoutInstanceId));
}

describe("GET /api/giftcard/:instanceId/:code/amount", () => {
  test("answers the balance as a bare JSON number in DKK (SPEC §7: the response is the amount)", async () => {
    const res = await t.request({ method: "GET", url: amountUrl("GAVE-500"), headers: A().auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body).toBe("500");
    expect(res.json()).toBe(500);
  });

  test("answers øre as decimals", async () => {
    await t.db.insert(schema.giftcard).values({
      giftcardInstanceId: A().module.giftcardInstanceId!,
      code: "GAVE-HALF",
      balanceMinor: 8950,
      validUntil: null,
    });
    const res = await t.request({ method: "GET", url: amountUrl("GAVE-HALF"), headers: A().auth });
    expect(res.body).toBe("89.5");
  });

  test("matches codes case-insensitively and ignoring surrounding space", async () => {
    for (const code of ["gave-100", " Gave-100 "]) {
      const res = await t.request({ method: "GET", url: amountUrl(code), headers: A().auth });
      expect(res.json(), code).toBe(100);
    }
  });

  test("is 422 Giftcard.Generic for an unknown code", async () => {
    const res = await t.request({ method: "GET", url: amountUrl("GAVE-999"), headers: A().auth });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { code: "Giftcard.Generic", message: "We could not verify the gift card", field: "giftcardCode" },
    ]);
  });

  test("is 422 Giftcard.Generic for an expired card", async () => {
    await t.db.insert(schema.giftcard).values({
      giftcardInstanceId: A().module.giftcardInstanceId!,
      code: "GAVE-OLD",
      balanceMinor: 5000,
      validUntil: new Date("2026-01-01T00:00:00Z"),
    });
    const res = await t.request({ method: "GET", url: amountUrl("GAVE-OLD"), headers: A().auth });
    expect(res.json().errors[0].code).toBe("Giftcard.Generic");
  });

  test("is 422 Giftcard.Generic for another restaurant's card", async () => {
    const res = await t.request({ method: "GET", url: amountUrl("GAVE-250"), headers: A().auth });
    expect(res.json().errors[0].code).toBe("Giftcard.Generic");
  });

  test("is 404 for another restaurant's instance, 400 malformed, 401 without token", async () => {
    expect((await t.request({ method: "GET", url: amountUrl("GAVE-500"), headers: B().auth })).statusCode).toBe(404);
    const long = await t.request({ method: "GET", url: amountUrl("X".repeat(65)), headers: A().auth });
    expect(long.statusCode).toBe(400);
    const nul = await t.request({ method: "GET", url: amountUrl("GAVE\u0000"), headers: A().auth });
    expect(nul.statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: amountUrl("GAVE-500") })).statusCode).toBe(401);
  });
});

describe("POST /api/checkout/:id/giftcard", () => {
  test("pays as much as possible when no amount is given", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    const res = await apply(checkoutId, { giftcardCode: "gave-500" });
    expect(res.statusCode).toBe(200);
    expect(res.json().giftcards).toEqual([{ id: expect.any(String), giftcardCode: "GAVE-500", amount: 158 }]);
    expect(res.json().totals).toMatchObject({ total: 158, giftcard: 158, totalLeft: 0 });
  });

  test("pays the amount asked for", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    const res = await apply(checkoutId, { giftcardCode: "GAVE-500", amount: 100 });
    expect(res.json().totals).toMatchObject({ giftcard: 100, totalLeft: 58 });
  });

  test("is capped at basket − discount + delivery fee", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/discount`,
      headers: A().auth,
      payload: { discountCode: "SOMMER10" },
    });
    await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/delivery/address?moduleId=${A().module.id}&address=Vej%201&zipcode=2200`,
      headers: A().auth,
    });
    const res = await apply(checkoutId, { giftcardCode: "GAVE-500", amount: 500 });
    expect(res.json().giftcards[0].amount).toBe(181.2); // 158 − 15.80 + 39
    expect(res.json().totals.totalLeft).toBe(0);
  });

  test("is capped at the card's balance", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    const res = await apply(checkoutId, { giftcardCode: "GAVE-100", amount: 150 });
    expect(res.json().giftcards[0].amount).toBe(100);
    expect(res.json().totals.totalLeft).toBe(58);
  });

  test("is re-capped when the basket shrinks", async () => {
    const { checkoutId, basketId } = await checkoutWithBasket(t, A(), [
      { product: "smorrebrod", amount: 1 },
      { product: "salat", amount: 1 },
    ]);
    await apply(checkoutId, { giftcardCode: "GAVE-500" });
    const salat = await productId(t, A(), "salat");
    await t.db
      .delete(schema.basketItem)
      .where(and(eq(schema.basketItem.basketId, basketId), eq(schema.basketItem.productId, salat)));
    const res = await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: A().auth });
    expect(res.json().giftcards[0].amount).toBe(79);
  });

  test("applying the same card again replaces its amount", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    await apply(checkoutId, { giftcardCode: "GAVE-500", amount: 50 });
    const res = await apply(checkoutId, { giftcardCode: "GAVE-500", amount: 60 });
    expect(res.json().giftcards).toHaveLength(1);
    expect(res.json().giftcards[0].amount).toBe(60);
  });

  test("a second card pays only what the first leaves", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    await apply(checkoutId, { giftcardCode: "GAVE-100" });
    const res = await apply(checkoutId, { giftcardCode: "GAVE-500" });
    expect(
      res
        .json()
        .giftcards.map((g: { amount: number }) => g.amount)
        .sort(),
    ).toEqual([100, 58]);
  });

  test("does not draw the balance", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    await apply(checkoutId, { giftcardCode: "GAVE-500" });
    const res = await t.request({ method: "GET", url: amountUrl("GAVE-500"), headers: A().auth });
    expect(res.json()).toBe(500);
  });

  test("is refused when the basket holds a gift-card product", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "giftcard-250", amount: 1 }]);
    const res = await apply(checkoutId, { giftcardCode: "GAVE-500" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      {
        code: "Giftcard.Generic",
        message: "Not available when ordering a giftcard: a gift card cannot pay for gift-card products",
        field: "giftcardCode",
      },
    ]);
  });

  test("is dropped when a gift-card product is added to the basket after it was applied", async () => {
    const { checkoutId, basketId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    expect((await apply(checkoutId, { giftcardCode: "GAVE-500" })).json().giftcards).toHaveLength(1);
    await insertLine(t, A(), basketId, { product: "giftcard-250", amount: 1 });
    const res = await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: A().auth });
    expect(res.json().giftcards).toEqual([]);
    expect(res.json().totals).toMatchObject({ basketTotal: 408, giftcard: 0, totalLeft: 408 });
    // Reading stores nothing: the row stays, paying nothing while the basket holds a gift card (the start of
    // a payment deletes it: payment/routes.test.ts).
    const rows = await t.db
      .select()
      .from(schema.checkoutGiftcard)
      .where(eq(schema.checkoutGiftcard.checkoutId, checkoutId));
    expect(rows).toHaveLength(1);
  });

  test("is 422 GIFTCARD_DISABLED when the checkout instance has gift cards off", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    await setGiftcardEnabled(A(), false);
    const res = await apply(checkoutId, { giftcardCode: "GAVE-500" });
    await setGiftcardEnabled(A(), true);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("GIFTCARD_DISABLED");
  });

  test("is 422 Giftcard.Generic for an unknown card", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    expect((await apply(checkoutId, { giftcardCode: "GAVE-250" })).json().errors[0].code).toBe("Giftcard.Generic");
  });

  test("is 422 GIFTCARD_NOTHING_TO_PAY for an empty checkout", async () => {
    const checkoutId = await createCheckout(t, A());
    expect((await apply(checkoutId, { giftcardCode: "GAVE-500" })).json().errors[0].code).toBe(
      "GIFTCARD_NOTHING_TO_PAY",
    );
  });

  test("is 400 malformed, 404 another restaurant's, 409 not open", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    expect((await apply(checkoutId, { giftcardCode: "GAVE-500", amount: -5 })).statusCode).toBe(400);
    expect((await apply(checkoutId, { code: "GAVE-500" })).statusCode).toBe(400);
    expect((await apply(checkoutId, { giftcardCode: "GAVE-500" }, B())).statusCode).toBe(404);
    await setCheckoutState(t, checkoutId, CheckoutState.PENDING);
    const res = await apply(checkoutId, { giftcardCode: "GAVE-500" });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("CHECKOUT_NOT_OPEN");
  });
});

describe("DELETE /api/checkout/:id/giftcard/:giftcardId", () => {
  test("removes the gift card", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    const giftcardId = (await apply(checkoutId, { giftcardCode: "GAVE-500" })).json().giftcards[0].id;
    const res = await t.request({
      method: "DELETE",
      url: `/api/checkout/${checkoutId}/giftcard/${giftcardId}`,
      headers: A().auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().giftcards).toEqual([]);
    expect(res.json().totals).toMatchObject({ giftcard: 0, totalLeft: 158 });
  });

  test("is 404 for an unknown gift card and 409 when not open", async () => {
    const checkoutId = await createCheckout(t, A());
    const url = `/api/checkout/${checkoutId}/giftcard/00000000-0000-4000-8000-000000000000`;
    expect((await t.request({ method: "DELETE", url, headers: A().auth })).statusCode).toBe(404);
    await setCheckoutState(t, checkoutId, CheckoutState.DONE);
    expect((await t.request({ method: "DELETE", url, headers: A().auth })).statusCode).toBe(409);
  });
});
