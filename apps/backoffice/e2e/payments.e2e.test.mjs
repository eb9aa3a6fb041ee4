// Issue 46 in the browser: restaurant A's owner opens the payments page (the test provider, the webhook URL and its
// events), is refused a key in the wrong format on its field, stores Stripe test keys and sees test mode and the
// key's hint, then removes them. The key and the webhook secret are in no page, no network answer and no server log
// line. axe finds no violations; screenshots at 390×844 and 1280×800 in both languages.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import {
  createHarness,
  DESKTOP,
  demoLogin,
  openHeaderMenu,
  PHONE,
  recordAnswers,
  screenshot,
  seriousAxeViolations,
  tabTo,
} from "./harness.mjs";

// Made-up keys in Stripe's formats: looked for in every page, answer and log line.
const TEST_KEY = "sk_test_51HbrowserTestKeyOfOwnerA4242";
const WEBHOOK_SECRET = "whsec_browserWebhookSecretOfOwnerA";
const SECRETS = [TEST_KEY, WEBHOOK_SECRET];

// A save asks Stripe whose key it is (GET /v1/account): the fake Stripe of apps/api/src/testing/fake-stripe.ts
// answers, run as a program on a free port before the server starts.
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const stripePort = await freePort();
const stripeUrl = `http://127.0.0.1:${stripePort}`;
let fakeStripe;
const product = createHarness({
  env: { SECRETS_KEY: "payments-browser-test-secrets-key-0123456789", LOG_LEVEL: "info", STRIPE_API_URL: stripeUrl },
});
before(async () => {
  await startFakeStripe();
  await product.start();
});
after(async () => {
  fakeStripe?.kill("SIGTERM");
  await product.stop();
});

async function freePort() {
  const server = createServer();
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

async function startFakeStripe() {
  const args = ["--import", "tsx", "apps/api/src/testing/fake-stripe.ts", "--port", String(stripePort)];
  fakeStripe = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
    if (fakeStripe.exitCode !== null) throw new Error(`the fake Stripe exited with ${fakeStripe.exitCode}`);
    try {
      if ((await fetch(`${stripeUrl}/__requests`)).ok) return;
    } catch {}
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error("the fake Stripe did not come up");
}

const OWNER_A = () => demoLogin("Owner", "A");
const WEBHOOK_URL =
  /^http:\/\/localhost:\d+\/api\/payment\/stripe\/webhook\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const TEXT = {
  "da-DK": {
    email: "E-mail",
    password: "Adgangskode",
    signIn: "Log ind",
    nav: "Betalinger",
    provider: "Testudbyder: ingen penge trækkes",
    testMode: "Testtilstand – ingen penge trækkes",
    secretKey: "Hemmelig nøgle (secret key)",
    webhookSecret: "Webhookens signeringshemmelighed",
    save: "Gem nøglerne",
    saved: "Gemt",
    problem: "Der er et problem",
    keyFormat: /Skriv en hemmelig nøgle fra Stripe/,
    required: "Udfyld feltet.",
    remove: "Fjern Stripe-kontoen",
    confirm: "Ja, fjern nøglerne",
    edit: "Ret betalingsmetoder",
  },
  "en-US": {
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    nav: "Payments",
    provider: "Test provider: no money moves",
    testMode: "Test mode – no money moves",
    secretKey: "Secret key",
    webhookSecret: "Webhook signing secret",
    save: "Save the keys",
    saved: "Saved",
    problem: "There is a problem",
    keyFormat: /Enter a secret key from Stripe/,
    required: "Fill this in.",
    remove: "Remove the Stripe account",
    confirm: "Yes, remove the keys",
    edit: "Edit payment methods",
  },
};

async function openPayments(viewport, language) {
  const t = TEXT[language];
  const page = await product.newPage(viewport);
  const answers = recordAnswers(page);
  await page.goto(product.url("localhost", "/admin/sign-in"));
  if (language === "en-US") await page.getByRole("button", { name: "English" }).click();
  await page.getByLabel(t.email, { exact: true }).fill(OWNER_A().email);
  await page.getByLabel(t.password, { exact: true }).fill(OWNER_A().password);
  await page.getByRole("button", { name: t.signIn }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/sign-in"));
  // The header's menu has the page: the owner owns one organisation (on a phone, behind the header's Menu button).
  await openHeaderMenu(page, { keyboard: true });
  const link = page.getByRole("navigation").getByRole("link", { name: t.nav, exact: true });
  await tabTo(page, link);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/organisations\/\d+\/payments$/);
  await page.locator(".payment-badge").waitFor();
  return { page, t, answers };
}

/** axe's whole verdict, not only the serious ones: the page must have no violation at all. */
async function axeClean(page, name) {
  assert.deepEqual(await seriousAxeViolations(page), [], `axe (serious) on ${name}`);
  const all = await page.evaluate(async () =>
    (await window.axe.run(document, { resultTypes: ["violations"] })).violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    ),
  );
  assert.deepEqual(all, [], `axe on ${name}`);
}

async function assertNoSecretIn(page, answers, what) {
  const html = await page.content();
  const seen = `${html}\n${await answers()}`;
  for (const secret of SECRETS) {
    assert.ok(!seen.includes(secret), `${what}: the page or an answer holds ${secret.slice(0, 8)}…`);
    assert.ok(
      !seen.includes(secret.slice(8, -4)),
      `${what}: the page or an answer holds part of ${secret.slice(0, 8)}…`,
    );
  }
}

async function storeKeys(page, t) {
  await page.getByLabel(t.secretKey, { exact: true }).fill(TEST_KEY);
  await page.getByLabel(t.webhookSecret, { exact: true }).fill(WEBHOOK_SECRET);
  await page.getByRole("button", { name: t.save }).click();
  await page.getByRole("status").filter({ hasText: t.saved }).waitFor();
  await page.locator(".payment-badge", { hasText: t.testMode }).waitFor();
}

async function removeKeys(page, t) {
  await page.getByRole("button", { name: t.remove }).click();
  // The question takes the focus on its safe answer.
  await page.getByRole("button", { name: t.confirm }).click();
  await page.locator(".payment-badge", { hasText: t.provider }).waitFor();
  await page.getByRole("button", { name: t.remove }).waitFor({ state: "detached" });
}

test("owner A, desktop, Danish: the test provider and the webhook; a refused key; test keys stored and removed; no secret anywhere", async () => {
  const { page, t, answers } = await openPayments(DESKTOP, "da-DK");
  await page.locator(".payment-badge", { hasText: t.provider }).waitFor();
  const url = await page.locator(".webhook-url").textContent();
  assert.match(url, WEBHOOK_URL);
  for (const event of [
    "checkout.session.completed",
    "checkout.session.async_payment_succeeded",
    "checkout.session.async_payment_failed",
    "checkout.session.expired",
    "charge.refunded",
  ]) {
    await page.locator(".webhook-events code", { hasText: event }).waitFor();
  }
  const edit = page.getByRole("link", { name: new RegExp(`^${t.edit}`) });
  assert.match(await edit.first().getAttribute("href"), /\/admin\/restaurants\/\d+\/settings$/);
  const secretField = page.getByLabel(t.secretKey, { exact: true });
  assert.equal(await secretField.getAttribute("type"), "password");
  assert.equal(await secretField.getAttribute("autocomplete"), "off");
  assert.equal(await secretField.inputValue(), "");
  await axeClean(page, "the payments page without an account");
  await screenshot(page, "desktop-da-payments");

  // Nothing typed, then a publishable key: refused on its fields, in Danish, before any request.
  await page.getByRole("button", { name: t.save }).click();
  const summary = page.getByRole("alert").filter({ hasText: t.problem });
  await summary.waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains("error-summary")), true);
  await page.locator("#field-secretKey-error", { hasText: t.required }).waitFor();
  await secretField.fill("pk_test_51Hpublishable4242");
  await page.getByLabel(t.webhookSecret, { exact: true }).fill(WEBHOOK_SECRET);
  await page.getByRole("button", { name: t.save }).click();
  await page.locator("#field-secretKey-error", { hasText: t.keyFormat }).waitFor();
  assert.equal(await secretField.getAttribute("aria-invalid"), "true");
  assert.match(await secretField.getAttribute("aria-describedby"), /field-secretKey-error/);
  await axeClean(page, "the refused key");
  await screenshot(page, "desktop-da-payments-refused");

  await storeKeys(page, t);
  await page.locator(".payment-facts code", { hasText: "sk_test_…4242" }).waitFor();
  assert.equal(await secretField.inputValue(), "", "the field is emptied after the save");
  assert.equal(await page.locator(".webhook-url").textContent(), url, "the webhook URL stays");
  await assertNoSecretIn(page, answers, "after the save");
  await axeClean(page, "the payments page in test mode");
  await screenshot(page, "desktop-da-payments-test-mode");

  // Someone saves in between (another tab): this page's save is refused, says so, and shows what is stored now;
  // what was typed stays, and the next save, based on the stored version, goes through.
  await page.evaluate(
    async (keys) => {
      const { csrfToken, memberships } = await (await fetch("/api/admin/me")).json();
      const url = `/api/admin/organisations/${memberships[0].organisationId}/payment-account`;
      const { account } = await (await fetch(url)).json();
      const body = JSON.stringify({ ...keys, version: account.edit.version });
      const headers = { "content-type": "application/json", "x-csrf-token": csrfToken };
      const res = await fetch(url, { method: "PUT", headers, body });
      if (!res.ok) throw new Error(`the other tab's save: ${res.status}`);
    },
    { secretKey: TEST_KEY, webhookSecret: WEBHOOK_SECRET },
  );
  await secretField.fill(TEST_KEY);
  await page.getByLabel(t.webhookSecret, { exact: true }).fill(WEBHOOK_SECRET);
  await page.getByRole("button", { name: t.save }).click();
  // The forms' one notice of a save someone else's overtook: who saved and when (components/conflict-notice.tsx).
  const notice = page.getByRole("alert").filter({ hasText: "En anden gemte først" });
  await notice.waitFor();
  assert.match(await notice.innerText(), /gemte dette/);
  assert.equal(await secretField.inputValue(), TEST_KEY, "what was typed stays");
  await axeClean(page, "the refused save");
  await screenshot(page, "desktop-da-payments-conflict");
  await page.getByRole("button", { name: t.save }).click();
  await page.getByRole("status").filter({ hasText: t.saved }).waitFor();
  assert.equal(await secretField.inputValue(), "");

  // A reload reads the account afresh: still only the hint.
  await page.reload();
  await page.locator(".payment-badge", { hasText: t.testMode }).waitFor();
  await assertNoSecretIn(page, answers, "after a reload");

  await removeKeys(page, t);
  assert.equal(await page.evaluate(() => document.activeElement?.id), "provider-title");
  await assertNoSecretIn(page, answers, "after the removal");
  await page.close();
});

test("owner A, phone, English: test keys stored and removed, the page fits the screen", async () => {
  const { page, t, answers } = await openPayments(PHONE, "en-US");
  await page.locator(".payment-badge", { hasText: t.provider }).waitFor();
  await axeClean(page, "the payments page on a phone, in English");
  await screenshot(page, "phone-en-payments");
  await storeKeys(page, t);
  await page.locator(".payment-facts code", { hasText: "sk_test_…4242" }).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  await axeClean(page, "test mode on a phone, in English");
  await screenshot(page, "phone-en-payments-test-mode");
  await assertNoSecretIn(page, answers, "on the phone");
  await removeKeys(page, t);
  await page.close();
});

test("the other two: phone in Danish and desktop in English, with keys stored", async () => {
  const { page: phone, t: da } = await openPayments(PHONE, "da-DK");
  await storeKeys(phone, da);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  await axeClean(phone, "test mode on a phone, in Danish");
  await screenshot(phone, "phone-da-payments-test-mode");
  await phone.close();

  const { page: desktop, t: en, answers } = await openPayments(DESKTOP, "en-US");
  await desktop.locator(".payment-badge", { hasText: en.testMode }).waitFor();
  await axeClean(desktop, "test mode on a desktop, in English");
  await screenshot(desktop, "desktop-en-payments-test-mode");
  await assertNoSecretIn(desktop, answers, "on the desktop in English");
  await removeKeys(desktop, en);
  await desktop.close();
});

test("no console error, no CSP violation, and no secret in the server's log", () => {
  assert.deepEqual(product.consoleErrors, []);
  assert.deepEqual(product.cspViolations, []);
  const log = product.serverLog();
  assert.ok(log.length > 0, "the server logged its requests");
  for (const secret of SECRETS) assert.ok(!log.includes(secret.slice(8, -4)), "a secret in the server's log");
});
