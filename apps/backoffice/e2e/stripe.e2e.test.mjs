// Issue 46 across the product, the way a restaurant and a guest meet it: restaurant A's owner connects Stripe (test
// keys) on the payments page; a guest on a phone pays for an order by card on Stripe's page and comes back to the
// confirmation; a second order is cancelled on Stripe's page and paid on a second try; a manager refunds the first
// order from its page. Stripe is the fake of apps/api/src/testing/fake-stripe.ts, run as a program
// (STRIPE_API_URL) whose hosted page posts signed webhooks to the URL the owner was shown; what our server asked
// Stripe is read back from it (GET /__requests). No page, network answer or server log line holds a secret.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { checkSecondTimeOfFirstDateWithTwo, logIn } from "../../storefront/e2e/harness.mjs";
import {
  createHarness,
  DESKTOP,
  demoLogin,
  PHONE,
  recordAnswers,
  screenshot,
  seriousAxeViolations,
} from "./harness.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
// Made-up keys in Stripe's formats: looked for in every page, answer and log line.
const SECRET_KEY = "sk_test_51HstripeJourneyKeyOfOwnerA7391";
const WEBHOOK_SECRET = "whsec_stripeJourneyWebhookSecretOfOwnerA";
const SECRETS = [SECRET_KEY, WEBHOOK_SECRET];
const HOST = "localhost";
const GUEST = { name: "Anna Jensen", phone: "20304050", email: "anna@example.dk" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const stripePort = await freePort();
const stripeUrl = `http://127.0.0.1:${stripePort}`;
const product = createHarness({
  env: {
    SECRETS_KEY: "stripe-journey-browser-test-secrets-key-0123456789",
    STRIPE_API_URL: stripeUrl,
    // Every request logged: the log the secrets must stay out of.
    LOG_LEVEL: "info",
  },
});
/** The fake Stripe program, started once the owner has been shown the webhook URL it must post to. */
let fakeStripe;

before(product.start);
after(async () => {
  fakeStripe?.kill("SIGTERM");
  await product.stop();
});

/** What the journey learns on the way, for the steps after it. */
const journey = {};

/** A port nobody listens on now (the fake takes it a little later; the server needs its URL at start). */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startFakeStripe(webhookUrl) {
  fakeStripe = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "apps/api/src/testing/fake-stripe.ts",
      ...["--port", String(stripePort), "--webhook-url", webhookUrl, "--webhook-secret", WEBHOOK_SECRET],
    ],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
  );
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
    if (fakeStripe.exitCode !== null) throw new Error(`the fake Stripe exited with ${fakeStripe.exitCode}`);
    try {
      if ((await fetch(`${stripeUrl}/__requests`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the fake Stripe did not come up");
}

/** Everything our server asked the fake Stripe, and the webhook posts of its hosted page with their answers. */
async function askedOfStripe() {
  return (await fetch(`${stripeUrl}/__requests`)).json();
}

function assertNoSecretIn(text, what) {
  for (const secret of SECRETS) {
    assert.ok(!text.includes(secret), `${what} holds ${secret.slice(0, 8)}…`);
    assert.ok(!text.includes(secret.slice(8, -4)), `${what} holds part of ${secret.slice(0, 8)}…`);
  }
}

/** axe's whole verdict, every impact: the page must have no violation at all. */
async function assertAxeClean(page, where) {
  assert.deepEqual(await seriousAxeViolations(page), [], `axe (serious) on ${where}`);
  const violations = await page.evaluate(async () =>
    (await window.axe.run(document, { resultTypes: ["violations"] })).violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    ),
  );
  assert.deepEqual(violations, [], `axe on ${where}`);
}

async function signIn(page, login) {
  await page.goto(product.url(HOST, "/admin/sign-in"));
  await page.getByLabel("E-mail", { exact: true }).fill(login.email);
  await page.getByLabel("Adgangskode", { exact: true }).fill(login.password);
  await page.getByRole("button", { name: "Log ind" }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/sign-in"));
}

/** A guest's token of restaurant A, to read what the server holds (as the restaurant's own systems would). */
async function guestApi(path) {
  const { token } = await (await fetch(product.url(HOST, `/api/token/${await productionUnitId()}`))).json();
  const response = await fetch(product.url(HOST, `/api${path}`), { headers: { authorization: `Bearer ${token}` } });
  assert.equal(response.status, 200, `GET ${path}`);
  return response.json();
}

async function productionUnitId() {
  return (await (await fetch(product.url(HOST, `/api/module/domain/${HOST}`))).json()).productionUnitId;
}

/** A guest of restaurant A on a phone (a browser context of its own), in Danish, past the shop's login. */
async function guestOnShop() {
  const page = await product.newPage(PHONE);
  await page.addInitScript(() => {
    if (!localStorage.getItem("language")) localStorage.setItem("language", "da-DK");
  });
  await page.goto(product.url(HOST));
  await page.getByRole("heading", { level: 1 }).waitFor();
  await logIn(page, await productionUnitId());
  await page.locator(".category-tile").first().waitFor();
  return page;
}

/** The guest puts two Coca-Colas in the basket and opens /checkout. */
async function fillBasket(page) {
  await page.getByRole("link", { name: "Drikkevarer", exact: true }).first().click();
  await page.getByRole("heading", { level: 1, name: "Drikkevarer" }).waitFor();
  for (const count of [1, 2]) {
    // "Tilføj Coca-Cola" for the first, "Tilføj én Coca-Cola mere" for the second.
    const plus = count === 1 ? "Tilføj Coca-Cola" : "Tilføj én Coca-Cola mere";
    await page.getByRole("button", { name: plus, exact: true }).first().click();
    await page.waitForFunction(
      (n) => new RegExp(`\\b${n}\\b`).test(document.querySelector(".minicart-button")?.ariaLabel ?? ""),
      count,
    );
  }
  await openCheckout(page);
}

async function openCheckout(page) {
  await page.goto(product.url(HOST, "/checkout"));
  await page.getByRole("heading", { level: 1, name: "Gennemfør din bestilling" }).waitFor();
  await page.getByRole("button", { name: "Afgiv bestilling" }).waitFor();
}

/** Name, phone, email, pickup at a time the kitchen can make, own bag, the terms; card (the first method). */
async function fillCheckout(page) {
  await page.getByLabel(/^Navn/).fill(GUEST.name);
  await page.getByLabel(/^Telefonnummer/).fill(GUEST.phone);
  await page.getByLabel(/^E-mail/).fill(GUEST.email);
  await page.getByRole("radio", { name: "Afhentning", exact: true }).check();
  await checkSecondTimeOfFirstDateWithTwo({
    dates: page.getByRole("group", { name: "Dato" }).getByRole("radio"),
    times: page.getByRole("radio", { name: /^\d\d:\d\d$/ }),
    noTimes: page.getByText("Beklager, der er ingen ledige tidspunkter"),
  });
  await page.getByRole("radio", { name: "Jeg medbringer selv en pose" }).check();
  await page.getByRole("checkbox", { name: "Jeg accepterer handelsbetingelserne" }).check();
  await page.getByRole("radio", { name: "Betalingskort (betal online)" }).check();
}

/** Places the order: the browser leaves the shop for Stripe's (the fake's) page; answers the session's id. */
async function placeOrderOnStripe(page) {
  await page.getByRole("button", { name: "Afgiv bestilling" }).click();
  await page.waitForURL((url) => url.href.startsWith(`${stripeUrl}/pay/cs_test_`), { timeout: 15_000 });
  return new URL(page.url()).pathname.split("/").at(-1);
}

/** The shop's own pages the browser went through (main-frame documents, with their status). */
function recordNavigations(page) {
  const seen = [];
  page.on("response", (response) => {
    if (response.request().isNavigationRequest() && response.request().frame() === page.mainFrame())
      seen.push({ path: new URL(response.url()).pathname, status: response.status() });
  });
  return seen;
}

test("the owner connects Stripe in test mode; the page shows the mode and the key's hint, never the key", async () => {
  const page = await product.newPage(DESKTOP);
  const answers = recordAnswers(page);
  await signIn(page, demoLogin("Owner", "A"));
  await page.getByRole("navigation").getByRole("link", { name: "Betalinger", exact: true }).click();
  await page.waitForURL(/\/organisations\/\d+\/payments$/);
  await page.locator(".payment-badge", { hasText: "Testudbyder: ingen penge trækkes" }).waitFor();
  await assertAxeClean(page, "the payments page before Stripe");

  // The address Stripe must post to, as the owner would copy it into Stripe's dashboard.
  const webhookUrl = (await page.locator(".webhook-url").textContent()).trim();
  assert.match(webhookUrl, new RegExp(`^${product.url(HOST, "/api/payment/stripe/webhook/")}[0-9a-f-]{36}$`));
  await startFakeStripe(webhookUrl);

  await page.getByLabel("Hemmelig nøgle (secret key)", { exact: true }).fill(SECRET_KEY);
  await page.getByLabel("Webhookens signeringshemmelighed", { exact: true }).fill(WEBHOOK_SECRET);
  await page.getByRole("button", { name: "Gem nøglerne" }).click();
  await page.getByRole("status").filter({ hasText: "Gemt" }).waitFor();
  await page.locator(".payment-badge", { hasText: "Testtilstand – ingen penge trækkes" }).waitFor();
  await page.locator(".payment-facts code", { hasText: `sk_test_…${SECRET_KEY.slice(-4)}` }).waitFor();
  assert.equal(await page.getByLabel("Hemmelig nøgle (secret key)", { exact: true }).inputValue(), "");
  await assertAxeClean(page, "the payments page in Stripe's test mode");
  await screenshot(page, "stripe-owner-payments-test-mode-1280x800");

  // A reload reads the account afresh: still only the hint.
  await page.reload();
  await page.locator(".payment-badge", { hasText: "Testtilstand – ingen penge trækkes" }).waitFor();
  assertNoSecretIn(await page.content(), "the payments page");
  assertNoSecretIn(await answers(), "an answer to the payments page");
  await page.close();
});

test("a guest on a phone pays by card on Stripe's page and comes back to the confirmation", async () => {
  const page = await guestOnShop();
  const navigations = recordNavigations(page);
  // A Stripe test key moves no money: the shop says so.
  const band = page.getByRole("complementary", { name: "Testtilstand", exact: true });
  assert.equal(await band.textContent(), "Testtilstand – der trækkes ingen penge");

  await fillBasket(page);
  await fillCheckout(page);
  assert.equal(await band.textContent(), "Testtilstand – der trækkes ingen penge");
  await page.locator(".payment-test-mode").getByText("Testtilstand – der trækkes ingen penge").waitFor();
  await assertAxeClean(page, "the checkout with the test-mode band");
  await screenshot(page, "stripe-guest-checkout-390x844");

  const sessionId = await placeOrderOnStripe(page);
  await screenshot(page, "stripe-guest-hosted-page-390x844");
  await page.getByRole("button", { name: "Pay", exact: true }).click();

  await page.waitForURL(/\/payment\/[0-9a-f-]{36}$/);
  const checkoutId = page.url().split("/").at(-1);
  await page.getByRole("heading", { level: 1, name: "Betalingen er gennemført" }).waitFor();
  await page.waitForURL(/\/confirmation$/, { timeout: 15_000 });
  await page.getByRole("heading", { level: 1, name: "Tak, din bestilling er modtaget" }).waitFor();
  // Back from Stripe's page, the focused heading shows no ring: the guest has not used the keyboard here.
  await page.waitForFunction(() => document.activeElement?.tagName === "H1");
  const ring = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.equal(ring, "none");
  await page.locator(".receipt-test", { hasText: "Testbetaling: der er ikke trukket nogen penge." }).waitFor();
  await screenshot(page, "stripe-guest-confirmation-390x844");

  const checkout = await guestApi(`/checkout/${checkoutId}`);
  assert.equal(checkout.state, 2, "the checkout is done");
  const order = await guestApi(`/order/${checkout.orderId}`);
  assert.equal(await page.locator(".order-number dd").textContent(), order.externalId);
  // Back through our return route (which read the session from Stripe), then the shop's payment page.
  const paymentId = (await guestApi(`/payment/checkout/${checkoutId}`)).id;
  assert.match(paymentId, UUID);
  const returned = navigations.findIndex((n) => n.path === `/api/payment/stripe/return/${paymentId}`);
  assert.ok(returned >= 0, `back through the return route: ${JSON.stringify(navigations)}`);
  assert.equal(navigations[returned].status, 303);
  assert.equal(navigations[returned + 1]?.path, `/payment/${checkoutId}`);
  Object.assign(journey, { sessionId, checkoutId, orderId: checkout.orderId, externalId: order.externalId, paymentId });
  await page.close();
});

test("a guest cancels on Stripe's page: back in the shop with the basket kept, and pays on a second try", async () => {
  const page = await guestOnShop();
  const navigations = recordNavigations(page);
  await fillBasket(page);
  await fillCheckout(page);
  const firstTry = await placeOrderOnStripe(page);
  await page.getByRole("button", { name: "Cancel", exact: true }).click();

  await page.getByRole("heading", { level: 1, name: "Betalingen er annulleret" }).waitFor();
  assert.ok(
    navigations.some((n) => n.path.startsWith("/api/payment/stripe/cancel/") && n.status === 303),
    `back through the cancel route: ${JSON.stringify(navigations)}`,
  );
  await screenshot(page, "stripe-guest-cancelled-390x844");
  // SPEC §2: Go back after a cancel is the front page; the basket is still there.
  await page.getByRole("link", { name: "Gå tilbage" }).click();
  await page.waitForURL(product.url(HOST, "/"));
  await page.waitForFunction(() => /\b2\b/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));
  await openCheckout(page);
  await page.getByText("Coca-Cola").first().waitFor();
  // What the guest entered is kept: paying again is one press.
  assert.equal(await page.getByLabel(/^Navn/).inputValue(), GUEST.name);
  assert.equal(await page.getByLabel(/^Telefonnummer/).inputValue(), GUEST.phone);
  assert.equal(await page.getByLabel(/^E-mail/).inputValue(), GUEST.email);
  assert.equal(await page.getByRole("radio", { name: "Betalingskort (betal online)" }).isChecked(), true);
  assert.equal(await page.getByRole("checkbox", { name: "Jeg accepterer handelsbetingelserne" }).isChecked(), true);
  await screenshot(page, "stripe-guest-checkout-again-390x844");

  const secondTry = await placeOrderOnStripe(page);
  assert.notEqual(secondTry, firstTry, "a new Checkout Session for the second try");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL(/\/confirmation$/, { timeout: 15_000 });
  await page.getByRole("heading", { level: 1, name: "Tak, din bestilling er modtaget" }).waitFor();

  const { requests } = await askedOfStripe();
  const expired = requests.filter((r) => r.method === "POST" && r.path === `/v1/checkout/sessions/${firstTry}/expire`);
  assert.equal(expired.length, 1, "the cancelled session was expired at Stripe once");
  await page.close();
});

test("a manager refunds the card-paid order from its page: Stripe gets one refund with our refund's id as key", async () => {
  assert.ok(journey.orderId, "the first order was placed");
  const page = await product.newPage(DESKTOP);
  await signIn(page, demoLogin("Manager", "A"));
  const unit = await productionUnitId();
  await page.goto(product.url(HOST, `/admin/restaurants/${unit}/orders/${journey.orderId}`));
  const heading = page.getByRole("heading", { level: 1, name: /^Ordre #\d+$/ });
  await heading.waitFor();
  const receiptNumber = (await heading.textContent()).replace("Ordre #", "");
  assert.ok(journey.externalId.endsWith(`-${receiptNumber}`), "the order the guest was shown");

  const before = await page.evaluate(
    async (id) => (await fetch(`/api/admin/orders/${id}/refunds`, { headers: { accept: "application/json" } })).json(),
    journey.orderId,
  );
  assert.deepEqual(
    before.payments.map((p) => [p.paymentId, p.method, p.isTest]),
    [[journey.paymentId, "card", true]],
  );
  const ore = Math.round(before.total * 100);

  // What the shop asked Stripe for the first order's session.
  const { requests, webhooks } = await askedOfStripe();
  const created = requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
  assert.equal(created.length, 3, "one Checkout Session per try: the first order, the cancelled try, the second");
  const session = created.find((r) => r.form["metadata[paymentId]"] === journey.paymentId);
  assert.ok(session, "a session for the first order's payment");
  assert.equal(session.idempotencyKey, journey.paymentId);
  assert.equal(session.apiKey, SECRET_KEY, "asked with the owner's stored key");
  assert.equal(
    Number(session.form["line_items[0][price_data][unit_amount]"]) * Number(session.form["line_items[0][quantity]"]),
    ore,
  );
  assert.equal(session.form["line_items[0][price_data][currency]"], "dkk");
  assert.equal(session.form["allowed_payment_method_types[0]"], "card");
  assert.equal(session.form.success_url, product.url(HOST, `/api/payment/stripe/return/${journey.paymentId}`));
  assert.equal(session.form.cancel_url, product.url(HOST, `/api/payment/stripe/cancel/${journey.paymentId}`));
  // Both paid tries' webhooks reached our server and verified with the webhook secret the owner stored.
  assert.deepEqual(webhooks, [
    { type: "checkout.session.completed", status: 200 },
    { type: "checkout.session.completed", status: 200 },
  ]);

  await page.getByRole("button", { name: "Refundér…" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Begrundelse").fill("Gæsten fik aldrig sin mad");
  const confirm = dialog.getByRole("button", { name: /^Refundér [\d.,]+ kr\.$/ });
  const amount = (await confirm.textContent()).replace("Refundér ", "");
  await confirm.click();
  await page
    .getByRole("status")
    .filter({ hasText: `Refunderet ${amount}: ${amount} tilbage til kort/MobilePay.` })
    .waitFor();

  let refunds = [];
  for (const deadline = Date.now() + 10_000; Date.now() < deadline && refunds.length === 0; ) {
    refunds = (await askedOfStripe()).requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    if (refunds.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // A moment more: a second request would be a double refund.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  refunds = (await askedOfStripe()).requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
  assert.equal(refunds.length, 1, "exactly one refund asked of Stripe");
  const [refund] = refunds;
  assert.match(refund.idempotencyKey, UUID);
  assert.equal(refund.idempotencyKey, refund.form["metadata[refundId]"], "the payment's refund id is the key");
  assert.notEqual(refund.idempotencyKey, journey.paymentId);
  assert.equal(refund.form["metadata[paymentId]"], journey.paymentId);
  assert.equal(Number(refund.form.amount), ore, "the whole order, in øre");
  assert.match(refund.form.payment_intent, /^pi_test_/);
  assert.equal(refund.apiKey, SECRET_KEY);

  // The page, read afresh, shows the order refunded.
  await page.reload();
  await heading.waitFor();
  await page.getByText(`${amount} betalt · ${amount} refunderet`).waitFor();
  await screenshot(page, "stripe-manager-refunded-1280x800");
  const afterwards = await page.evaluate(
    async (id) => (await fetch(`/api/admin/orders/${id}/refunds`, { headers: { accept: "application/json" } })).json(),
    journey.orderId,
  );
  assert.equal(afterwards.refundable, 0);
  assert.equal(afterwards.refunded, before.paid);
  await page.close();
});

test("no secret in the server's log, no console error, no CSP violation", () => {
  const log = product.serverLog();
  assert.ok(log.includes("/api/payment/stripe/webhook/"), "the log has the journey's requests");
  assertNoSecretIn(log, "the server's log");
  assert.deepEqual(product.consoleErrors, []);
  assert.deepEqual(product.cspViolations, []);
});
