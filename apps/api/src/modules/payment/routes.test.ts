import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { CheckoutState, PaymentState, PaymentType } from "@app/domain";
import { beforeEach, describe, expect, test } from "vitest";
import {
  BROWSER_ACCEPT,
  checkoutRow,
  giftcardRow,
  pay,
  paymentsOf,
  preparedCheckout,
  pressTestButton,
  refilledDemoGiftcard,
  refundsOf,
  setGiftcardBalance,
  setItemsPerSlot,
  setSetting,
  slotAfter,
  withoutHolds,
} from "../../testing/order-fixtures";
import { useTestApp } from "../../testing/test-app";

const { t, clock } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen

const BURGER = 11900;

/** An hour after the slot the other tests fill, so these take none of its room. */
function slotOfTheirOwn(): Date {
  return new Date(slotAfter(clock.now()).getTime() + 60 * 60_000);
}

/** The discounts and gift cards stored on the checkout. */
async function appliedRows(checkoutId: string) {
  return {
    discounts: await t.db
      .select()
      .from(schema.checkoutDiscount)
      .where(eq(schema.checkoutDiscount.checkoutId, checkoutId)),
    giftcards: await t.db
      .select()
      .from(schema.checkoutGiftcard)
      .where(eq(schema.checkoutGiftcard.checkoutId, checkoutId)),
  };
}

async function giftcardTransactions(giftcardId: number) {
  return t.db.select().from(schema.giftcardTransaction).where(eq(schema.giftcardTransaction.giftcardId, giftcardId));
}

describe("POST /api/checkout/:id/payment", () => {
  beforeEach(async () => {
    for (const [name, value] of [
      ["onlinePayment", true],
      ["mobilepay", true],
      ["payAtPickup", true],
    ] as const) {
      await setSetting(t, t.restaurantA, name, value);
    }
  });

  test("card: an ONLINE payment waiting on the test provider's hosted page; the checkout becomes PENDING", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const res = await pay(t, checkoutId, { paymentMethods: "card" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      state: PaymentState.CREATED,
      type: PaymentType.ONLINE,
      amount: 119,
      paymentUrl: `http://localhost:80/api/payment/${body.id}/open`,
      payments: [{ paymentId: body.id, amount: 119, type: PaymentType.ONLINE }],
    });
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.PENDING);
    const [row] = await paymentsOf(t, checkoutId);
    expect(row).toMatchObject({ provider: "test", method: "card", isTest: true, providerReference: `test_${body.id}` });
  });

  test("accepts an empty JSON body and ignores unknown body fields (decision 007; they were 400)", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const url = (await pay(t, checkoutId)).json().paymentUrl as string;
    expect(url).toMatch(/\/api\/payment\/[^/]+\/open$/);
    const withUnknown = await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/payment?moduleId=${t.restaurantA.module.id}&continuationUrl=http://localhost/a&cancellationUrl=http://localhost/b`,
      headers: t.restaurantA.auth,
      payload: { amount: 1 },
    });
    expect(withUnknown.statusCode).toBe(200);
  });

  test("pickup: an UNPAID payment, AUTHORIZED at once without a hosted step; the order is placed before the answer", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const res = await pay(t, checkoutId, { paymentMethods: "pickup" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: PaymentState.AUTHORIZED,
      type: PaymentType.UNPAID,
      amount: 119,
      paymentUrl: null,
    });
    expect(await checkoutRow(t, checkoutId)).toMatchObject({ state: CheckoutState.DONE, orderId: expect.any(String) });
  });

  test("pickup into a slot that is full by now: 409 SLOT_FULL and nothing is created", async () => {
    await setItemsPerSlot(t, t.restaurantA, 0);
    const { checkoutId } = await preparedCheckout(t);
    const res = await pay(t, checkoutId, { paymentMethods: "pickup" });
    await setItemsPerSlot(t, t.restaurantA, 30);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("SLOT_FULL");
    expect(await paymentsOf(t, checkoutId)).toEqual([]);
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.OPEN);
  });

  test("a pickup time that has passed since it was chosen is 422 DeliveryMethod.TimePicker", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      orderReadyTime: new Date(clock.now().getTime() - 15 * 60_000),
    });
    const res = await pay(t, checkoutId, { paymentMethods: "card" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ code: "DeliveryMethod.TimePicker", field: "orderReadyTime" });
    expect(await paymentsOf(t, checkoutId)).toEqual([]);
  });

  test("isTest from the query is ignored: the provider decides (the test provider always is)", async () => {
    const { checkoutId } = await preparedCheckout(t);
    expect((await pay(t, checkoutId, { paymentMethods: "card", isTest: "false" })).statusCode).toBe(200);
    expect((await paymentsOf(t, checkoutId))[0]!.isTest).toBe(true);
    const pickup = await preparedCheckout(t);
    expect((await pay(t, pickup.checkoutId, { paymentMethods: "pickup", isTest: "true" })).statusCode).toBe(200);
    expect((await paymentsOf(t, pickup.checkoutId))[0]!.isTest).toBe(false);
  });

  test("pickup when it is the only method the shop allows", async () => {
    await setSetting(t, t.restaurantA, "onlinePayment", false);
    await setSetting(t, t.restaurantA, "mobilepay", false);
    const { checkoutId } = await preparedCheckout(t);
    const res = await pay(t, checkoutId);
    expect(res.json()).toMatchObject({ type: PaymentType.UNPAID, paymentUrl: null });
  });

  test("mobilepay goes through the hosted page with its method", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const res = await pay(t, checkoutId, { paymentMethods: "mobilepay" });
    expect(res.json().type).toBe(PaymentType.ONLINE);
    const page = await t.request({ method: "GET", url: `/api/payment/test/${res.json().id}` });
    expect(page.body).toContain("MobilePay");
  });

  test("a method the shop does not allow is 422 PAYMENT_METHOD_NOT_ALLOWED; an unknown one 400", async () => {
    await setSetting(t, t.restaurantA, "mobilepay", false);
    const { checkoutId } = await preparedCheckout(t);
    const refused = await pay(t, checkoutId, { paymentMethods: "mobilepay" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe("PAYMENT_METHOD_NOT_ALLOWED");
    const unknown = await pay(t, checkoutId, { paymentMethods: "bitcoin" });
    expect(unknown.statusCode).toBe(400);
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.OPEN);
  });

  test("a gift card that covers everything: only an AUTHORIZED GIFTCARD payment, balance drawn once", async () => {
    const card = await refilledDemoGiftcard(t);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      giftcards: [{ code: "GAVE-500", amountMinor: BURGER }],
    });
    const res = await pay(t, checkoutId, { paymentMethods: "card" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: PaymentState.AUTHORIZED,
      type: PaymentType.GIFTCARD,
      amount: 119,
      paymentUrl: null,
    });
    expect(res.json().payments).toHaveLength(1);
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.DONE);
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(50000 - BURGER);
    const transactions = await giftcardTransactions(card.id);
    expect(transactions.filter((row) => row.paymentId === res.json().id)).toEqual([
      expect.objectContaining({ amountMinor: -BURGER }),
    ]);
  });

  test("a gift card paying part: the rest is an online payment; both are listed", async () => {
    await refilledDemoGiftcard(t);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      lines: [{ product: "classic-burger", amount: 2 }],
      giftcards: [{ code: "GAVE-500", amountMinor: 10000 }],
    });
    const res = await pay(t, checkoutId, { paymentMethods: "card" });
    const body = res.json();
    expect(body).toMatchObject({ type: PaymentType.ONLINE, state: PaymentState.CREATED, amount: 138 });
    expect(body.payments).toEqual([
      { paymentId: expect.any(String), amount: 100, type: PaymentType.GIFTCARD },
      { paymentId: body.id, amount: 138, type: PaymentType.ONLINE },
    ]);
  });

  test("a gift card whose balance no longer covers it is 409 Giftcard.Generic and nothing is drawn", async () => {
    const big = await giftcardRow(t, t.restaurantA, "GAVE-500");
    const small = await giftcardRow(t, t.restaurantA, "GAVE-100");
    await setGiftcardBalance(t, big.id, 50000);
    await setGiftcardBalance(t, small.id, 1000);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      lines: [{ product: "classic-burger", amount: 2 }],
      giftcards: [
        { code: "GAVE-500", amountMinor: 5000 },
        { code: "GAVE-100", amountMinor: 5000 },
      ],
    });
    const res = await pay(t, checkoutId, { paymentMethods: "card" });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("Giftcard.Generic");
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(50000);
    expect((await giftcardRow(t, t.restaurantA, "GAVE-100")).balanceMinor).toBe(1000);
    expect(await paymentsOf(t, checkoutId)).toEqual([]);
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.OPEN);
    await setGiftcardBalance(t, small.id, 10000);
  });

  test("stores the amounts the checkout shows: the discount as the basket gives it now, the gift card capped", async () => {
    const card = await giftcardRow(t, t.restaurantA, "GAVE-500");
    await setGiftcardBalance(t, card.id, 50000);
    // Amounts stored before the basket changed: reads show them recomputed, without storing them.
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      lines: [{ product: "classic-burger", amount: 2 }],
      discount: { code: "SOMMER10", amountMinor: 100 },
      giftcards: [{ code: "GAVE-500", amountMinor: 50000 }],
      orderReadyTime: slotOfTheirOwn(),
    });
    const shown = await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: t.restaurantA.auth });
    expect(shown.json().totals).toMatchObject({ basketTotal: 238, discount: 23.8, giftcard: 214.2, totalLeft: 0 });

    expect((await pay(t, checkoutId, { paymentMethods: "card" })).statusCode).toBe(200);
    expect(await appliedRows(checkoutId)).toEqual({
      discounts: [expect.objectContaining({ code: "SOMMER10", amountMinor: 2380 })],
      giftcards: [expect.objectContaining({ code: "GAVE-500", amountMinor: 21420 })],
    });
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(50000 - 21420);
    await setGiftcardBalance(t, card.id, 50000);
  });

  test("deletes a gift card the basket no longer lets pay: a gift-card product joined it after the card was applied", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      lines: [
        { product: "classic-burger", amount: 1 },
        { product: "giftcard-250", amount: 1 },
      ],
      giftcards: [{ code: "GAVE-500", amountMinor: 5000 }],
      orderReadyTime: slotOfTheirOwn(),
    });
    const res = await pay(t, checkoutId, { paymentMethods: "card" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: PaymentType.ONLINE, amount: 369 });
    expect(await appliedRows(checkoutId)).toEqual({ discounts: [], giftcards: [] });
  });

  test("continuation and cancellation URLs must be absolute http(s) URLs on the module's hosts", async () => {
    const { checkoutId } = await preparedCheckout(t);
    for (const continuationUrl of [
      "https://evil.example/steal",
      "javascript:alert(1)",
      "/payment/relative",
      "http://localhost.evil.example/x",
      "http://user:pw@localhost/x",
    ]) {
      const res = await pay(t, checkoutId, { continuationUrl });
      expect(res.statusCode, continuationUrl).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: "REDIRECT_URL_NOT_ALLOWED", field: "continuationUrl" });
    }
    const cancel = await pay(t, checkoutId, { cancellationUrl: "https://127.0.0.1/checkout" });
    expect(cancel.statusCode).toBe(400); // restaurant B's host, not this module's
    expect((await pay(t, checkoutId, { continuationUrl: "https://LOCALHOST:8443/payment/x" })).statusCode).toBe(200);
  });

  test("a new request cancels a waiting one and gives its gift-card money back before drawing again", async () => {
    await refilledDemoGiftcard(t);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      lines: [{ product: "classic-burger", amount: 2 }],
      giftcards: [{ code: "GAVE-500", amountMinor: 10000 }],
    });
    const first = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    const second = await pay(t, checkoutId, { paymentMethods: "pickup" });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ type: PaymentType.UNPAID, amount: 138 });
    const rows = await paymentsOf(t, checkoutId);
    expect(rows.find((row) => row.id === first.id)?.state).toBe(PaymentState.CANCELLED);
    const giftcardStates = rows.filter((row) => row.type === PaymentType.GIFTCARD).map((row) => row.state);
    expect(giftcardStates.sort()).toEqual([PaymentState.AUTHORIZED, PaymentState.REFUNDED]);
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(40000);
    // Each request is its own attempt, even within one millisecond; the newest is the checkout's payment.
    expect(rows.find((row) => row.id === first.id)?.attempt).toBe(1);
    expect(rows.find((row) => row.id === second.json().id)?.attempt).toBe(2);
    const current = await t.request({
      method: "GET",
      url: `/api/payment/checkout/${checkoutId}`,
      headers: t.restaurantA.auth,
    });
    expect(current.json()).toMatchObject({ id: second.json().id, payments: [{ type: 1 }, { type: 2 }] });
  });

  test("the same request again answers the waiting payment as it is (a double click keeps one hosted page)", async () => {
    await refilledDemoGiftcard(t);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      lines: [{ product: "classic-burger", amount: 2 }],
      giftcards: [{ code: "GAVE-500", amountMinor: 10000 }],
    });
    const first = await pay(t, checkoutId, { paymentMethods: "card", receiptEmail: "a@example.dk" });
    const second = await pay(t, checkoutId, { paymentMethods: "card", receiptEmail: "a@example.dk" });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const rows = await paymentsOf(t, checkoutId);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.state !== PaymentState.CANCELLED)).toBe(true);
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(40000);

    // Anything different (here the receipt email) is a new attempt that replaces the waiting one.
    const third = await pay(t, checkoutId, { paymentMethods: "card", receiptEmail: "b@example.dk" });
    expect(third.json().id).not.toBe(first.json().id);
    const after = await paymentsOf(t, checkoutId);
    expect(after.find((row) => row.id === first.json().id)?.state).toBe(PaymentState.CANCELLED);
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(40000);
  });

  test("an authorized payment stands: another request is 409 ALREADY_PAID", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId)).json();
    expect((await pressTestButton(t, id, "approve")).statusCode).toBe(303);
    const again = await pay(t, checkoutId);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe("ALREADY_PAID");
  });

  test("the checkout must be complete: basket, guest information, pickup time", async () => {
    const empty = await preparedCheckout(t, t.restaurantA, { lines: [] });
    expect((await pay(t, empty.checkoutId)).json().errors[0].code).toBe("BASKET_EMPTY");
    const noPhone = await preparedCheckout(t, t.restaurantA, { guest: { phone: null } });
    const phone = await pay(t, noPhone.checkoutId);
    expect(phone.statusCode).toBe(422);
    expect(phone.json().errors[0]).toMatchObject({ code: "MissingFields.Phone", field: "phone" });
    const noTime = await preparedCheckout(t, t.restaurantA, { orderReadyTime: null });
    const time = await pay(t, noTime.checkoutId);
    expect(time.statusCode).toBe(422);
    expect(time.json().errors[0]).toMatchObject({ code: "DeliveryMethod.TimePicker", message: "Please choose a time" });
  });

  test("another restaurant's checkout or module is 404; a finished checkout is 409", async () => {
    const { checkoutId } = await preparedCheckout(t);
    expect((await pay(t, checkoutId, {}, t.restaurantB)).statusCode).toBe(404);
    expect((await pay(t, checkoutId, { moduleId: t.restaurantB.module.id })).statusCode).toBe(404);
    await t.db.update(schema.checkout).set({ state: CheckoutState.ERROR }).where(eq(schema.checkout.id, checkoutId));
    const res = await pay(t, checkoutId);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("CHECKOUT_NOT_OPEN");
  });

  test("receiptEmail follows the guest-email rule: one plain mailbox (400 otherwise), international domains allowed", async () => {
    const { checkoutId } = await preparedCheckout(t);
    for (const receiptEmail of [
      "<script>alert(1)</script>@x.dk",
      "a\r\nBcc: victim@evil.com",
      "Evil <victim@evil.com>",
    ]) {
      const refused = await pay(t, checkoutId, { receiptEmail });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({ code: "Input.Invalid", field: "querystring.receiptEmail" });
    }
    expect((await pay(t, checkoutId, { receiptEmail: "jens@blåbær.dk" })).statusCode).toBe(200);
  });

  test("malformed query parameters are 400", async () => {
    const { checkoutId } = await preparedCheckout(t);
    expect((await pay(t, checkoutId, { isTest: "maybe" })).statusCode).toBe(400);
    expect((await pay(t, checkoutId, { receiptEmail: "not-an-email" })).statusCode).toBe(400);
    const missing = await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/payment?moduleId=${t.restaurantA.module.id}`,
      headers: t.restaurantA.auth,
    });
    expect(missing.statusCode).toBe(400);
    expect(
      (await t.request({ method: "POST", url: "/api/checkout/not-a-uuid/payment", headers: t.restaurantA.auth }))
        .statusCode,
    ).toBe(400);
    expect((await t.request({ method: "POST", url: `/api/checkout/${checkoutId}/payment` })).statusCode).toBe(401);
  });
});

describe("the test provider's hosted page", () => {
  test("says it is a test payment that takes no money, in the shop's words in Danish (no language asked for), with the amount, restaurant, method and three buttons", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      lines: [{ product: "classic-burger", amount: 1 }],
    });
    const { id } = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    const page = await t.request({ method: "GET", url: `/api/payment/test/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain("Testtilstand – der trækkes ingen penge");
    expect(page.body).toContain("Dette er en testbetaling.");
    expect(page.body).not.toContain("Test mode");
    expect(page.body).toContain("119 kr.");
    expect(page.body).toContain("Bistro Nørrebro");
    expect(page.body).toContain("Betalingskort");
    for (const action of ["approve", "decline", "cancel"]) {
      expect(page.body).toContain(`<form method="post" action="./${id}/${action}">`);
    }
    expect(page.body).toMatch(/<html lang="da">/);
  });

  test("approve: AUTHORIZED 128 and 303 to the continuation URL; a second press is 409", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId)).json();
    const res = await pressTestButton(t, id, "approve");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:5173/payment/${checkoutId}`);
    expect((await paymentsOf(t, checkoutId))[0]!.state).toBe(PaymentState.AUTHORIZED);
    // The order is placed before the guest is sent on: the order page only has to poll the checkout.
    const checkout = await checkoutRow(t, checkoutId);
    expect(checkout).toMatchObject({ state: CheckoutState.DONE, orderId: expect.any(String) });
    const receipts = await t.db
      .select()
      .from(schema.receiptMessage)
      .where(eq(schema.receiptMessage.orderId, checkout.orderId!));
    expect(receipts).toHaveLength(1);
    const again = await pressTestButton(t, id, "decline");
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe("PAYMENT_NOT_CREATED");
    const page = await t.request({ method: "GET", url: `/api/payment/test/${id}` });
    expect(page.body).not.toContain("<form");
    expect(page.body).toContain("Godkendt");
  });

  test("decline: FAILED 64, 303 to the continuation URL, gift cards given back and the checkout reopened", async () => {
    await refilledDemoGiftcard(t);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      lines: [{ product: "classic-burger", amount: 2 }],
      giftcards: [{ code: "GAVE-500", amountMinor: 5000 }],
    });
    const { id } = (await pay(t, checkoutId)).json();
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(45000);
    const res = await pressTestButton(t, id, "decline");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:5173/payment/${checkoutId}`);
    const rows = await paymentsOf(t, checkoutId);
    expect(rows.find((row) => row.id === id)?.state).toBe(PaymentState.FAILED);
    expect(rows.find((row) => row.type === PaymentType.GIFTCARD)?.state).toBe(PaymentState.REFUNDED);
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(50000);
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.OPEN);
  });

  test("an approval after the payment was cancelled is refunded: 409 PAYMENT_REFUNDED, once, and no order", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId)).json();
    const cancel = await t.request({
      method: "POST",
      url: "/api/payment/cancel",
      headers: t.restaurantA.auth,
      payload: { paymentId: id },
    });
    expect(cancel.statusCode).toBe(200);
    const late = await pressTestButton(t, id, "approve");
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].code).toBe("PAYMENT_REFUNDED");
    const replayed = await pressTestButton(t, id, "approve");
    expect(replayed.json().errors[0].code).toBe("PAYMENT_REFUNDED");
    expect(await refundsOf(t, id)).toEqual([expect.objectContaining({ amountMinor: BURGER })]);
    expect((await paymentsOf(t, checkoutId))[0]!.state).toBe(PaymentState.CANCELLED);
    expect(await checkoutRow(t, checkoutId)).toMatchObject({ state: CheckoutState.OPEN, orderId: null });
  });

  test("an approval after a decline is refunded too; a decline after a decline is 409 PAYMENT_NOT_CREATED", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId)).json();
    expect((await pressTestButton(t, id, "decline")).statusCode).toBe(303);
    expect((await pressTestButton(t, id, "decline")).json().errors[0].code).toBe("PAYMENT_NOT_CREATED");
    expect((await pressTestButton(t, id, "approve")).json().errors[0].code).toBe("PAYMENT_REFUNDED");
    expect(await refundsOf(t, id)).toHaveLength(1);
  });

  test("a browser pressing approve after the payment was cancelled gets the page again (409), saying it is refunded", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId)).json();
    await t.request({
      method: "POST",
      url: "/api/payment/cancel",
      headers: t.restaurantA.auth,
      payload: { paymentId: id },
    });
    const res = await pressTestButton(t, id, "approve", BROWSER_ACCEPT);
    expect(res.statusCode).toBe(409);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain("Testtilstand – der trækkes ingen penge");
    expect(res.body).toContain("<strong>Annulleret</strong>");
    // A test payment never took money: nothing is said to be refunded.
    expect(res.body).toContain("Der er ikke trukket nogen penge.");
    expect(res.body).not.toMatch(/bliver refunderet|is refunded/);
    expect(res.body).not.toContain("<form");
    expect(await refundsOf(t, id)).toHaveLength(1);
  });

  test("a browser pressing a button on a payment already approved gets the page again (409) showing it approved", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId)).json();
    expect((await pressTestButton(t, id, "approve", BROWSER_ACCEPT)).statusCode).toBe(303);
    const res = await pressTestButton(t, id, "cancel", BROWSER_ACCEPT);
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain("<strong>Godkendt</strong>");
    expect(res.body).toContain("er allerede gennemført, afvist eller annulleret");
    expect((await paymentsOf(t, checkoutId))[0]!.state).toBe(PaymentState.AUTHORIZED);
  });

  test("a client that does not ask for HTML keeps the JSON 409", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId)).json();
    await pressTestButton(t, id, "decline");
    const res = await pressTestButton(t, id, "decline", "application/json");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errors: [{ code: "PAYMENT_NOT_CREATED", message: expect.any(String) }] });
  });

  test("cancel: CANCELLED 2 and 303 to the cancellation URL", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId)).json();
    const res = await pressTestButton(t, id, "cancel");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("http://localhost:5173/checkout");
    expect((await paymentsOf(t, checkoutId))[0]!.state).toBe(PaymentState.CANCELLED);
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.OPEN);
  });

  test("needs no token but a real payment id; an unknown action is 400", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await t.request({ method: "GET", url: `/api/payment/test/${unknown}` })).statusCode).toBe(404);
    expect((await pressTestButton(t, unknown, "approve")).statusCode).toBe(404);
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId)).json();
    const res = await t.request({
      method: "POST",
      url: `/api/payment/test/${id}/steal`,
      payload: "",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(400);
  });

  test("an UNPAID or gift-card payment has no hosted page", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId, { paymentMethods: "pickup" })).json();
    expect((await t.request({ method: "GET", url: `/api/payment/test/${id}` })).statusCode).toBe(404);
    expect((await pressTestButton(t, id, "approve")).statusCode).toBe(404);
  });
});

describe("GET /api/payment/checkout/:checkoutId", () => {
  test("answers the current payment, also after it failed; 404 before any", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const url = `/api/payment/checkout/${checkoutId}`;
    const none = await t.request({ method: "GET", url, headers: t.restaurantA.auth });
    expect(none.statusCode).toBe(404);
    const created = (await pay(t, checkoutId)).json();
    const current = await t.request({ method: "GET", url, headers: t.restaurantA.auth });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual(created);
    await pressTestButton(t, created.id, "decline");
    const failed = (await t.request({ method: "GET", url, headers: t.restaurantA.auth })).json();
    expect(failed).toMatchObject({ id: created.id, state: PaymentState.FAILED, paymentUrl: null });
  });

  test("lists the gift-card payments of the attempt with the main one", async () => {
    await refilledDemoGiftcard(t);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      lines: [{ product: "classic-burger", amount: 2 }],
      giftcards: [{ code: "GAVE-500", amountMinor: 5000 }],
    });
    const created = (await pay(t, checkoutId)).json();
    const res = await t.request({
      method: "GET",
      url: `/api/payment/checkout/${checkoutId}`,
      headers: t.restaurantA.auth,
    });
    expect(res.json()).toEqual(created);
    expect(res.json().payments).toHaveLength(2);
  });

  test("is 404 for another restaurant's checkout", async () => {
    const { checkoutId } = await preparedCheckout(t);
    await pay(t, checkoutId);
    const res = await t.request({
      method: "GET",
      url: `/api/payment/checkout/${checkoutId}`,
      headers: t.restaurantB.auth,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("POST /api/payment/cancel", () => {
  const cancel = (paymentId: string, auth = t.restaurantA.auth, extra: object = {}) =>
    t.request({
      method: "POST",
      url: "/api/payment/cancel",
      headers: auth,
      payload: { paymentId, isTest: true, ...extra },
    });

  test("cancels a waiting payment, gives the gift cards back and reopens the checkout; again is a no-op", async () => {
    const card = await refilledDemoGiftcard(t);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      lines: [{ product: "classic-burger", amount: 2 }],
      giftcards: [{ code: "GAVE-500", amountMinor: 5000 }],
    });
    const { id } = (await pay(t, checkoutId)).json();
    const res = await cancel(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, state: PaymentState.CANCELLED, paymentUrl: null });
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(50000);
    const refunds = (await giftcardTransactions(card.id)).filter((row) => row.amountMinor === 5000);
    expect(refunds.length).toBeGreaterThan(0);
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.OPEN);

    const again = await cancel(id);
    expect(again.statusCode).toBe(200);
    expect(again.json().state).toBe(PaymentState.CANCELLED);
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(50000);
  });

  test("a pay-at-pickup payment is settled at once (its order placed): 409 ALREADY_PAID", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId, { paymentMethods: "pickup" })).json();
    const res = await cancel(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("ALREADY_PAID");
    expect((await paymentsOf(t, checkoutId))[0]!.state).toBe(PaymentState.AUTHORIZED);
  });

  test("an authorized payment is 409 ALREADY_PAID", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId)).json();
    await pressTestButton(t, id, "approve");
    const res = await cancel(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("ALREADY_PAID");
  });

  test("a declined payment is 409 PAYMENT_NOT_CANCELLABLE and stays FAILED", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId)).json();
    await pressTestButton(t, id, "decline");
    const res = await cancel(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toEqual({
      code: "PAYMENT_NOT_CANCELLABLE",
      message: expect.stringContaining("declined"),
    });
    expect((await paymentsOf(t, checkoutId))[0]!.state).toBe(PaymentState.FAILED);
  });

  test("a payment refunded because its order could not be placed is 409 PAYMENT_NOT_CANCELLABLE", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId)).json();
    // An attempt that holds no units (started before holds) into a slot that filled up meanwhile.
    await withoutHolds(t, checkoutId);
    await setItemsPerSlot(t, t.restaurantA, 0);
    await pressTestButton(t, id, "approve");
    await setItemsPerSlot(t, t.restaurantA, 30);
    expect((await paymentsOf(t, checkoutId))[0]!.state).toBe(PaymentState.REFUNDED);
    const res = await cancel(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toEqual({
      code: "PAYMENT_NOT_CANCELLABLE",
      message: expect.stringContaining("refunded"),
    });
  });

  test("unknown or another restaurant's payment is 404; unknown fields are ignored (decision 007)", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId)).json();
    expect((await cancel(id, t.restaurantB.auth)).statusCode).toBe(404);
    expect((await cancel("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await cancel(id, t.restaurantA.auth, { amount: 5, isTest: "yes" })).statusCode).toBe(200);
    expect(
      (await t.request({ method: "POST", url: "/api/payment/cancel", headers: t.restaurantA.auth })).statusCode,
    ).toBe(400);
  });
});
