import { schema } from "@app/db";
import { and, eq } from "@app/db/orm";
import { CheckoutState, PaymentState, PaymentType } from "@app/domain";
import { beforeEach, describe, expect, test } from "vitest";
import {
  authorizeWithoutOrder,
  checkoutRow,
  finalize,
  giftcardRow,
  itemsUsed,
  pay,
  paymentsOf,
  preparedCheckout,
  pressTestButton,
  refilledDemoGiftcard,
  refundsOf,
  setItemsPerSlot,
  setSetting,
  withoutHolds,
} from "../../testing/order-fixtures";
import { useTestApp } from "../../testing/test-app";
import { externalIdOf, PICKUP_TIME_GRACE_MS } from "./finalize-checkout";

const { t, clock } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen
const SLOT = new Date("2026-11-23T11:00:00Z"); // 12:00 in Copenhagen
beforeEach(async () => {
  await setItemsPerSlot(t, t.restaurantA, 30);
  await setSetting(t, t.restaurantA, "enforceCapacity", true);
  await t.db.delete(schema.capacityUsage);
});

async function fillSlot(restaurant = t.restaurantA, slot = SLOT, items = 30) {
  await t.db
    .insert(schema.capacityUsage)
    .values({ capacityInstanceId: restaurant.module.capacityInstanceId, slotStart: slot, itemsUsed: items })
    .onConflictDoUpdate({
      target: [schema.capacityUsage.capacityInstanceId, schema.capacityUsage.slotStart],
      set: { itemsUsed: items },
    });
}

/** A token issued at the test clock's time (the demo tokens expire when the clock jumps ahead). */
async function freshAuth(restaurant = t.restaurantB) {
  const res = await t.request({ method: "GET", url: `/api/token/${restaurant.module.productionUnitId}` });
  return { authorization: `Bearer ${res.json().token}` };
}

function validate(checkoutId: string, payload?: object, restaurant = t.restaurantA, auth = restaurant.auth) {
  return t.request({
    method: "POST",
    url: `/api/order/validate?checkoutId=${checkoutId}`,
    headers: auth,
    ...(payload ? { payload } : {}),
  });
}

describe("POST /api/order/validate", () => {
  test("answers { valid: true } for a complete checkout, with or without a body", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    for (const payload of [undefined, {}, { productionUnitId: t.restaurantA.module.productionUnitId }]) {
      const res = await validate(checkoutId, payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: true });
    }
  });

  test("an empty basket is 422 BASKET_EMPTY", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, { lines: [] });
    const res = await validate(checkoutId);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("BASKET_EMPTY");
  });

  test("a closed restaurant is 422 Payment.RestaurantOffline with the spec's message", async () => {
    clock.set("2026-12-24T12:00:00Z"); // restaurant B's closed date
    const { checkoutId } = await preparedCheckout(t, t.restaurantB, {
      lines: [{ product: "margherita", amount: 1 }],
      orderReadyTime: new Date("2026-12-24T13:00:00Z"),
    });
    const res = await validate(checkoutId, undefined, t.restaurantB, await freshAuth());
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toEqual({
      code: "Payment.RestaurantOffline",
      message: "Unfortunately, we cannot connect to the restaurant. Please try again later.",
    });
    clock.set("2026-11-23T05:00:00Z"); // 06:00 on a Monday: before B opens at 11:00
    const early = await preparedCheckout(t, t.restaurantB, {
      lines: [{ product: "margherita", amount: 1 }],
      orderReadyTime: new Date("2026-11-23T12:00:00Z"),
    });
    expect((await validate(early.checkoutId, undefined, t.restaurantB, await freshAuth())).json().errors[0].code).toBe(
      "Payment.RestaurantOffline",
    );
  });

  test("open now but the chosen time falls on a closed day or outside the hours: 422 Payment.RestaurantOffline", async () => {
    clock.set("2026-12-23T12:00:00Z"); // open: 13:00 on a Wednesday
    for (const orderReadyTime of [new Date("2026-12-24T13:00:00Z"), new Date("2026-12-23T21:30:00Z")]) {
      const { checkoutId } = await preparedCheckout(t, t.restaurantB, {
        lines: [{ product: "margherita", amount: 1 }],
        orderReadyTime,
      });
      const res = await validate(checkoutId, undefined, t.restaurantB, await freshAuth());
      expect(res.json().errors[0].code, orderReadyTime.toISOString()).toBe("Payment.RestaurantOffline");
    }
  });

  test("a chosen time that has already passed is 422 DeliveryMethod.TimePicker", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      orderReadyTime: new Date(clock.now().getTime() - 15 * 60_000),
    });
    const res = await validate(checkoutId);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ code: "DeliveryMethod.TimePicker", field: "orderReadyTime" });
  });

  test("a full slot is 409 SLOT_FULL unless the module does not enforce capacity", async () => {
    await fillSlot(t.restaurantA, SLOT, 30);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    const res = await validate(checkoutId);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("SLOT_FULL");
    await setSetting(t, t.restaurantA, "enforceCapacity", false);
    expect((await validate(checkoutId)).json()).toEqual({ valid: true });
  });

  test("only the chosen slot's own usage counts: full slots just before and after it leave it open to the last item", async () => {
    await fillSlot(t.restaurantA, new Date(SLOT.getTime() - 15 * 60_000), 30);
    await fillSlot(t.restaurantA, new Date(SLOT.getTime() + 15 * 60_000), 30);
    await fillSlot(t.restaurantA, SLOT, 29);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    expect((await validate(checkoutId)).json()).toEqual({ valid: true });
    await fillSlot(t.restaurantA, SLOT, 30);
    expect((await validate(checkoutId)).json().errors[0].code).toBe("SLOT_FULL");
  });

  test("another restaurant's checkout or production unit is 404; unknown fields are ignored (decision 007)", async () => {
    const { checkoutId } = await preparedCheckout(t);
    expect((await validate(checkoutId, undefined, t.restaurantB)).statusCode).toBe(404);
    expect((await validate(checkoutId, { productionUnitId: t.restaurantB.module.productionUnitId })).statusCode).toBe(
      404,
    );
    expect((await validate(checkoutId, { productionUnitId: "x" })).statusCode).toBe(400);
    expect((await validate(checkoutId, { other: 1 })).statusCode).toBe(200);
    expect(
      (await t.request({ method: "POST", url: "/api/order/validate", headers: t.restaurantA.auth })).statusCode,
    ).toBe(400);
  });
});

describe("POST /api/checkout/:id/finalize", () => {
  test("pay at pickup: the payment places the order by itself; finalize answers the checkout DONE with its orderId", async () => {
    const { checkoutId, basketId } = await preparedCheckout(t, t.restaurantA, {
      lines: [
        { product: "classic-burger", amount: 2, choices: [{ name: "Bacon", priceMinor: 1200 }] },
        { product: "pommes-frites", amount: 1 },
      ],
      orderReadyTime: SLOT,
    });
    expect((await pay(t, checkoutId, { paymentMethods: "pickup" })).statusCode).toBe(200);
    const placed = await checkoutRow(t, checkoutId);
    expect(placed).toMatchObject({ state: CheckoutState.DONE, orderId: expect.any(String) });
    const res = await finalize(t, checkoutId);
    expect(res.statusCode).toBe(200);
    const checkout = res.json();
    expect(checkout).toMatchObject({ id: checkoutId, state: CheckoutState.DONE, orderId: placed.orderId });
    expect(checkout.checkoutBaskets).toEqual([{ externalBasketId: basketId }]);

    const order = await t.request({
      method: "GET",
      url: `/api/order/${checkout.orderId}`,
      headers: t.restaurantA.auth,
    });
    expect(order.statusCode).toBe(200);
    const body = order.json();
    expect(body).toMatchObject({
      id: checkout.orderId,
      checkoutId,
      delivery: null,
      orderReadyTime: SLOT.toISOString(),
      discounts: [],
      basketTotal: 301,
      deliveryFee: 0,
      totalAmount: 301,
      externalId: `${externalIdOf(t.restaurantA.module.productionUnitId, body.receipt.number)}`,
      createdUtc: "2026-11-23T10:00:00.000Z",
    });
    expect(body.products).toEqual([
      {
        productId: expect.any(Number),
        name: "Classic burger",
        amount: 2,
        price: 131,
        total: 262,
        choices: [{ choiceId: expect.any(Number), name: "Bacon", amount: 1, price: 12 }],
      },
      { productId: expect.any(Number), name: expect.any(String), amount: 1, price: 39, total: 39, choices: [] },
    ]);
    expect(body.payments).toEqual([
      {
        paymentId: expect.any(String),
        amount: 301,
        type: PaymentType.UNPAID,
        method: "pickup",
        state: PaymentState.AUTHORIZED,
        isTest: false,
      },
    ]);
    expect(body.receipt.number).toBeGreaterThan(1000);
    const usage = await t.db.select().from(schema.capacityUsage);
    expect(usage).toEqual([expect.objectContaining({ slotStart: SLOT, itemsUsed: 3 })]);
  });

  test("is idempotent: calling again answers the same order and writes nothing more", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    await pay(t, checkoutId, { paymentMethods: "pickup" });
    const first = (await finalize(t, checkoutId)).json();
    const second = await finalize(t, checkoutId);
    expect(second.statusCode).toBe(200);
    expect(second.json().orderId).toBe(first.orderId);
    const orders = await t.db.select().from(schema.order).where(eq(schema.order.checkoutId, checkoutId));
    expect(orders).toHaveLength(1);
    const usage = await t.db.select().from(schema.capacityUsage);
    expect(usage[0]!.itemsUsed).toBe(1);
  });

  test("receipt numbers count up per production unit; externalId is the unit's letters and the number", async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
      await pay(t, checkoutId, { paymentMethods: "pickup" });
      const { orderId } = (await finalize(t, checkoutId)).json();
      const order = (
        await t.request({ method: "GET", url: `/api/order/${orderId}`, headers: t.restaurantA.auth })
      ).json();
      numbers.push(order.receipt.number);
      expect(order.externalId).toMatch(/^[A-Z]+-\d+$/);
    }
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect(numbers[2]).toBe(numbers[0]! + 2);
    expect(externalIdOf(1, 1001)).toBe("A-1001");
    expect(externalIdOf(26, 7)).toBe("Z-7");
    expect(externalIdOf(28, 7)).toBe("AB-7");
  });

  test("without a payment: 409 PAYMENT_REQUIRED; with a waiting online payment: 409 PAYMENT_NOT_AUTHORIZED", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    const none = await finalize(t, checkoutId);
    expect(none.statusCode).toBe(409);
    expect(none.json().errors[0].code).toBe("PAYMENT_REQUIRED");
    const { id } = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    const waiting = await finalize(t, checkoutId);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().errors[0].code).toBe("PAYMENT_NOT_AUTHORIZED");
    await pressTestButton(t, id, "approve");
    const done = await finalize(t, checkoutId);
    expect(done.statusCode).toBe(200);
    expect(done.json().state).toBe(CheckoutState.DONE);
  });

  test("places the order of a payment approved just before the process died (finalize after the approval's commit)", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    const { id } = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    await authorizeWithoutOrder(t, id);
    expect((await checkoutRow(t, checkoutId)).orderId).toBeNull();
    const res = await finalize(t, checkoutId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: CheckoutState.DONE, orderId: expect.any(String) });
  });

  test("a declined payment leaves nothing to finalize", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    const { id } = (await pay(t, checkoutId)).json();
    await pressTestButton(t, id, "decline");
    expect((await finalize(t, checkoutId)).json().errors[0].code).toBe("PAYMENT_REQUIRED");
  });

  test("gift cards paying everything are enough", async () => {
    await refilledDemoGiftcard(t);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      orderReadyTime: SLOT,
      giftcards: [{ code: "GAVE-500", amountMinor: 11900 }],
    });
    await pay(t, checkoutId);
    const res = await finalize(t, checkoutId);
    expect(res.statusCode).toBe(200);
    const order = (
      await t.request({ method: "GET", url: `/api/order/${res.json().orderId}`, headers: t.restaurantA.auth })
    ).json();
    expect(order.payments).toEqual([
      {
        paymentId: expect.any(String),
        amount: 119,
        type: PaymentType.GIFTCARD,
        method: "giftcard",
        state: PaymentState.AUTHORIZED,
        isTest: false,
      },
    ]);
  });

  test("a total that no longer matches the settled payment is 409 PAYMENT_MISMATCH for good: ERROR, money back", async () => {
    const { checkoutId, basketId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    const { id } = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    const [item] = await t.db.select().from(schema.basketItem).where(eq(schema.basketItem.basketId, basketId));
    await t.db
      .update(schema.basketItem)
      .set({ amount: 2, totalPriceMinor: item!.totalPriceMinor * 2 })
      .where(eq(schema.basketItem.id, item!.id));
    await authorizeWithoutOrder(t, id);
    const res = await finalize(t, checkoutId);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("PAYMENT_MISMATCH");
    // Paid, and the checkout locked for changes: nothing could ever make them match, so the guest gets the money back.
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.ERROR);
    expect((await paymentsOf(t, checkoutId))[0]!.state).toBe(PaymentState.REFUNDED);
    expect(await refundsOf(t, id)).toEqual([expect.objectContaining({ amountMinor: 11900 })]);
  });

  test("an attempt without a hold (started before holds) into a full slot is 409 SLOT_FULL for good: ERROR, money back", async () => {
    await refilledDemoGiftcard(t);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      lines: [{ product: "classic-burger", amount: 2 }],
      orderReadyTime: SLOT,
      giftcards: [{ code: "GAVE-500", amountMinor: 5000 }],
    });
    const { id } = (await pay(t, checkoutId)).json();
    await authorizeWithoutOrder(t, id);
    await withoutHolds(t, checkoutId);
    await fillSlot(t.restaurantA, SLOT, 29);
    const res = await finalize(t, checkoutId);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("SLOT_FULL");
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.ERROR);
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(50000);
    const states = (await paymentsOf(t, checkoutId)).map((row) => [row.type, row.state]);
    expect(states).toEqual(
      expect.arrayContaining([
        [PaymentType.ONLINE, PaymentState.REFUNDED],
        [PaymentType.GIFTCARD, PaymentState.REFUNDED],
      ]),
    );
    // The card money goes back through the refund outbox (the gift card was credited above).
    expect(await refundsOf(t, id)).toEqual([expect.objectContaining({ amountMinor: 23800 - 5000 })]);
    const usage = await t.db.select().from(schema.capacityUsage);
    expect(usage[0]!.itemsUsed).toBe(29);
    const again = await finalize(t, checkoutId);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe("CHECKOUT_FAILED");
  });

  test("an approval after others filled the slot still places the order: its units were held when paying began", async () => {
    await refilledDemoGiftcard(t);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      orderReadyTime: SLOT,
      giftcards: [{ code: "GAVE-500", amountMinor: 5000 }],
    });
    const { id } = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    expect(await itemsUsed(t, t.restaurantA, SLOT)).toBe(1);
    const other = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    await setItemsPerSlot(t, t.restaurantA, 1); // the slot is full with the held unit
    expect((await pay(t, other.checkoutId, { paymentMethods: "card" })).json().errors[0].code).toBe("SLOT_FULL");
    const approve = await pressTestButton(t, id, "approve");
    expect(approve.statusCode).toBe(303);
    expect(await checkoutRow(t, checkoutId)).toMatchObject({ state: CheckoutState.DONE, orderId: expect.any(String) });
    expect(await refundsOf(t, id)).toEqual([]);
    expect(await itemsUsed(t, t.restaurantA, SLOT)).toBe(1); // the held unit became the order's, not counted again
  });

  test("an approval that comes after the pickup time has passed places no order: checkout ERROR, money back", async () => {
    await refilledDemoGiftcard(t);
    clock.set("2026-11-23T10:40:00Z"); // SLOT is the first time offered (20 minutes' lead)
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      orderReadyTime: SLOT,
      giftcards: [{ code: "GAVE-500", amountMinor: 5000 }],
    });
    const { id } = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    clock.set("2026-11-23T11:05:00Z"); // 25 minutes on the hosted page, within PAYMENT_EXPIRY_MINUTES
    const approve = await pressTestButton(t, id, "approve");
    expect(approve.statusCode).toBe(303);
    expect(await checkoutRow(t, checkoutId)).toMatchObject({ state: CheckoutState.ERROR, orderId: null });
    expect((await paymentsOf(t, checkoutId)).find((row) => row.id === id)?.state).toBe(PaymentState.REFUNDED);
    expect(await refundsOf(t, id)).toEqual([expect.objectContaining({ amountMinor: 11900 - 5000 })]);
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(50000);
    expect(await itemsUsed(t, t.restaurantA, SLOT)).toBe(0); // the unit held while paying is given back
  });

  test("finalize after the pickup time has passed is 409 PICKUP_TIME_PASSED for good, saying the money goes back", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    const { id } = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    await authorizeWithoutOrder(t, id);
    clock.set(new Date(SLOT.getTime() + PICKUP_TIME_GRACE_MS + 1000));
    const res = await finalize(t, checkoutId);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toEqual({
      code: "PICKUP_TIME_PASSED",
      message: expect.stringContaining("The money is given back"),
    });
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.ERROR);
    expect(await refundsOf(t, id)).toEqual([expect.objectContaining({ amountMinor: 11900 })]);
    expect((await finalize(t, checkoutId)).json().errors[0].code).toBe("CHECKOUT_FAILED");
  });

  test("an approval reported shortly after the pickup time, within the grace, still places the order", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    const { id } = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    clock.set(new Date(SLOT.getTime() + PICKUP_TIME_GRACE_MS));
    expect((await pressTestButton(t, id, "approve")).statusCode).toBe(303);
    expect(await checkoutRow(t, checkoutId)).toMatchObject({ state: CheckoutState.DONE, orderId: expect.any(String) });
  });

  test("with enforceCapacity false a full slot still takes the order", async () => {
    await setSetting(t, t.restaurantA, "enforceCapacity", false);
    await fillSlot(t.restaurantA, SLOT, 30);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    await pay(t, checkoutId, { paymentMethods: "pickup" });
    expect((await finalize(t, checkoutId)).statusCode).toBe(200);
  });

  test("counts the discount's use and keeps it on the order; a code used up before Pay is 422 Discount.Invalid, nothing charged", async () => {
    const [fast] = await t.db.select().from(schema.discountCode).where(eq(schema.discountCode.code, "FAST50"));
    await t.db
      .update(schema.discountCode)
      .set({ usageCount: 0, usageLimit: 1 })
      .where(eq(schema.discountCode.id, fast!.id));
    const lines = [{ product: "classic-burger", amount: 2 }];
    const first = await preparedCheckout(t, t.restaurantA, {
      lines,
      orderReadyTime: SLOT,
      discount: { code: "FAST50", amountMinor: 5000 },
    });
    const second = await preparedCheckout(t, t.restaurantA, {
      lines,
      orderReadyTime: SLOT,
      discount: { code: "FAST50", amountMinor: 5000 },
    });
    // Both applied the code while it had a use left; the first's Pay holds that use and is placed at once.
    await pay(t, first.checkoutId, { paymentMethods: "pickup" });
    const ok = await finalize(t, first.checkoutId);
    expect(ok.statusCode).toBe(200);
    const order = (
      await t.request({ method: "GET", url: `/api/order/${ok.json().orderId}`, headers: t.restaurantA.auth })
    ).json();
    expect(order.discounts).toEqual([{ code: "FAST50", amount: 50 }]);
    expect(order.totalAmount).toBe(188);

    const used = await pay(t, second.checkoutId, { paymentMethods: "card" });
    expect(used.statusCode).toBe(422);
    expect(used.json().errors[0]).toMatchObject({ code: "Discount.Invalid", field: "discountCode" });
    expect(used.json().errors[0].message).toContain("usage limit");
    expect(await checkoutRow(t, second.checkoutId)).toMatchObject({ state: CheckoutState.OPEN, orderId: null });
    expect(await paymentsOf(t, second.checkoutId)).toEqual([]);
    const [after] = await t.db.select().from(schema.discountCode).where(eq(schema.discountCode.id, fast!.id));
    expect(after!.usageCount).toBe(1);
    await t.db
      .update(schema.discountCode)
      .set({ usageCount: 0, usageLimit: 100 })
      .where(eq(schema.discountCode.id, fast!.id));
  });

  test("writes the receipt to send: email to the guest (or the payment's receiptEmail), SMS for restaurant B", async () => {
    const a = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    await pay(t, a.checkoutId, { paymentMethods: "pickup", receiptEmail: "kvittering@example.dk" });
    const orderA = (await finalize(t, a.checkoutId)).json().orderId;
    const [emailRow] = await t.db.select().from(schema.receiptMessage).where(eq(schema.receiptMessage.orderId, orderA));
    expect(emailRow).toMatchObject({ channel: "email", recipient: "kvittering@example.dk" });

    const b = await preparedCheckout(t, t.restaurantB, {
      lines: [{ product: "margherita", amount: 1 }],
      orderReadyTime: SLOT,
    });
    await pay(t, b.checkoutId, { paymentMethods: "pickup" }, t.restaurantB);
    const resB = await finalize(t, b.checkoutId, t.restaurantB);
    expect(resB.statusCode).toBe(200);
    const [smsRow] = await t.db
      .select()
      .from(schema.receiptMessage)
      .where(and(eq(schema.receiptMessage.orderId, resB.json().orderId)));
    expect(smsRow).toMatchObject({ channel: "sms", recipient: "12345678" });
  });

  test("another restaurant's checkout is 404; a malformed id 400; a body's fields are ignored", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    expect((await finalize(t, checkoutId, t.restaurantB)).statusCode).toBe(404);
    expect(
      (await t.request({ method: "POST", url: "/api/checkout/nope/finalize", headers: t.restaurantA.auth })).statusCode,
    ).toBe(400);
    const withBody = await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/finalize`,
      headers: t.restaurantA.auth,
      payload: { force: true },
    });
    // Decision 007: unknown fields are dropped (this was 400), so the answer is the one without a body.
    expect(withBody.statusCode).toBe(409);
    expect(withBody.json()).toEqual((await finalize(t, checkoutId)).json());
  });
});

describe("GET /api/order/:id", () => {
  test("?language=en-US names products and choices as the guest's English basket did; without it, as placed", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      lines: [{ product: "pommes-frites", amount: 1, choices: [{ name: "Stored name", priceMinor: 0 }] }],
      orderReadyTime: SLOT,
    });
    await pay(t, checkoutId, { paymentMethods: "pickup" });
    const { orderId } = (await finalize(t, checkoutId)).json();
    const read = async (query: string) =>
      (await t.request({ method: "GET", url: `/api/order/${orderId}${query}`, headers: t.restaurantA.auth })).json()
        .products[0];
    const line = await read("");
    const [choice] = await t.db.select().from(schema.choice).where(eq(schema.choice.id, line.choices[0].choiceId));

    expect([line.name, line.choices[0].name]).toEqual(["Pommes frites", "Stored name"]);
    const english = await read("?language=en-US");
    expect([english.name, english.choices[0].name]).toEqual(["French fries", choice!.name["en-US"]]);
    const danish = await read("?language=da-DK");
    expect([danish.name, danish.choices[0].name]).toEqual(["Pommes frites", choice!.name["da-DK"]]);
    expect(
      (await t.request({ method: "GET", url: `/api/order/${orderId}?language=fr-FR`, headers: t.restaurantA.auth }))
        .statusCode,
    ).toBe(400);
  });

  test("is 404 for an unknown order and for another restaurant's order", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    await pay(t, checkoutId, { paymentMethods: "pickup" });
    const { orderId } = (await finalize(t, checkoutId)).json();
    expect(
      (await t.request({ method: "GET", url: `/api/order/${orderId}`, headers: t.restaurantB.auth })).statusCode,
    ).toBe(404);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(
      (await t.request({ method: "GET", url: `/api/order/${unknown}`, headers: t.restaurantA.auth })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/order/123", headers: t.restaurantA.auth })).statusCode).toBe(
      400,
    );
    expect((await t.request({ method: "GET", url: `/api/order/${orderId}` })).statusCode).toBe(401);
  });
});

describe("GET /api/order/:id: the kitchen's progress", () => {
  async function placedOrder() {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    await pay(t, checkoutId, { paymentMethods: "pickup" });
    return (await finalize(t, checkoutId)).json<{ orderId: string }>().orderId;
  }
  const read = async (orderId: string) =>
    (await t.request({ method: "GET", url: `/api/order/${orderId}`, headers: t.restaurantA.auth })).json();

  test("a placed order is new, ready at the guest's time, not rejected", async () => {
    const order = await read(await placedOrder());
    expect(order).toMatchObject({ kitchenStatus: "new", readyTime: SLOT.toISOString(), rejectReason: null });
  });

  test("shows the kitchen's status, moved ready time and reject reason as they are now", async () => {
    const orderId = await placedOrder();
    const kitchen = (set: Partial<typeof schema.kitchenOrder.$inferInsert>) =>
      t.db.update(schema.kitchenOrder).set(set).where(eq(schema.kitchenOrder.orderId, orderId));
    await kitchen({ status: "accepted", readyTime: new Date("2026-11-23T11:10:00Z") });
    expect(await read(orderId)).toMatchObject({ kitchenStatus: "accepted", readyTime: "2026-11-23T11:10:00.000Z" });
    await kitchen({ status: "rejected", rejectReason: "too-busy" });
    expect(await read(orderId)).toMatchObject({ kitchenStatus: "rejected", rejectReason: "too-busy" });
  });
});

describe("OpenAPI", () => {
  test("documents the payment and order calls", async () => {
    const res = await t.request({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      "/api/checkout/{id}/payment",
      "/api/payment/checkout/{checkoutId}",
      "/api/payment/cancel",
      "/api/payment/test/{paymentId}",
      "/api/payment/test/{paymentId}/{action}",
      "/api/order/validate",
      "/api/checkout/{id}/finalize",
      "/api/order/{id}",
    ]) {
      expect(paths).toContain(path);
    }
  });
});
