/**
 * Issue 46: an order paid through Stripe says whether it was a test exactly as one paid through the built-in
 * test provider does (`isTest` in the order's payments, which the storefront's confirmation and the email
 * receipt show as a test payment): a Stripe test key is a test, a live key is not.
 */
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { CheckoutState } from "@app/domain";
import { afterAll, beforeAll, expect, test } from "vitest";
import { organisationOf } from "../../testing/admin-session";
import { pay, preparedCheckout, pressTestButton } from "../../testing/order-fixtures";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";
import { testPaymentProvider } from "./providers/test-provider";

let t: TestApp;
let organisationA: number;

beforeAll(async () => {
  // A stand-in for Stripe: the test provider's hosted page and buttons under the name "stripe", so a guest can
  // approve a Stripe payment here (the real provider's webhook does that: payment/providers/stripe-provider.ts).
  const stripe = { ...testPaymentProvider(), name: "stripe", testMode: false };
  // A Monday, 11:00 in Copenhagen: the demo restaurants are open and take orders.
  t = await createTestApp({ clock: createClock("2026-11-23T10:00:00Z"), paymentProviders: [stripe] });
  organisationA = await organisationOf(t.db, t.restaurantA.module.productionUnitId);
});
afterAll(() => t.close());

async function paidByStripe(liveMode: boolean) {
  await t.edit((db) =>
    db.insert(schema.paymentAccount).values({
      organisationId: organisationA,
      provider: "stripe",
      liveMode,
      secretKeySealed: "sealed-key-not-read-here",
      webhookSecretSealed: "sealed-secret-not-read-here",
      secretKeyHint: liveMode ? "sk_live_…4242" : "sk_test_…4242",
    }),
  );
  try {
    const { checkoutId } = await preparedCheckout(t);
    const payment = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    expect((await pressTestButton(t, payment.id, "approve")).statusCode).toBe(303);
    const checkout = (
      await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: t.restaurantA.auth })
    ).json();
    expect(checkout).toMatchObject({ state: CheckoutState.DONE, orderId: expect.any(String) });
    const order = await t.request({
      method: "GET",
      url: `/api/order/${checkout.orderId}`,
      headers: t.restaurantA.auth,
    });
    return order.json().payments;
  } finally {
    await t.edit((db) =>
      db.delete(schema.paymentAccount).where(eq(schema.paymentAccount.organisationId, organisationA)),
    );
  }
}

test("a Stripe test key's payment is isTest: true in the order, as the test provider's is", async () => {
  expect(await paidByStripe(false)).toEqual([expect.objectContaining({ method: "card", state: 128, isTest: true })]);
});

test("a live key's payment is isTest: false", async () => {
  expect(await paidByStripe(true)).toEqual([expect.objectContaining({ method: "card", state: 128, isTest: false })]);
});
