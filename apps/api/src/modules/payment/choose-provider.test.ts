/**
 * Where a module's online payments go (issue 46): the organisation's payment account, else the module's payment
 * instance. The storefront's notice (the settings' paymentTestMode) and payment.is_test come from this one rule;
 * a guest must never read "no money moves" and then pay for real, nor the other way round.
 */
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { organisationOf } from "../../testing/admin-session";
import { pay, paymentsOf, preparedCheckout } from "../../testing/order-fixtures";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";
import type { PaymentProvider } from "./providers/provider";
import { testPaymentProvider } from "./providers/test-provider";

const { paymentAccount } = schema;

let t: TestApp;
let organisationA: number;
beforeAll(async () => {
  // A stand-in named "stripe" (the real one is providers/stripe-provider.ts) whose own testMode is false: the
  // account's key, not the provider, must decide whether a Stripe payment is a test.
  const stripe: PaymentProvider = {
    ...testPaymentProvider(),
    name: "stripe",
    testMode: false,
    registerRoutes: undefined,
  };
  // A Monday, 11:00 in Copenhagen: the demo restaurants are open and take orders.
  t = await createTestApp({
    clock: createClock("2026-11-23T10:00:00Z"),
    paymentProviders: [testPaymentProvider(), stripe],
  });
  organisationA = await organisationOf(t.db, t.restaurantA.module.productionUnitId);
});
afterAll(() => t.close());

async function settingsSayTestMode(): Promise<boolean> {
  const res = await t.request({
    method: "GET",
    url: `/api/frontend/module/${t.restaurantA.module.id}`,
    headers: t.restaurantA.auth,
  });
  return res.json().paymentTestMode;
}

async function cardPayment() {
  const { checkoutId } = await preparedCheckout(t);
  const res = await pay(t, checkoutId, { paymentMethods: "card" });
  expect(res.statusCode, res.body).toBe(200);
  return (await paymentsOf(t, checkoutId))[0]!;
}

const connect = (liveMode: boolean) =>
  t.edit((db) =>
    db.insert(paymentAccount).values({
      organisationId: organisationA,
      provider: "stripe",
      liveMode,
      // Sealed secrets are opened only by the provider when it calls Stripe; choosing it never reads them.
      secretKeySealed: "sealed-key-not-read-here",
      webhookSecretSealed: "sealed-secret-not-read-here",
      secretKeyHint: liveMode ? "sk_live_…4242" : "sk_test_…4242",
    }),
  );
const disconnect = () =>
  t.edit((db) => db.delete(paymentAccount).where(eq(paymentAccount.organisationId, organisationA)));

test("without an account: the module's test provider, a test payment, and the settings say so", async () => {
  const payment = await cardPayment();
  expect(payment).toMatchObject({ provider: "test", isTest: true });
  expect(await settingsSayTestMode()).toBe(true);
});

test("with a Stripe test key: a Stripe payment that is a test, and the settings say so", async () => {
  await connect(false);
  try {
    expect(await cardPayment()).toMatchObject({ provider: "stripe", isTest: true });
    expect(await settingsSayTestMode()).toBe(true);
  } finally {
    await disconnect();
  }
});

test("with a live key: a real Stripe payment, and the settings say no test mode", async () => {
  await connect(true);
  try {
    expect(await cardPayment()).toMatchObject({ provider: "stripe", isTest: false });
    expect(await settingsSayTestMode()).toBe(false);
  } finally {
    await disconnect();
  }
});
