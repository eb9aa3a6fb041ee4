/**
 * The Stripe provider through the whole API, against a fake Stripe (testing/fake-stripe.ts) on PGlite and
 * PostgreSQL: the Checkout Session we ask for (checked field by field against Stripe's API reference), the
 * webhook and the return routes moving the payment once, however often and in whatever order Stripe speaks,
 * signatures that do not verify changing nothing, and refunds from the back office paid back once.
 */
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { CheckoutState, PaymentState } from "@app/domain";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { type AdminActors, createAdminActors } from "../../../testing/admin-actors";
import type { FakeStripe } from "../../../testing/fake-stripe";
import {
  checkoutRow,
  followPaymentUrl,
  giftcardRow,
  pay,
  paymentsOf,
  preparedCheckout,
  refilledDemoGiftcard,
  refundsOf,
  setItemsPerSlot,
  setSetting,
  testDeps,
} from "../../../testing/order-fixtures";
import {
  connectStripe,
  createStripeTestApp,
  disconnectStripe,
  type StripeAccount,
} from "../../../testing/stripe-account";
import { createClock, type TestApp } from "../../../testing/test-app";
import { createPaymentAccountCredentials } from "../../payment-accounts";
import { expiresAt, stripePaymentProvider } from "./stripe-provider";

const START = "2026-11-23T10:00:00Z"; // a Monday, 11:00 in Copenhagen
const API_CSP = "default-src 'none';frame-ancestors 'none'";

test.each([
  [30, 31],
  [10, 31],
  [45, 45],
  [24 * 60, 24 * 60 - 1],
  [5000, 24 * 60 - 1],
])(
  "PAYMENT_EXPIRY_MINUTES %i: the session expires after %i minutes (Stripe takes 30 min to 24 h)",
  (expiry, minutes) => {
    const now = new Date(START);
    expect(expiresAt(now, expiry)).toBe(now.getTime() / 1000 + minutes * 60);
  },
);

describe.each(await testDbKinds())("the Stripe provider, on %s", (kind) => {
  const clock = createClock(START);
  let t: TestApp;
  let stripe: FakeStripe;
  let close: () => Promise<void>;
  let account: StripeAccount;
  let actors: AdminActors;

  beforeAll(async () => {
    // The guessing limit at its default (10 wrong tries a minute per address), for the webhook's test below.
    ({ t, stripe, close } = await createStripeTestApp({ kind, clock, env: { RATE_LIMIT_TRIES_PER_MINUTE: "10" } }));
    account = await connectStripe(t, t.restaurantA, { stripe });
    actors = await createAdminActors(t);
    await setSetting(t, t.restaurantA, "onlinePayment", true);
    await setSetting(t, t.restaurantA, "mobilepay", true);
    await setItemsPerSlot(t, t.restaurantA, 100_000);
  }, 120_000);
  afterAll(() => close?.());
  beforeEach(() => clock.set(START));

  /** A checkout of restaurant A paid online: its payment, checkout and Stripe session ids. */
  async function startPayment(
    options: Parameters<typeof preparedCheckout>[2] = {},
    methods = "card",
    language: string | undefined = undefined,
  ) {
    const prepared = await preparedCheckout(t, t.restaurantA, options);
    const res = await pay(t, prepared.checkoutId, {
      paymentMethods: methods,
      receiptEmail: "mette@example.dk",
      language,
    });
    expect(res.statusCode, res.body).toBe(200);
    const payment = res.json<{ id: string; paymentUrl: string; payments: { id: string }[] }>();
    const [row] = (await paymentsOf(t, prepared.checkoutId)).filter((p) => p.provider === "stripe");
    return { ...prepared, paymentId: row!.id, sessionId: row!.providerReference!, paymentUrl: payment.paymentUrl };
  }

  /** Posts an event to A's webhook URL as Stripe does: signed over the exact body, at the app's clock. */
  function webhook(
    event: object,
    options: {
      secret?: string;
      timestamp?: number;
      body?: string;
      webhookId?: string;
      signature?: string;
      remoteAddress?: string;
    } = {},
  ) {
    const payload = JSON.stringify(event);
    const signature =
      options.signature ?? stripe.sign(payload, options.secret ?? account.webhookSecret, options.timestamp);
    return t.request({
      method: "POST",
      url: `/api/payment/stripe/webhook/${options.webhookId ?? account.webhookId}`,
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload: options.body ?? payload,
      ...(options.remoteAddress && { remoteAddress: options.remoteAddress }),
    });
  }

  const paymentRow = async (paymentId: string) =>
    (await t.db.select().from(schema.payment).where(eq(schema.payment.id, paymentId)))[0]!;
  const restaurantName = async () =>
    (
      await t.db
        .select()
        .from(schema.productionUnit)
        .where(eq(schema.productionUnit.id, t.restaurantA.module.productionUnitId))
    )[0]!.name;
  const ordersOf = (checkoutId: string) =>
    t.db.select().from(schema.order).where(eq(schema.order.checkoutId, checkoutId));

  describe("creating the payment", () => {
    test("a Checkout Session in DKK for the amount in øre, the methods, our ids and the payment's id as key", async () => {
      const { paymentId, sessionId, totalMinor, paymentUrl } = await startPayment(
        { lines: [{ product: "classic-burger", amount: 3 }] },
        "mobilepay,card",
      );
      const [created] = stripe.requestsTo("/v1/checkout/sessions").filter((r) => r.idempotencyKey === paymentId);
      expect(created, "one create call with the payment's id as Idempotency-Key").toBeDefined();
      expect(created!.apiKey).toBe(account.secretKey);
      // https://docs.stripe.com/api/checkout/sessions/create, form-encoded with brackets as the SDK sends it.
      expect(created!.form).toEqual({
        mode: "payment",
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": "dkk",
        "line_items[0][price_data][unit_amount]": String(totalMinor),
        "line_items[0][price_data][product_data][name]": `Bestilling hos ${await restaurantName()}`,
        "allowed_payment_method_types[0]": "mobilepay",
        "allowed_payment_method_types[1]": "card",
        client_reference_id: paymentId,
        "metadata[paymentId]": paymentId,
        "payment_intent_data[metadata][paymentId]": paymentId,
        customer_email: "mette@example.dk",
        success_url: `http://localhost:80/api/payment/stripe/return/${paymentId}`,
        cancel_url: `http://localhost:80/api/payment/stripe/cancel/${paymentId}`,
        // PAYMENT_EXPIRY_MINUTES is 30, Stripe's minimum: 30 minutes and a minute for the clocks' difference.
        expires_at: String(new Date(START).getTime() / 1000 + 31 * 60),
        // No language asked for: Danish, the shop's default.
        locale: "da",
      });
      expect(totalMinor).toBe(3 * 11900);
      const row = await paymentRow(paymentId);
      expect(row).toMatchObject({ provider: "stripe", state: PaymentState.CREATED, isTest: true, method: "mobilepay" });
      expect(row.providerReference).toBe(sessionId);
      // The guest's link goes to Stripe's page.
      expect((await followPaymentUrl(t, paymentUrl)).href).toBe(stripe.session(sessionId).url);
    });

    test("in the guest's language: an English guest's session is an 'Order at …' on Stripe's English page", async () => {
      const { paymentId } = await startPayment({}, "card", "en-US");
      const [created] = stripe.requestsTo("/v1/checkout/sessions").filter((r) => r.idempotencyKey === paymentId);
      expect(created!.form).toMatchObject({
        "line_items[0][price_data][product_data][name]": `Order at ${await restaurantName()}`,
        locale: "en",
      });
    });

    test("a language the shop does not have is refused on its field, and nothing is started", async () => {
      const prepared = await preparedCheckout(t, t.restaurantA);
      const res = await pay(t, prepared.checkoutId, { paymentMethods: "card", language: "fr-FR" });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe("querystring.language");
      expect(await paymentsOf(t, prepared.checkoutId)).toEqual([]);
    });

    test("the same request again (a double click) answers the same session", async () => {
      const prepared = await preparedCheckout(t, t.restaurantA);
      const [first, second] = [await pay(t, prepared.checkoutId), await pay(t, prepared.checkoutId)];
      expect(second.json().id).toBe(first.json().id);
      expect(second.json().paymentUrl).toBe(first.json().paymentUrl);
      const rows = (await paymentsOf(t, prepared.checkoutId)).filter((row) => row.provider === "stripe");
      expect(rows).toHaveLength(1);
    });

    test("Stripe not answering: 503, and the attempt is cancelled with its gift card given back", async () => {
      const card = await refilledDemoGiftcard(t);
      const prepared = await preparedCheckout(t, t.restaurantA, {
        giftcards: [{ code: "GAVE-500", amountMinor: 5000 }],
      });
      stripe.failNext("POST", /^\/v1\/checkout\/sessions$/, "server-error");
      const res = await pay(t, prepared.checkoutId, { paymentMethods: "card" });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().errors[0].code).toBe("PAYMENT_PROVIDER_UNAVAILABLE");
      expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(card.balanceMinor);
      expect((await checkoutRow(t, prepared.checkoutId)).state).toBe(CheckoutState.OPEN);
    });
  });

  describe("the webhook", () => {
    test("checkout.session.completed and paid: the payment is authorized and the order placed", async () => {
      const { paymentId, sessionId, checkoutId } = await startPayment();
      const res = await webhook(stripe.complete(sessionId));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true });
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.AUTHORIZED);
      expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.DONE);
      expect(await ordersOf(checkoutId)).toHaveLength(1);
    });

    test("sent 3 times and out of order (async: succeeded before completed): one order", async () => {
      const { paymentId, sessionId, checkoutId } = await startPayment();
      const completed = stripe.completeUnpaid(sessionId);
      const succeeded = stripe.asyncSucceeded(sessionId);
      for (const event of [succeeded, completed, succeeded, completed, succeeded, completed]) {
        const res = await webhook(event);
        expect(res.statusCode, res.body).toBe(200);
      }
      // A late expiry of a paid session (it cannot happen at Stripe, but a replay can) moves nothing either.
      expect((await webhook(stripe.expire(sessionId))).statusCode).toBe(200);
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.AUTHORIZED);
      expect(await ordersOf(checkoutId)).toHaveLength(1);
      const noted = await t.db
        .select()
        .from(schema.paymentWebhookEvent)
        .where(eq(schema.paymentWebhookEvent.eventId, String((succeeded as { id: string }).id)));
      expect(noted).toHaveLength(1);
    });

    test("completed but unpaid waits; async_payment_failed: FAILED, and the payment page says so", async () => {
      const { paymentId, sessionId, checkoutId } = await startPayment();
      expect((await webhook(stripe.completeUnpaid(sessionId))).statusCode).toBe(200);
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.CREATED);
      expect((await webhook(stripe.asyncFailed(sessionId))).statusCode).toBe(200);
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.FAILED);
      // What the storefront's payment page polls: the payment, failed; the checkout open to try again.
      const page = await t.request({
        method: "GET",
        url: `/api/payment/checkout/${checkoutId}`,
        headers: t.restaurantA.auth,
      });
      expect(page.json().state).toBe(PaymentState.FAILED);
      expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.OPEN);
    });

    test("checkout.session.expired: cancelled, the checkout open again and the gift card given back", async () => {
      const card = await refilledDemoGiftcard(t);
      const { paymentId, sessionId, checkoutId } = await startPayment({
        giftcards: [{ code: "GAVE-500", amountMinor: 5000 }],
      });
      expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(card.balanceMinor - 5000);
      expect((await webhook(stripe.expire(sessionId))).statusCode).toBe(200);
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.CANCELLED);
      expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.OPEN);
      expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(card.balanceMinor);
    });

    test("an event of no interest is answered 200 and changes nothing", async () => {
      const { paymentId } = await startPayment();
      const res = await webhook({
        id: "evt_other",
        object: "event",
        type: "customer.created",
        livemode: false,
        data: { object: {} },
      });
      expect(res.statusCode).toBe(200);
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.CREATED);
    });

    type Forgery = { signature?: string; secret?: string; body?: string; timestamp?: number; webhookId?: string };
    test.each<[string, Forgery]>([
      ["no signature", { signature: "" }],
      ["a signature with another secret", { secret: "whsec_not_the_restaurants" }],
      ["a body altered after signing", { body: "altered" }],
      ["a signature older than 5 minutes", { timestamp: new Date(START).getTime() / 1000 - 301 }],
      ["an unknown webhook URL", { webhookId: "00000000-0000-4000-8000-000000000000" }],
    ])("%s: 400 and nothing moves", async (_, options) => {
      const { paymentId, sessionId, checkoutId } = await startPayment();
      const event = stripe.complete(sessionId);
      const body = options.body === "altered" ? JSON.stringify(event).replace("paid", "paid ") : undefined;
      const res = await webhook(event, { ...options, body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        errors: [{ code: "WEBHOOK_SIGNATURE_INVALID", message: expect.any(String), field: "stripe-signature" }],
      });
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.CREATED);
      expect(await ordersOf(checkoutId)).toHaveLength(0);
      const noted = await t.db
        .select()
        .from(schema.paymentWebhookEvent)
        .where(eq(schema.paymentWebhookEvent.eventId, String((event as { id: string }).id)));
      expect(noted).toEqual([]);
    });

    test("wrong signatures are limited per webhook URL and address: the 11th is 429, Stripe's other posts still get through", async () => {
      const { paymentId, sessionId } = await startPayment();
      const event = stripe.complete(sessionId);
      const guesser = { remoteAddress: "203.0.113.7" };
      for (let i = 0; i < 10; i++)
        expect((await webhook(event, { secret: "whsec_wrong", ...guesser })).statusCode).toBe(400);
      const refused = await webhook(event, { secret: "whsec_wrong", ...guesser });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().errors[0].code).toBe("TOO_MANY_TRIES");
      expect((await webhook(event, guesser)).statusCode).toBe(429); // the rest of this minute, right or wrong
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.CREATED);
      // Stripe posts every restaurant's events from a few addresses: another one, or another restaurant's URL
      // from the same one, is not shut out.
      const other = await connectStripe(t, t.restaurantB, { stripe });
      const otherEvent = {
        id: `evt_${sessionId}_other`,
        type: "customer.created",
        livemode: false,
        data: { object: {} },
      };
      const fromGuesser = await webhook(otherEvent, {
        secret: other.webhookSecret,
        webhookId: other.webhookId,
        ...guesser,
      });
      expect(fromGuesser.statusCode).toBe(200);
      expect((await webhook(event, { remoteAddress: "198.51.100.20" })).statusCode).toBe(200);
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.AUTHORIZED);
    });

    test("a body a web form can send (text/plain) is 415 before any signature is looked at", async () => {
      const res = await t.request({
        method: "POST",
        url: `/api/payment/stripe/webhook/${account.webhookId}`,
        headers: { "content-type": "text/plain" },
        payload: "{}",
      });
      expect(res.statusCode).toBe(415);
    });

    test("a live event for a test-mode account, signed right: 400 WEBHOOK_MODE_MISMATCH, nothing moves or is noted", async () => {
      const { paymentId, sessionId, checkoutId } = await startPayment();
      const event = { ...(stripe.complete(sessionId) as { id: string }), livemode: true };
      const res = await webhook(event);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: "WEBHOOK_MODE_MISMATCH", field: "livemode" });
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.CREATED);
      expect(await ordersOf(checkoutId)).toHaveLength(0);
      const noted = await t.db
        .select()
        .from(schema.paymentWebhookEvent)
        .where(eq(schema.paymentWebhookEvent.eventId, String(event.id)));
      expect(noted).toEqual([]);
      // The same event in its own mode is taken.
      expect((await webhook({ ...event, id: `${event.id}_test`, livemode: false })).statusCode).toBe(200);
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.AUTHORIZED);
    });

    test("an event signed by another organisation's account moves nothing of this one's", async () => {
      const other = await connectStripe(t, t.restaurantB, { stripe });
      const { paymentId, sessionId } = await startPayment();
      const res = await webhook(stripe.complete(sessionId), {
        secret: other.webhookSecret,
        webhookId: other.webhookId,
      });
      expect(res.statusCode).toBe(200);
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.CREATED);
    });

    test("answers carry the API's security headers, and need no token", async () => {
      const { sessionId } = await startPayment();
      const good = await webhook(stripe.complete(sessionId));
      const bad = await webhook({ id: "evt_x" }, { secret: "whsec_wrong" });
      for (const res of [good, bad]) {
        expect(res.headers["content-security-policy"]).toBe(API_CSP);
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        expect(res.headers["x-frame-options"]).toBe("DENY");
      }
    });
  });

  describe("the guest's way back from Stripe's page", () => {
    const back = (paymentId: string, kind: "return" | "cancel", query = "") =>
      t.request({ method: "GET", url: `/api/payment/stripe/${kind}/${paymentId}${query}` });

    test("paid, back before the webhook: the order is placed once, and the webhook after it changes nothing", async () => {
      const { paymentId, sessionId, checkoutId } = await startPayment();
      const event = stripe.complete(sessionId);
      const res = await back(paymentId, "return");
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`http://localhost:5173/payment/${checkoutId}`);
      expect(res.headers["content-security-policy"]).toBe(API_CSP);
      expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.DONE);
      expect((await webhook(event)).statusCode).toBe(200);
      expect((await back(paymentId, "return")).statusCode).toBe(303);
      expect(await ordersOf(checkoutId)).toHaveLength(1);
    });

    test("the query is never trusted: an open session stays open whatever the URL says", async () => {
      const { paymentId, checkoutId } = await startPayment();
      const res = await back(paymentId, "return", "?session_id=cs_forged&payment_status=paid");
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`http://localhost:5173/payment/${checkoutId}`);
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.CREATED);
    });

    test("cancel: the open session is expired at Stripe and the guest is back at the checkout", async () => {
      const { paymentId, sessionId, checkoutId } = await startPayment();
      const res = await back(paymentId, "cancel");
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe("http://localhost:5173/checkout");
      expect(stripe.session(sessionId).status).toBe("expired");
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.CANCELLED);
      expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.OPEN);
    });

    test("cancel of a session Stripe says is paid: authorized wins, and the guest sees the order", async () => {
      const { paymentId, sessionId, checkoutId } = await startPayment();
      stripe.complete(sessionId);
      const res = await back(paymentId, "cancel");
      expect(res.headers.location).toBe(`http://localhost:5173/payment/${checkoutId}`);
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.AUTHORIZED);
      expect(await ordersOf(checkoutId)).toHaveLength(1);
    });

    test("Stripe not answering: the guest goes on to the payment page, which waits for the webhook", async () => {
      const { paymentId, checkoutId } = await startPayment();
      stripe.failNext("GET", /^\/v1\/checkout\/sessions\//, "server-error");
      const res = await back(paymentId, "return");
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`http://localhost:5173/payment/${checkoutId}`);
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.CREATED);
    });

    test("an unknown payment is 404", async () => {
      expect((await back("00000000-0000-4000-8000-000000000000", "return")).statusCode).toBe(404);
    });
  });

  describe("cancel and refund at Stripe", () => {
    test("the guest cancelling at the shop expires the session at Stripe", async () => {
      const { paymentId, sessionId } = await startPayment();
      const res = await t.request({
        method: "POST",
        url: "/api/payment/cancel",
        headers: t.restaurantA.auth,
        payload: { paymentId },
      });
      expect(res.statusCode, res.body).toBe(200);
      await vi.waitFor(() => expect(stripe.session(sessionId).status).toBe("expired"), { timeout: 10_000 });
    });

    test("paid at Stripe after the shop gave the payment up (expiring failed): the whole amount is refunded", async () => {
      const { paymentId, sessionId, checkoutId } = await startPayment();
      stripe.failNext("POST", /\/expire$/, "server-error");
      const cancelled = await t.request({
        method: "POST",
        url: "/api/payment/cancel",
        headers: t.restaurantA.auth,
        payload: { paymentId },
      });
      expect(cancelled.statusCode).toBe(200);
      expect((await webhook(stripe.complete(sessionId))).statusCode).toBe(200);
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.CANCELLED);
      expect(await ordersOf(checkoutId)).toHaveLength(0);
      await vi.waitFor(async () => expect((await refundsOf(t, paymentId))[0]?.doneAt).toBeTruthy(), {
        timeout: 10_000,
      });
      const { amountMinor } = await paymentRow(paymentId);
      expect(stripe.refunds.filter((r) => (r.metadata as { paymentId: string }).paymentId === paymentId)).toEqual([
        expect.objectContaining({ amount: amountMinor, status: "succeeded" }),
      ]);
    });

    /** An order paid through Stripe (completed by webhook), and its Stripe payment. */
    async function paidOrder() {
      const started = await startPayment({ lines: [{ product: "classic-burger", amount: 2 }] });
      expect((await webhook(stripe.complete(started.sessionId))).statusCode).toBe(200);
      const orderId = (await checkoutRow(t, started.checkoutId)).orderId!;
      expect(orderId).toBeTruthy();
      return { ...started, orderId };
    }

    const refundFromBackOffice = (orderId: string, amount: number) =>
      t.request(
        actors.as("manager", {
          method: "POST",
          url: `/api/admin/orders/${orderId}/refunds`,
          payload: { kind: "amount", amount, reason: "Cold fries" },
        }),
      );

    const refundCallsOf = (paymentId: string) =>
      stripe.requestsTo("/v1/refunds").filter((r) => r.form["metadata[paymentId]"] === paymentId);
    const stripeRefundsOf = (paymentId: string) =>
      stripe.refunds.filter((r) => (r.metadata as { paymentId: string }).paymentId === paymentId);

    test("a refund from the back office: one Stripe refund of the amount, keyed by our refund's id", async () => {
      const { orderId, paymentId, sessionId } = await paidOrder();
      expect((await refundFromBackOffice(orderId, 25.5)).statusCode).toBe(201);
      await vi.waitFor(async () => expect((await refundsOf(t, paymentId))[0]?.doneAt).toBeTruthy(), {
        timeout: 10_000,
      });
      const [row] = await refundsOf(t, paymentId);
      const [call] = refundCallsOf(paymentId);
      expect(call!.idempotencyKey).toBe(row!.id);
      expect(call!.apiKey).toBe(account.secretKey);
      // https://docs.stripe.com/api/refunds/create
      expect(call!.form).toEqual({
        payment_intent: String(stripe.session(sessionId).payment_intent),
        amount: "2550",
        "metadata[paymentId]": paymentId,
        "metadata[refundId]": row!.id,
      });
      expect(stripeRefundsOf(paymentId)).toEqual([expect.objectContaining({ amount: 2550, status: "succeeded" })]);
    });

    test.each([
      ["Stripe fails once (500)", "server-error", 1],
      ["the answer is lost after Stripe refunded (as if the process died)", "hang-up-after-doing", 2],
    ] as const)(
      "%s: the outbox tries again with the same key, and Stripe pays back once",
      async (_, failure, times) => {
        const { orderId, paymentId } = await paidOrder();
        // The SDK retries a lost connection once itself (same key): both tries of the first run fail.
        for (let i = 0; i < times; i++) stripe.failNext("POST", /^\/v1\/refunds$/, failure);
        expect((await refundFromBackOffice(orderId, 10)).statusCode).toBe(201);
        await vi.waitFor(async () => expect((await refundsOf(t, paymentId))[0]?.attempts).toBe(1), { timeout: 10_000 });
        const [failed] = await refundsOf(t, paymentId);
        expect(failed!.doneAt).toBeNull();
        // The sweeper's next run, after the backoff.
        clock.advanceMinutes(1);
        const provider = stripePaymentProvider({
          credentials: createPaymentAccountCredentials(t.db, t.config.secretsKey),
          apiUrl: stripe.url,
          expiryMinutes: 30,
          now: clock.now,
        });
        await testDeps(t, [provider]).refunds.deliverDue();
        const [row] = await refundsOf(t, paymentId);
        expect(row!.doneAt).not.toBeNull();
        const calls = refundCallsOf(paymentId);
        expect(calls.length).toBe(times + 1);
        for (const call of calls) expect(call.idempotencyKey).toBe(row!.id);
        expect(stripeRefundsOf(paymentId)).toEqual([expect.objectContaining({ amount: 1000 })]);
      },
    );
  });

  describe("refunds made in Stripe's dashboard", () => {
    async function paidOrder() {
      const started = await startPayment({ lines: [{ product: "classic-burger", amount: 2 }] });
      expect((await webhook(stripe.complete(started.sessionId))).statusCode).toBe(200);
      return { ...started, orderId: (await checkoutRow(t, started.checkoutId)).orderId! };
    }
    const orderState = async (orderId: string) =>
      (await t.request(actors.as("manager", { method: "GET", url: `/api/admin/orders/${orderId}/refunds` }))).json();
    const refundCallsOf = (paymentId: string) =>
      stripe.requestsTo("/v1/refunds").filter((r) => r.form["metadata[paymentId]"] === paymentId);

    test("one is taken over as the order's refund, once by Stripe's id however often the event comes", async () => {
      const { orderId, paymentId, sessionId } = await paidOrder();
      const made = stripe.refundInDashboard(sessionId, 3000);
      expect((await webhook(stripe.chargeRefunded(sessionId))).statusCode).toBe(200);
      // Stripe sends the event again, and a later one about the same charge.
      expect((await webhook(stripe.chargeRefunded(sessionId))).statusCode).toBe(200);

      const state = await orderState(orderId);
      expect(state).toMatchObject({ paid: 238, refunded: 30, refundable: 208 });
      expect(state.refunds).toEqual([
        expect.objectContaining({ kind: "amount", amount: 30, online: 30, byStaff: false, providerRefundId: made.id }),
      ]);
      // Its part is done already: the outbox never asks Stripe for it.
      const [part] = await refundsOf(t, paymentId);
      expect(part).toMatchObject({ amountMinor: 3000, attempts: 0 });
      expect(part!.doneAt).not.toBeNull();
      await testDeps(t).refunds.deliverDue();
      expect(refundCallsOf(paymentId)).toEqual([]);
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.AUTHORIZED);
      // The guest is told, once; the audit says it was made in Stripe.
      const messages = await t.db
        .select()
        .from(schema.receiptMessage)
        .where(eq(schema.receiptMessage.orderId, orderId));
      expect(messages.filter((message) => message.kind === "refunded")).toHaveLength(1);
      const audits = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "order.refund"));
      const audit = audits.find((entry) => (entry.after as { orderId?: string }).orderId === orderId);
      expect(audit).toMatchObject({
        actorName: "Stripe dashboard",
        accountId: null,
        after: { refunded: 30, madeAt: "stripe", providerRefundId: made.id, online: 30 },
      });
    });

    test("beside a refund from the back office, only the dashboard's is taken over", async () => {
      const { orderId, paymentId, sessionId } = await paidOrder();
      const ours = await t.request(
        actors.as("manager", {
          method: "POST",
          url: `/api/admin/orders/${orderId}/refunds`,
          payload: { kind: "amount", amount: 10, reason: "Cold" },
        }),
      );
      expect(ours.statusCode).toBe(201);
      await vi.waitFor(async () => expect((await refundsOf(t, paymentId))[0]?.doneAt).toBeTruthy(), {
        timeout: 10_000,
      });
      expect((await webhook(stripe.chargeRefunded(sessionId))).statusCode).toBe(200);
      expect((await orderState(orderId)).refunds).toHaveLength(1);
      const made = stripe.refundInDashboard(sessionId, 2000);
      expect((await webhook(stripe.chargeRefunded(sessionId))).statusCode).toBe(200);
      const state = await orderState(orderId);
      expect(state).toMatchObject({ refunded: 30, refundable: 208 });
      expect(
        state.refunds.map((refund: { providerRefundId: string | null }) => refund.providerRefundId).sort(),
      ).toEqual([made.id, null].sort());
    });

    test("everything refunded there: the payment is REFUNDED and the kitchen's order says refunded in full", async () => {
      const { orderId, paymentId, sessionId } = await paidOrder();
      stripe.refundInDashboard(sessionId, 23800);
      expect((await webhook(stripe.chargeRefunded(sessionId))).statusCode).toBe(200);
      expect(await orderState(orderId)).toMatchObject({ refunded: 238, refundable: 0 });
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.REFUNDED);
      const kitchen = await t.request(actors.as("staff", { method: "GET", url: `/api/admin/orders/${orderId}` }));
      expect(kitchen.json()).toMatchObject({ kitchenStatus: "new", refundedInFull: true });
    });

    test("more than the order has left here (a back-office refund still on its way): only what is left", async () => {
      const { orderId, sessionId } = await paidOrder();
      // The back office's 100 kr. is decided but not yet at Stripe when the dashboard refunds everything.
      stripe.failNext("POST", /^\/v1\/refunds$/, "server-error");
      const ours = await t.request(
        actors.as("manager", {
          method: "POST",
          url: `/api/admin/orders/${orderId}/refunds`,
          payload: { kind: "amount", amount: 100, reason: "Wrong order" },
        }),
      );
      expect(ours.statusCode).toBe(201);
      stripe.refundInDashboard(sessionId, 23800);
      expect((await webhook(stripe.chargeRefunded(sessionId))).statusCode).toBe(200);
      const state = await orderState(orderId);
      expect(state).toMatchObject({ paid: 238, refunded: 238, refundable: 0 });
      expect(
        state.refunds.find((refund: { providerRefundId: string | null }) => refund.providerRefundId),
      ).toMatchObject({ amount: 138 });
    });
  });

  describe("the account that took a payment", () => {
    /** An order paid through Stripe (completed by webhook), and its Stripe payment. */
    async function paidOrder() {
      const started = await startPayment();
      expect((await webhook(stripe.complete(started.sessionId))).statusCode).toBe(200);
      return { ...started, orderId: (await checkoutRow(t, started.checkoutId)).orderId! };
    }

    const refund = (orderId: string, amount: number) =>
      t.request(
        actors.as("manager", {
          method: "POST",
          url: `/api/admin/orders/${orderId}/refunds`,
          payload: { kind: "amount", amount, reason: "Cold" },
        }),
      );
    const orderRefundsOf = (orderId: string) =>
      t.db.select().from(schema.orderRefund).where(eq(schema.orderRefund.orderId, orderId));
    const sweep = async () => {
      const provider = stripePaymentProvider({
        credentials: createPaymentAccountCredentials(t.db, t.config.secretsKey),
        apiUrl: stripe.url,
        expiryMinutes: 30,
        now: clock.now,
      });
      await testDeps(t, [provider]).refunds.deliverDue();
    };

    // Each test stores another account (or none) for restaurant A: the file's account is stored again after it.
    let original: StripeAccount;
    beforeEach(() => {
      original = account;
    });
    afterEach(async () => {
      account = await connectStripe(t, t.restaurantA, { stripe, secretKey: original.secretKey });
    });

    test("is stored on the payment: the Stripe account's id and a fingerprint of the key, never the key", async () => {
      const { paymentId } = await startPayment();
      const row = await paymentRow(paymentId);
      expect(row.providerAccountId).toBe(account.providerAccountId);
      expect(row.providerAccountId).toMatch(/^acct_/);
      expect(row.providerKeyFingerprint).toMatch(/^[0-9a-f]{16}$/);
      expect(JSON.stringify(row)).not.toContain(account.secretKey);
    });

    test("a new key of the same account (rolled in Stripe): refunds of earlier payments still go through", async () => {
      const { orderId, paymentId } = await paidOrder();
      const rolled = stripe.rollKey(account.secretKey);
      account = await connectStripe(t, t.restaurantA, { stripe, secretKey: rolled });
      expect(account.providerAccountId).toBe(original.providerAccountId);
      expect((await refund(orderId, 10)).statusCode).toBe(201);
      await vi.waitFor(async () => expect((await refundsOf(t, paymentId))[0]?.doneAt).toBeTruthy(), {
        timeout: 10_000,
      });
      const [call] = stripe.requestsTo("/v1/refunds").filter((r) => r.form["metadata[paymentId]"] === paymentId);
      expect(call!.apiKey).toBe(rolled);
    });

    test.each([
      ["another Stripe account's key is stored now", "other"],
      ["the account was removed", "removed"],
      ["the same account's key of the other mode (live) is stored now", "live"],
    ] as const)("%s: the refund is refused plainly (422), and nothing is written", async (_, change) => {
      const { orderId, paymentId } = await paidOrder();
      if (change === "other") await connectStripe(t, t.restaurantA, { stripe });
      if (change === "removed") await disconnectStripe(t, account);
      if (change === "live") {
        const live = stripe.rollKey(account.secretKey, "live");
        const stored = await connectStripe(t, t.restaurantA, { stripe, secretKey: live, liveMode: true });
        expect(stored.providerAccountId).toBe(original.providerAccountId);
      }
      const res = await refund(orderId, 10);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[0]).toMatchObject({
        code: "Refund.OtherProviderAccount",
        message: expect.stringContaining("Refund it in that account's Stripe dashboard"),
      });
      expect(await orderRefundsOf(orderId)).toEqual([]);
      expect(await refundsOf(t, paymentId)).toEqual([]);
      expect((await paymentRow(paymentId)).state).toBe(PaymentState.AUTHORIZED);
    });

    test("a refund still due when the account was replaced fails in the outbox saying why, not 'No such session'", async () => {
      const { orderId, paymentId } = await paidOrder();
      stripe.failNext("POST", /^\/v1\/refunds$/, "server-error");
      expect((await refund(orderId, 10)).statusCode).toBe(201);
      await vi.waitFor(async () => expect((await refundsOf(t, paymentId))[0]?.attempts).toBe(1), { timeout: 10_000 });
      await connectStripe(t, t.restaurantA, { stripe });
      clock.advanceMinutes(1);
      const before = stripe.requests.length;
      await sweep();
      const [row] = await refundsOf(t, paymentId);
      expect(row!.doneAt).toBeNull();
      expect(row!.lastError).toContain("taken with another Stripe account");
      // Nothing was asked of the other account.
      expect(stripe.requests.slice(before).filter((r) => r.path.startsWith("/v1/"))).toEqual([]);
    });
  });
});
