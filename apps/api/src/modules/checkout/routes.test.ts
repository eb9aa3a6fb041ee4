import { randomUUID } from "node:crypto";
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { CheckoutState, PaymentState, PaymentType } from "@app/domain";
import { describe, expect, test } from "vitest";
import { checkoutWithBasket, createCheckout, insertBasket, setCheckoutState } from "../../testing/checkout-fixtures";
import { useTestApp } from "../../testing/test-app";

const { t } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen

const A = () => t.restaurantA;
const B = () => t.restaurantB;

describe("POST /api/checkout", () => {
  test("creates an OPEN checkout with a random UUID and empty totals", async () => {
    const { checkoutInstanceId, id } = A().module;
    const res = await t.request({
      method: "POST",
      url: `/api/checkout?instanceId=${checkoutInstanceId}&moduleId=${id}`,
      headers: A().auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      instanceId: checkoutInstanceId,
      moduleId: id,
      createdUtc: "2026-11-23T10:00:00.000Z",
      state: CheckoutState.OPEN,
      checkoutBaskets: [],
      discounts: [],
      giftcards: [],
      orderId: null,
      payment: null,
      delivery: null,
      guestInformation: {
        name: null,
        phone: null,
        email: null,
        orderComment: null,
        amountOfGuests: null,
        amountOfKids: null,
      },
      orderReadyTime: null,
      totals: { basketTotal: 0, discount: 0, deliveryFee: 0, total: 0, giftcard: 0, totalLeft: 0 },
    });
  });

  test("answers the new checkout as a read of it answers it, without reading what a new checkout cannot have", async () => {
    const { checkoutInstanceId, id } = A().module;
    const created = await t.request({
      method: "POST",
      url: `/api/checkout?instanceId=${checkoutInstanceId}&moduleId=${id}`,
      headers: A().auth,
    });
    const read = await t.request({ method: "GET", url: `/api/checkout/${created.json().id}`, headers: A().auth });
    expect(read.statusCode).toBe(200);
    expect(created.json()).toEqual(read.json());
  });

  test("accepts an empty JSON object as body", async () => {
    const { checkoutInstanceId, id } = A().module;
    const res = await t.request({
      method: "POST",
      url: `/api/checkout?instanceId=${checkoutInstanceId}&moduleId=${id}`,
      headers: A().auth,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
  });

  test("is 401 without a token", async () => {
    const { checkoutInstanceId, id } = A().module;
    const res = await t.request({
      method: "POST",
      url: `/api/checkout?instanceId=${checkoutInstanceId}&moduleId=${id}`,
    });
    expect(res.statusCode).toBe(401);
  });

  test("is 400 without the query parameters", async () => {
    const res = await t.request({ method: "POST", url: "/api/checkout", headers: A().auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe("Input.Invalid");
  });

  test("is 404 for another restaurant's module", async () => {
    const { checkoutInstanceId, id } = A().module;
    const res = await t.request({
      method: "POST",
      url: `/api/checkout?instanceId=${checkoutInstanceId}&moduleId=${id}`,
      headers: B().auth,
    });
    expect(res.statusCode).toBe(404);
  });

  test("is 422 MODULE_UNAVAILABLE for a module that is inactive or not visible", async () => {
    const { checkoutInstanceId, id } = A().module;
    for (const hidden of [{ isActive: false }, { isVisible: false }]) {
      await t.db.update(schema.module).set(hidden).where(eq(schema.module.id, id));
      const res = await t.request({
        method: "POST",
        url: `/api/checkout?instanceId=${checkoutInstanceId}&moduleId=${id}`,
        headers: A().auth,
      });
      await t.db.update(schema.module).set({ isActive: true, isVisible: true }).where(eq(schema.module.id, id));
      expect(res.statusCode, JSON.stringify(hidden)).toBe(422);
      expect(res.json().errors).toEqual([
        {
          code: "MODULE_UNAVAILABLE",
          message: "This shop is not taking orders at the moment (the module is inactive or hidden)",
          field: "moduleId",
        },
      ]);
    }
  });

  test("is 404 when instanceId is not the module's checkout instance", async () => {
    const res = await t.request({
      method: "POST",
      url: `/api/checkout?instanceId=${B().module.checkoutInstanceId}&moduleId=${A().module.id}`,
      headers: A().auth,
    });
    expect(res.statusCode).toBe(404);
  });
});

/**
 * A checkout of 158 kr. with guest information, a pickup time and a gift card applied (GAVE-100 by
 * default), and a payment requested: with GAVE-100 a waiting ONLINE payment for the rest and a
 * holding GIFTCARD payment of 100 kr.; with GAVE-500 the gift card pays everything and the order is
 * placed at once.
 */
async function payWithGiftcard(giftcard: { giftcardCode: string } = { giftcardCode: "GAVE-100" }) {
  const { checkoutId, basketId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
  const post = (url: string, payload?: object) => t.request({ method: "POST", url, headers: A().auth, payload });
  const guest = await post(`/api/checkout/${checkoutId}/guestInformation`, {
    name: "Anna",
    phone: "12345678",
    email: "anna@example.dk",
    orderReadyTime: "2026-11-23T17:45:00Z", // a slot no other test fills
  });
  expect(guest.statusCode, guest.body).toBe(200);
  expect((await post(`/api/checkout/${checkoutId}/giftcard`, giftcard)).statusCode).toBe(200);
  const query = new URLSearchParams({
    moduleId: String(A().module.id),
    continuationUrl: `http://localhost:5173/payment/${checkoutId}`,
    cancellationUrl: "http://localhost:5173/checkout",
  });
  const payment = await post(`/api/checkout/${checkoutId}/payment?${query}`);
  expect(payment.statusCode, payment.body).toBe(200);
  return { checkoutId, basketId, payments: payment.json().payments as { paymentId: string; type: number }[] };
}

describe("GET /api/checkout/:id", () => {
  test("answers the checkout with its basket and totals", async () => {
    const { checkoutId, basketId } = await checkoutWithBasket(t, A(), [
      { product: "smorrebrod", amount: 2 },
      { product: "salat", amount: 1 },
    ]);
    const res = await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: A().auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().checkoutBaskets).toEqual([{ externalBasketId: basketId }]);
    expect(res.json().totals).toEqual({
      basketTotal: 203,
      discount: 0,
      deliveryFee: 0,
      total: 203,
      giftcard: 0,
      totalLeft: 203,
    });
  });

  test("shows the live payment, not a later cancelled one", async () => {
    const checkoutId = await createCheckout(t, A());
    const values = {
      checkoutId,
      productionUnitId: A().module.productionUnitId,
      type: 0,
      amountMinor: 100,
      provider: "test",
      method: "card",
    };
    const [live] = await t.db
      .insert(schema.payment)
      .values({ ...values, state: 1, createdAt: new Date("2026-11-23T09:00:00Z") })
      .returning();
    await t.db.insert(schema.payment).values({ ...values, state: 2, createdAt: new Date("2026-11-23T09:30:00Z") });
    const res = await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: A().auth });
    expect(res.json().payment).toEqual({ paymentId: live!.id });
  });

  test("shows no payment after a cancelled attempt that used a gift card, so the checkout can be reused", async () => {
    const { checkoutId, payments } = await payWithGiftcard();
    expect(payments.map((entry) => entry.type)).toEqual([PaymentType.GIFTCARD, PaymentType.ONLINE]);
    const paid = await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: A().auth });
    const paymentId = paid.json().payment.paymentId;
    expect(paymentId).toBe(payments[1]!.paymentId);
    const cancel = await t.request({
      method: "POST",
      url: "/api/payment/cancel",
      headers: A().auth,
      payload: { paymentId },
    });
    expect(cancel.statusCode).toBe(200);
    const res = await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: A().auth });
    // The attempt's gift-card payment is now REFUNDED 250: it is no payment of the checkout any more.
    expect(res.json()).toMatchObject({ state: CheckoutState.OPEN, payment: null });
    expect(res.json().totals).toMatchObject({ total: 158, giftcard: 100, totalLeft: 58 });
  });

  test("keeps showing the closed attempt's payment on a checkout in ERROR", async () => {
    const { checkoutId } = await payWithGiftcard();
    const paid = await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: A().auth });
    const paymentId = paid.json().payment.paymentId;
    // What finalize's permanent failure leaves: the attempt ended, the checkout ERROR 3.
    await t.db
      .update(schema.payment)
      .set({ state: PaymentState.REFUNDED })
      .where(eq(schema.payment.checkoutId, checkoutId));
    await setCheckoutState(t, checkoutId, CheckoutState.ERROR);
    const res = await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: A().auth });
    expect(res.json()).toMatchObject({ state: CheckoutState.ERROR, payment: { paymentId } });
  });

  test("does not count a refunded online payment in totalLeft", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    const values = { checkoutId, productionUnitId: A().module.productionUnitId, provider: "test", method: "card" };
    await t.db.insert(schema.payment).values([
      { ...values, type: PaymentType.ONLINE, state: PaymentState.REFUNDED, amountMinor: 15800 },
      { ...values, type: PaymentType.ONLINE, state: PaymentState.CAPTURED, amountMinor: 5000 },
    ]);
    const res = await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: A().auth });
    expect(res.json().totals).toMatchObject({ total: 158, totalLeft: 108 });
  });

  test("counts authorized online payments in totalLeft, pay-at-pickup not", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    const values = { checkoutId, productionUnitId: A().module.productionUnitId, provider: "test", method: "card" };
    await t.db.insert(schema.payment).values([
      { ...values, type: 0, state: 128, amountMinor: 5000 },
      { ...values, type: 2, state: 128, amountMinor: 5000, method: "pickup" },
      { ...values, type: 0, state: 64, amountMinor: 5000 },
    ]);
    const res = await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: A().auth });
    expect(res.json().totals).toMatchObject({ total: 158, totalLeft: 108 });
  });

  test("is 404 for another restaurant's checkout", async () => {
    const checkoutId = await createCheckout(t, A());
    const res = await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: B().auth });
    expect(res.statusCode).toBe(404);
  });

  test("is 404 for an unknown checkout and 400 for a malformed id", async () => {
    const unknown = await t.request({
      method: "GET",
      url: "/api/checkout/00000000-0000-4000-8000-000000000000",
      headers: A().auth,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.request({ method: "GET", url: "/api/checkout/123", headers: A().auth });
    expect(malformed.statusCode).toBe(400);
  });

  test("is 401 without a token", async () => {
    const checkoutId = await createCheckout(t, A());
    expect((await t.request({ method: "GET", url: `/api/checkout/${checkoutId}` })).statusCode).toBe(401);
  });
});

describe("POST /api/checkout/:id/basket", () => {
  const link = (checkoutId: string, basketId: string, restaurant = A()) =>
    t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/basket?basketId=${basketId}`,
      headers: restaurant.auth,
    });

  test("links the basket and a second link replaces it", async () => {
    const checkoutId = await createCheckout(t, A());
    const first = await insertBasket(t, A(), [{ product: "salat", amount: 1 }]);
    const second = await insertBasket(t, A(), [{ product: "smorrebrod", amount: 1 }]);
    expect((await link(checkoutId, first)).json().checkoutBaskets).toEqual([{ externalBasketId: first }]);
    const res = await link(checkoutId, second);
    expect(res.statusCode).toBe(200);
    expect(res.json().checkoutBaskets).toEqual([{ externalBasketId: second }]);
    expect(res.json().totals.basketTotal).toBe(79);
  });

  test("is 404 for another restaurant's basket", async () => {
    const checkoutId = await createCheckout(t, A());
    const basketId = await insertBasket(t, B(), []);
    expect((await link(checkoutId, basketId)).statusCode).toBe(404);
  });

  test("is 410 BASKET_EXPIRED for a basket older than 120 minutes", async () => {
    const checkoutId = await createCheckout(t, A());
    const basketId = await insertBasket(t, A(), [], new Date("2026-11-23T07:59:00Z"));
    const res = await link(checkoutId, basketId);
    expect(res.statusCode).toBe(410);
    expect(res.json().errors[0].code).toBe("BASKET_EXPIRED");
  });

  test("is 409 BASKET_IN_USE while another unfinished checkout holds the basket", async () => {
    const { basketId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 1 }]);
    const other = await createCheckout(t, A());
    const res = await link(other, basketId);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("BASKET_IN_USE");
  });

  test("links the basket the checkout already holds again (a retried request)", async () => {
    const { checkoutId, basketId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 1 }]);
    const res = await link(checkoutId, basketId);
    expect(res.statusCode).toBe(200);
    expect(res.json().checkoutBaskets).toEqual([{ externalBasketId: basketId }]);
  });

  test("is 409 BASKET_IN_USE while another checkout is being paid with the basket", async () => {
    const { checkoutId, basketId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 1 }]);
    await setCheckoutState(t, checkoutId, CheckoutState.PENDING);
    const res = await link(await createCheckout(t, A()), basketId);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("BASKET_IN_USE");
  });

  test("lets only one of two checkouts racing for a basket have it", async () => {
    const basketId = await insertBasket(t, A(), [{ product: "salat", amount: 1 }]);
    const [first, second] = [await createCheckout(t, A()), await createCheckout(t, A())];
    const answers = await Promise.all([link(first, basketId), link(second, basketId)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
  });

  const basketOrdered = {
    code: "BASKET_ORDERED",
    message: "This basket has already been ordered; start a new basket for a new order",
  };

  test("is 409 BASKET_ORDERED for a basket whose checkout is done: one basket is never paid for twice", async () => {
    const { checkoutId, basketId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 1 }]);
    await setCheckoutState(t, checkoutId, CheckoutState.DONE);
    const other = await createCheckout(t, A());
    const res = await link(other, basketId);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([basketOrdered]);
    const unchanged = await t.request({ method: "GET", url: `/api/checkout/${other}`, headers: A().auth });
    expect(unchanged.json().checkoutBaskets).toEqual([]);
  });

  test("is 409 BASKET_ORDERED for a basket whose checkout has its order", async () => {
    const { checkoutId, basketId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 1 }]);
    await t.db
      .update(schema.checkout)
      .set({ state: CheckoutState.ERROR, orderId: randomUUID() })
      .where(eq(schema.checkout.id, checkoutId));
    const res = await link(await createCheckout(t, A()), basketId);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([basketOrdered]);
  });

  test("is 409 BASKET_ORDERED for a basket ordered through the API", async () => {
    const { checkoutId, basketId } = await payWithGiftcard({ giftcardCode: "GAVE-500" });
    const done = await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: A().auth });
    expect(done.json()).toMatchObject({ state: CheckoutState.DONE, orderId: expect.any(String) });
    const res = await link(await createCheckout(t, A()), basketId);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([basketOrdered]);
  });

  test("takes a basket whose previous checkout ended in ERROR without an order", async () => {
    const { checkoutId, basketId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 1 }]);
    await setCheckoutState(t, checkoutId, CheckoutState.ERROR);
    const other = await createCheckout(t, A());
    const res = await link(other, basketId);
    expect(res.statusCode).toBe(200);
    expect(res.json().checkoutBaskets).toEqual([{ externalBasketId: basketId }]);
  });

  test("is 409 CHECKOUT_NOT_OPEN on a checkout that is being paid", async () => {
    const checkoutId = await createCheckout(t, A());
    await setCheckoutState(t, checkoutId, CheckoutState.PENDING);
    const basketId = await insertBasket(t, A(), []);
    const res = await link(checkoutId, basketId);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("CHECKOUT_NOT_OPEN");
  });

  test("is 404 for another restaurant's checkout and 400 without basketId", async () => {
    const checkoutId = await createCheckout(t, A());
    const basketId = await insertBasket(t, B(), []);
    expect((await link(checkoutId, basketId, B())).statusCode).toBe(404);
    const res = await t.request({ method: "POST", url: `/api/checkout/${checkoutId}/basket`, headers: A().auth });
    expect(res.statusCode).toBe(400);
  });
});

describe("GET /api/instancesetting/:instanceId", () => {
  test("answers the checkout instance's settings", async () => {
    const instanceId = A().module.checkoutInstanceId;
    const res = await t.request({ method: "GET", url: `/api/instancesetting/${instanceId}`, headers: A().auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      instanceId,
      isGiftcardEnabled: true,
      isDiscountEnabled: true,
      guestFutureOrderDates: 2,
      chainDeliveryEnabled: false,
      orderTimeInterval: 15,
    });
  });

  test("is 404 for another restaurant's instance, 400 malformed, 401 without token", async () => {
    const instanceId = A().module.checkoutInstanceId;
    expect(
      (await t.request({ method: "GET", url: `/api/instancesetting/${instanceId}`, headers: B().auth })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/instancesetting/x", headers: A().auth })).statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: `/api/instancesetting/${instanceId}` })).statusCode).toBe(401);
  });
});

describe("checkout rows", () => {
  test("are never shared between restaurants", async () => {
    const checkoutId = await createCheckout(t, A());
    const [row] = await t.db.select().from(schema.checkout).where(eq(schema.checkout.id, checkoutId));
    expect(row!.productionUnitId).toBe(A().module.productionUnitId);
  });
});
