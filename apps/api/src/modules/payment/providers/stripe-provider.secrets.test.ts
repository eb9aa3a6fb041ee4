/**
 * A restaurant's Stripe secret key and webhook signing secret never leave the server: no log line (at debug, every
 * line the app writes), no answer and no stored error holds either, also when Stripe answers an error that quotes
 * the key it was sent. And a refund made in Stripe's dashboard, beyond what the back office refunded, is logged.
 */
import { schema } from "@app/db";
import { testDbKinds } from "@app/db/testing";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { type AdminActors, createAdminActors } from "../../../testing/admin-actors";
import type { FakeStripe } from "../../../testing/fake-stripe";
import {
  checkoutRow,
  pay,
  paymentsOf,
  preparedCheckout,
  refundsOf,
  setItemsPerSlot,
  setSetting,
} from "../../../testing/order-fixtures";
import { connectStripe, createStripeTestApp, type StripeAccount } from "../../../testing/stripe-account";
import { createClock, type TestApp } from "../../../testing/test-app";

describe.each(await testDbKinds())("Stripe secrets, on %s", (kind) => {
  const clock = createClock("2026-11-23T10:00:00Z");
  const logLines: string[] = [];
  const answers: LightMyRequestResponse[] = [];
  let t: TestApp;
  let stripe: FakeStripe;
  let close: () => Promise<void>;
  let account: StripeAccount;
  let actors: AdminActors;

  beforeAll(async () => {
    ({ t, stripe, close } = await createStripeTestApp({
      kind,
      clock,
      env: { LOG_LEVEL: "debug" },
      logStream: { write: (line) => logLines.push(line) },
    }));
    account = await connectStripe(t, t.restaurantA, { stripe });
    actors = await createAdminActors(t);
    await setSetting(t, t.restaurantA, "onlinePayment", true);
    await setItemsPerSlot(t, t.restaurantA, 100_000);
  }, 120_000);
  afterAll(() => close?.());

  /** Every answer the test gets is kept, to be searched at the end. */
  async function request(options: Parameters<TestApp["request"]>[0]) {
    const res = await t.request(options);
    answers.push(res);
    return res;
  }

  async function startPayment() {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA);
    const res = await pay(t, checkoutId, { paymentMethods: "card" });
    answers.push(res);
    const [row] = await paymentsOf(t, checkoutId);
    return { checkoutId, res, paymentId: row!.id, sessionId: row!.providerReference };
  }

  const webhook = (event: object, secret = account.webhookSecret) => {
    const payload = JSON.stringify(event);
    return request({
      method: "POST",
      url: `/api/payment/stripe/webhook/${account.webhookId}`,
      headers: { "content-type": "application/json", "stripe-signature": stripe.sign(payload, secret) },
      payload,
    });
  };

  test("Stripe quoting the key back: neither logs, nor answers, nor the refund outbox hold a secret", async () => {
    // Creating the session: Stripe refuses the key and quotes it.
    stripe.failNext("POST", /^\/v1\/checkout\/sessions$/, "echo-key");
    const refused = await startPayment();
    expect(refused.res.statusCode).toBe(503);

    // A payment that works, completed by a webhook, then one with a wrong signature.
    const paid = await startPayment();
    expect((await webhook(stripe.complete(paid.sessionId!))).statusCode).toBe(200);
    expect((await webhook(stripe.complete(paid.sessionId!), "whsec_wrong")).statusCode).toBe(400);

    // The guest back from Stripe while Stripe refuses the key.
    const waiting = await startPayment();
    stripe.failNext("GET", /^\/v1\/checkout\/sessions\//, "echo-key");
    expect((await request({ method: "GET", url: `/api/payment/stripe/return/${waiting.paymentId}` })).statusCode).toBe(
      303,
    );
    // The guest cancelling while Stripe refuses the key (voiding at Stripe is logged, not answered).
    stripe.failNext("POST", /\/expire$/, "echo-key");
    const cancelled = await request({
      method: "POST",
      url: "/api/payment/cancel",
      headers: t.restaurantA.auth,
      payload: { paymentId: waiting.paymentId },
    });
    expect(cancelled.statusCode).toBe(200);
    await vi.waitFor(() => expect(logLines.join("")).toContain("payment not voided at its provider"), {
      timeout: 10_000,
    });

    // A refund from the back office while Stripe refuses the key: it is stored as failed, to be tried again.
    stripe.failNext("POST", /^\/v1\/refunds$/, "echo-key");
    const orderId = (await checkoutRow(t, paid.checkoutId)).orderId!;
    const refund = await request(
      actors.as("manager", {
        method: "POST",
        url: `/api/admin/orders/${orderId}/refunds`,
        payload: { kind: "amount", amount: 5, reason: "Cold" },
      }),
    );
    expect(refund.statusCode, refund.body).toBe(201);
    await vi.waitFor(async () => expect((await refundsOf(t, paid.paymentId))[0]?.lastError).toBeTruthy(), {
      timeout: 10_000,
    });
    const [failedRefund] = await refundsOf(t, paid.paymentId);

    // Stripe did quote the key, and it was blotted out wherever the failure went.
    const quoted = stripe.requests.filter((r) => r.apiKey === account.secretKey);
    expect(quoted.length).toBeGreaterThan(4);
    expect(failedRefund!.lastError).toContain("Invalid API Key provided: [secret]");
    const logs = logLines.join("");
    expect(logs).toContain("Invalid API Key provided: [secret]");
    const stored = JSON.stringify(await t.db.select().from(schema.paymentRefund));
    for (const secret of [account.secretKey, account.webhookSecret]) {
      expect(logs, "the log").not.toContain(secret);
      expect(stored, "payment_refund").not.toContain(secret);
      for (const answer of answers) {
        expect(answer.body, answer.raw.req.url).not.toContain(secret);
        expect(JSON.stringify(answer.headers), answer.raw.req.url).not.toContain(secret);
      }
    }
  });

  test("a refund made in Stripe's dashboard is taken over and logged with our ids and Stripe's, no secret", async () => {
    const paid = await startPayment();
    expect((await webhook(stripe.complete(paid.sessionId!))).statusCode).toBe(200);
    const made = stripe.refundInDashboard(paid.sessionId!, 3000);
    const before = logLines.length;
    expect((await webhook(stripe.chargeRefunded(paid.sessionId!))).statusCode).toBe(200);
    const lines = logLines.slice(before);
    const recorded = lines
      .map((line) => JSON.parse(line))
      .find((line) => line.msg?.startsWith("Stripe dashboard refund"));
    expect(recorded).toMatchObject({
      level: 30,
      paymentId: paid.paymentId,
      stripeRefundId: made.id,
      amountMinor: 3000,
      refundedAtStripeMinor: 3000,
      refundedHereMinor: 0,
    });
    for (const secret of [account.secretKey, account.webhookSecret]) expect(lines.join("")).not.toContain(secret);
  });
});
