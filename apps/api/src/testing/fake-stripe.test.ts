/**
 * The fake Stripe itself: it answers the official SDK, keeps Stripe's idempotency rules, and its hosted page
 * completes a session, posts a signed event to the webhook URL and sends the browser to success_url.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type FakeStripe, nestForm, type RecordedRequest, startFakeStripe, type WebhookDelivery } from "./fake-stripe";

const SECRET = "whsec_fake_stripe_test";
const received: Stripe.Event[] = [];
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    // The event must verify exactly as the app's webhook verifies it.
    const signature = String(request.headers["stripe-signature"]);
    received.push(Stripe.webhooks.constructEvent(Buffer.concat(chunks), signature, SECRET));
    response.end("{}");
  });
});
let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;
  fake = await startFakeStripe({ webhookUrl, webhookSecret: SECRET });
  const url = new URL(fake.url);
  stripe = new Stripe("sk_test_fake", { host: url.hostname, port: url.port, protocol: "http", maxNetworkRetries: 0 });
});
afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const params = (amount: number): Stripe.Checkout.SessionCreateParams => ({
  mode: "payment",
  line_items: [{ quantity: 1, price_data: { currency: "dkk", unit_amount: amount, product_data: { name: "Burger" } } }],
  metadata: { paymentId: "p-1" },
  success_url: "http://shop.example/success",
  cancel_url: "http://shop.example/cancel",
});

test("a repeated Idempotency-Key gets the first answer; with other parameters it is an idempotency_error", async () => {
  const first = await stripe.checkout.sessions.create(params(11900), { idempotencyKey: "key-1" });
  const again = await stripe.checkout.sessions.create(params(11900), { idempotencyKey: "key-1" });
  expect(again.id).toBe(first.id);
  await expect(stripe.checkout.sessions.create(params(100), { idempotencyKey: "key-1" })).rejects.toMatchObject({
    type: "StripeIdempotencyError",
  });
  expect(first).toMatchObject({ object: "checkout.session", amount_total: 11900, currency: "dkk", status: "open" });
});

test("the hosted page's Pay button completes the session, posts the signed event and goes to success_url", async () => {
  const session = await stripe.checkout.sessions.create(params(4500));
  const page = await fetch(session.url!);
  expect(await page.text()).toContain("<button>Pay</button>");
  const paid = await fetch(`${session.url}/pay`, { method: "POST", redirect: "manual" });
  expect(paid.status).toBe(303);
  expect(paid.headers.get("location")).toBe("http://shop.example/success");
  const event = received.at(-1)!;
  expect(event.type).toBe("checkout.session.completed");
  expect(event.data.object).toMatchObject({ id: session.id, payment_status: "paid", status: "complete" });
  expect((await stripe.checkout.sessions.retrieve(session.id)).payment_intent).toMatch(/^pi_/);
});

test("GET /__requests answers, to another process, the requests made and the webhook posts with their status", async () => {
  const session = await stripe.checkout.sessions.create(params(2500), { idempotencyKey: "key-recorded" });
  await fetch(`${session.url}/pay`, { method: "POST", redirect: "manual" });
  const recorded = (await (await fetch(`${fake.url}/__requests`)).json()) as {
    requests: RecordedRequest[];
    webhooks: WebhookDelivery[];
  };
  expect(recorded.requests).toContainEqual({
    method: "POST",
    path: "/v1/checkout/sessions",
    form: expect.objectContaining({ "line_items[0][price_data][unit_amount]": "2500", "metadata[paymentId]": "p-1" }),
    idempotencyKey: "key-recorded",
    apiKey: "sk_test_fake",
  });
  expect(recorded.webhooks.at(-1)).toEqual({ type: "checkout.session.completed", status: 200 });
  expect(recorded.requests.some((r) => r.path === "/__requests")).toBe(false);
});

test("Stripe's bracket encoding back into objects", () => {
  expect(nestForm({ "a[b][0][c]": "x", "a[b][1][c]": "y", "m[k]": "v", n: "1" })).toEqual({
    a: { b: [{ c: "x" }, { c: "y" }] },
    m: { k: "v" },
    n: "1",
  });
});
