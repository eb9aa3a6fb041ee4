/**
 * The whole guest flow through the API, as the storefront does it: basket → checkout → link basket →
 * pickup slot → guest information with the slot's time → discount SOMMER10 → gift card GAVE-100 →
 * validate with the restaurant → payment by card → approve on the test provider's hosted page
 * (following the form post) → the order page polls the checkout until DONE (the server placed the
 * order when the payment was approved) → the order with its receipt number.
 */
import { CheckoutState, PaymentState, PaymentType } from "@app/domain";
import { expect, test } from "vitest";
import { basketHelpers } from "../../testing/basket-helpers";
import { followPaymentUrl, giftcardRow, pressTestButton } from "../../testing/order-fixtures";
import { useTestApp } from "../../testing/test-app";

const { t } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen

test("basket → checkout → slot → guest info → discount → gift card → validate → pay → approve → DONE → order", async () => {
  const a = t.restaurantA;
  const auth = a.auth;
  const json = async (res: { statusCode: number; body: string; json: () => unknown }, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as Record<string, unknown>;
  };

  // Basket: two classic burgers with their included options.
  const baskets = basketHelpers(() => t);
  const burger = await baskets.productId("Classic burger");
  const basket = await baskets.newBasket();
  await baskets.added(basket.id, { productId: burger, amount: 2, choices: await baskets.burgerBasics(burger) });

  // Checkout, linked to the basket.
  const checkout = await json(
    await t.request({
      method: "POST",
      url: `/api/checkout?instanceId=${a.module.checkoutInstanceId}&moduleId=${a.module.id}`,
      headers: auth,
    }),
  );
  const checkoutId = checkout.id as string;
  await json(
    await t.request({ method: "POST", url: `/api/checkout/${checkoutId}/basket?basketId=${basket.id}`, headers: auth }),
  );

  // A pickup slot of today, sent back with the guest information.
  const slots = (await json(
    await t.request({
      method: "POST",
      url: `/api/availableordertime/${checkoutId}`,
      headers: auth,
      payload: {
        productionUnitId: a.module.productionUnitId,
        date: "2026-11-23",
        capacityInstanceId: a.module.capacityInstanceId,
      },
    }),
  )) as unknown as { time: string; isAvailable: boolean }[];
  const slot = slots.find((s) => s.isAvailable)!;
  expect(slot).toBeDefined();
  await json(
    await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/guestInformation`,
      headers: auth,
      payload: {
        name: "Mette Hansen",
        phone: "12345678",
        email: "mette@example.dk",
        orderComment: "Ingen løg",
        orderReadyTime: slot.time,
      },
    }),
  );

  // Discount and gift card.
  const withDiscount = await json(
    await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/discount`,
      headers: auth,
      payload: { discountCode: "sommer10" },
    }),
  );
  expect(withDiscount.discounts).toEqual([expect.objectContaining({ discountCode: "SOMMER10", amount: 23.8 })]);
  const withGiftcard = await json(
    await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/giftcard`,
      headers: auth,
      payload: { giftcardCode: "GAVE-100" },
    }),
  );
  expect(withGiftcard.giftcards).toEqual([expect.objectContaining({ giftcardCode: "GAVE-100", amount: 100 })]);
  expect(withGiftcard.totals).toMatchObject({
    basketTotal: 238,
    discount: 23.8,
    total: 214.2,
    giftcard: 100,
    totalLeft: 114.2,
  });

  // Validate with the restaurant, then pay the rest by card.
  expect(
    await json(
      await t.request({
        method: "POST",
        url: `/api/order/validate?checkoutId=${checkoutId}`,
        headers: auth,
        payload: { productionUnitId: a.module.productionUnitId },
      }),
    ),
  ).toEqual({ valid: true });
  const continuationUrl = `http://localhost:5173/payment/${checkoutId}`;
  const payment = await json(
    await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/payment?${new URLSearchParams({
        moduleId: String(a.module.id),
        continuationUrl,
        cancellationUrl: "http://localhost:5173/checkout",
        paymentMethods: "card",
        isTest: "true",
      })}`,
      headers: auth,
    }),
  );
  expect(payment).toMatchObject({ type: PaymentType.ONLINE, state: PaymentState.CREATED, amount: 114.2 });
  expect(payment.payments).toEqual([
    { paymentId: expect.any(String), amount: 100, type: PaymentType.GIFTCARD },
    { paymentId: payment.id, amount: 114.2, type: PaymentType.ONLINE },
  ]);

  // While it is being paid for, the basket cannot change under the payment.
  const change = await t.request({
    method: "POST",
    url: `/api/basket/${basket.id}/products`,
    headers: auth,
    payload: { productId: burger, amount: 1, choices: await baskets.burgerBasics(burger) },
  });
  expect(change.statusCode).toBe(409);
  expect(change.json().errors[0].code).toBe("BASKET_LOCKED");
  const pointer = await json(await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: auth }));
  expect(pointer.payment).toEqual({ paymentId: payment.id });

  // The hosted page: open it (our link redirects to it), find the approve form and post it as a browser would.
  const pageUrl = await followPaymentUrl(t, payment.paymentUrl as string);
  const page = await t.request({ method: "GET", url: pageUrl.pathname });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain("Testtilstand – der trækkes ingen penge");
  expect(page.body).toContain("114,20 kr.");
  const form = /<form method="post" action="([^"]+\/approve)">([\s\S]*?)<\/form>/.exec(page.body);
  const action = form?.[1];
  expect(action).toBeDefined();
  const hidden = [...(form?.[2] ?? "").matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)];
  const approve = await t.request({
    method: "POST",
    url: new URL(action!, pageUrl).pathname,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(hidden.map(([, name, value]): [string, string] => [name!, value!])).toString(),
  });
  expect(approve.statusCode).toBe(303);
  expect(approve.headers.location).toBe(continuationUrl);

  // The payment page polls the payment; the order page polls the checkout, which is already DONE:
  // nobody calls finalize.
  const current = await json(
    await t.request({ method: "GET", url: `/api/payment/checkout/${checkoutId}`, headers: auth }),
  );
  expect(current.state).toBe(PaymentState.AUTHORIZED);
  const done = await json(await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: auth }));
  expect(done).toMatchObject({
    state: CheckoutState.DONE,
    orderId: expect.any(String),
    payment: { paymentId: payment.id },
  });

  const order = await json(await t.request({ method: "GET", url: `/api/order/${done.orderId}`, headers: auth }));
  expect(order).toMatchObject({
    checkoutId,
    orderReadyTime: slot.time,
    discounts: [{ code: "SOMMER10", amount: 23.8 }],
    totalAmount: 214.2,
    receipt: { number: 1001 },
    externalId: expect.stringMatching(/^[A-Z]+-1001$/),
  });
  expect(order.products).toEqual([
    expect.objectContaining({ productId: burger, amount: 2, total: 238, choices: expect.any(Array) }),
  ]);
  expect(order.payments).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ type: PaymentType.GIFTCARD, amount: 100, state: PaymentState.AUTHORIZED }),
      expect.objectContaining({ type: PaymentType.ONLINE, amount: 114.2, state: PaymentState.AUTHORIZED }),
    ]),
  );

  // The gift card paid 100 kr. of its 100 kr.
  expect((await giftcardRow(t, a, "GAVE-100")).balanceMinor).toBe(0);
});

test("an order page that still calls finalize gets the order the approval already placed, every time", async () => {
  const a = t.restaurantA;
  const baskets = basketHelpers(() => t);
  const burger = await baskets.productId("Classic burger");
  const basket = await baskets.newBasket();
  await baskets.added(basket.id, { productId: burger, amount: 1, choices: await baskets.burgerBasics(burger) });
  const checkoutId = (
    await t.request({
      method: "POST",
      url: `/api/checkout?instanceId=${a.module.checkoutInstanceId}&moduleId=${a.module.id}`,
      headers: a.auth,
    })
  ).json().id as string;
  await t.request({ method: "POST", url: `/api/checkout/${checkoutId}/basket?basketId=${basket.id}`, headers: a.auth });
  const saved = await t.request({
    method: "POST",
    url: `/api/checkout/${checkoutId}/guestInformation`,
    headers: a.auth,
    payload: {
      name: "Mette Hansen",
      phone: "12345678",
      email: "mette@example.dk",
      orderReadyTime: "2026-11-23T12:00:00.000Z",
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const payment = (
    await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/payment?${new URLSearchParams({
        moduleId: String(a.module.id),
        continuationUrl: `http://localhost:5173/payment/${checkoutId}`,
        cancellationUrl: "http://localhost:5173/checkout",
        paymentMethods: "card",
      })}`,
      headers: a.auth,
    })
  ).json();
  const approve = await pressTestButton(t, payment.id, "approve");
  expect(approve.statusCode).toBe(303);
  const placed = (await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: a.auth })).json();
  expect(placed).toMatchObject({ state: CheckoutState.DONE, orderId: expect.any(String) });

  for (let i = 0; i < 2; i++) {
    const res = await t.request({ method: "POST", url: `/api/checkout/${checkoutId}/finalize`, headers: a.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: CheckoutState.DONE, orderId: placed.orderId });
  }
  const order = (await t.request({ method: "GET", url: `/api/order/${placed.orderId}`, headers: a.auth })).json();
  expect(order.receipt.number).toBe(1002);
});
