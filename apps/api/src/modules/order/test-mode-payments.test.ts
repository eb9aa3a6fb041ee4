import { CheckoutState, PaymentType } from "@app/domain";
import { beforeEach, expect, test } from "vitest";
import { pay, preparedCheckout, pressTestButton, setSetting } from "../../testing/order-fixtures";
import { useTestApp } from "../../testing/test-app";

const { t } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen

beforeEach(async () => {
  await setSetting(t, t.restaurantA, "onlinePayment", true);
  await setSetting(t, t.restaurantA, "payAtPickup", true);
});

async function orderOf(checkoutId: string) {
  const checkout = (
    await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: t.restaurantA.auth })
  ).json();
  expect(checkout).toMatchObject({ state: CheckoutState.DONE, orderId: expect.any(String) });
  const res = await t.request({ method: "GET", url: `/api/order/${checkout.orderId}`, headers: t.restaurantA.auth });
  expect(res.statusCode).toBe(200);
  return res.json();
}

test("a card payment taken by the test provider is isTest: true in the order", async () => {
  const { checkoutId } = await preparedCheckout(t);
  const payment = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
  expect((await pressTestButton(t, payment.id, "approve")).statusCode).toBe(303);
  const order = await orderOf(checkoutId);
  expect(order.payments).toEqual([
    expect.objectContaining({ paymentId: payment.id, type: PaymentType.ONLINE, method: "card", isTest: true }),
  ]);
});

test("a MobilePay payment says so in the order, so the receipt can name it", async () => {
  await setSetting(t, t.restaurantA, "mobilepay", true);
  const { checkoutId } = await preparedCheckout(t);
  const payment = (await pay(t, checkoutId, { paymentMethods: "mobilepay" })).json();
  expect((await pressTestButton(t, payment.id, "approve")).statusCode).toBe(303);
  const order = await orderOf(checkoutId);
  expect(order.payments).toEqual([expect.objectContaining({ type: PaymentType.ONLINE, method: "mobilepay" })]);
});

test("pay at pickup is not a test payment: isTest: false", async () => {
  const { checkoutId } = await preparedCheckout(t);
  expect((await pay(t, checkoutId, { paymentMethods: "pickup" })).statusCode).toBe(200);
  const order = await orderOf(checkoutId);
  expect(order.payments).toEqual([
    expect.objectContaining({ type: PaymentType.UNPAID, method: "pickup", isTest: false }),
  ]);
});
