/**
 * The guest's choice of method reaches the provider (issue 46): the storefront sends `paymentMethods` with the
 * chosen method first (SPEC §7), and createPayment hands the provider that method as `method` and the whole
 * list as `methods` (a Stripe Checkout Session offers exactly those). Pay at pickup never reaches a provider.
 */
import { PaymentType } from "@app/domain";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { pay, paymentsOf, preparedCheckout, setSetting } from "../../testing/order-fixtures";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";
import type { CreatePaymentInput, PaymentProvider } from "./providers/provider";
import { testPaymentProvider } from "./providers/test-provider";

let t: TestApp;
const asked: CreatePaymentInput[] = [];

beforeAll(async () => {
  // The demo modules' provider, recording what it is asked for.
  const base = testPaymentProvider();
  const recording: PaymentProvider = {
    ...base,
    createPayment: (input) => {
      asked.push(input);
      return base.createPayment(input);
    },
  };
  // A Monday, 11:00 in Copenhagen: the demo restaurants are open and take orders.
  t = await createTestApp({ clock: createClock("2026-11-23T10:00:00Z"), paymentProviders: [recording] });
});
afterAll(() => t.close());

beforeEach(async () => {
  asked.length = 0;
  for (const name of ["onlinePayment", "mobilepay", "payAtPickup"]) await setSetting(t, t.restaurantA, name, true);
});

async function payWithMethods(paymentMethods?: string) {
  const { checkoutId } = await preparedCheckout(t);
  const res = await pay(t, checkoutId, paymentMethods === undefined ? {} : { paymentMethods });
  expect(res.statusCode, res.body).toBe(200);
  return { checkoutId, asked: asked.map(({ method, methods }) => ({ method, methods })) };
}

test("MobilePay chosen: the provider is asked for MobilePay, and the payment row says so", async () => {
  const { checkoutId, asked } = await payWithMethods("mobilepay");
  expect(asked).toEqual([{ method: "mobilepay", methods: ["mobilepay"] }]);
  expect((await paymentsOf(t, checkoutId))[0]).toMatchObject({ method: "mobilepay", type: PaymentType.ONLINE });
});

test("card chosen: the provider is asked for card", async () => {
  expect((await payWithMethods("card")).asked).toEqual([{ method: "card", methods: ["card"] }]);
});

test("the chosen method first, then the others the guest accepts, in the guest's order", async () => {
  expect((await payWithMethods("mobilepay,card")).asked).toEqual([
    { method: "mobilepay", methods: ["mobilepay", "card"] },
  ]);
  asked.length = 0;
  expect((await payWithMethods("card,mobilepay")).asked).toEqual([{ method: "card", methods: ["card", "mobilepay"] }]);
});

test("pay at pickup never reaches the provider", async () => {
  const { checkoutId, asked } = await payWithMethods("pickup");
  expect(asked).toEqual([]);
  expect((await paymentsOf(t, checkoutId))[0]).toMatchObject({ method: "pickup", type: PaymentType.UNPAID });
});

test("no method named: the first online method the module allows", async () => {
  await setSetting(t, t.restaurantA, "onlinePayment", false);
  expect((await payWithMethods()).asked).toEqual([{ method: "mobilepay", methods: ["mobilepay"] }]);
});

test("a method the module switched off is refused before the provider is asked", async () => {
  await setSetting(t, t.restaurantA, "mobilepay", false);
  const { checkoutId } = await preparedCheckout(t);
  const res = await pay(t, checkoutId, { paymentMethods: "mobilepay" });
  expect(res.statusCode).toBe(422);
  expect(res.json().errors[0]).toMatchObject({ code: "PAYMENT_METHOD_NOT_ALLOWED", field: "paymentMethods" });
  expect(asked).toEqual([]);
});
