// Browser tests: the real server (npm start) on a fresh DATA_DIR, driven in Debian's Chromium.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const port = 3900 + Math.floor(Math.random() * 90);
const dataDir = mkdtempSync(join(tmpdir(), "e2e-"));
// The server's own output goes to a file, printed only when the server fails to come up.
const serverLog = join(tmpdir(), `e2e-server-${port}.log`);
let server;
let browser;
/** Every Content-Security-Policy violation any page of these tests reported: there must be none. */
const cspViolations = [];

before(async () => {
  server = spawn(process.execPath, [join(root, "scripts/start.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", openSync(serverLog, "w"), openSync(serverLog, "a")],
    detached: true,
  });
  try {
    await waitForServer(`http://127.0.0.1:${port}/api/module/domain/localhost`, 180_000);
  } catch (error) {
    console.error(readFileSync(serverLog, "utf8"));
    throw error;
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
});

after(async () => {
  await browser?.close();
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitForServer(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * A new page that reports CSP violations into cspViolations: the `securitypolicyviolation` event (fired
 * for every blocked script, style, image, connection, form, eval…) and console messages that mention
 * the policy. The init script runs through the DevTools protocol, so the page's own CSP does not block it.
 */
async function newPage() {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"} on ${event.documentURI} (${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample})`,
      );
    });
  });
  page.on("console", (message) => {
    if (/content security policy|CSP violation/i.test(message.text())) cspViolations.push(message.text());
  });
  return page;
}

async function openPage(host) {
  const page = await newPage();
  await page.goto(`http://${host}:${port}/`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  return page;
}

/** The production unit id of the restaurant on `host`: the session login's password (SPEC §4). */
async function productionUnitIdOf(host) {
  const response = await fetch(`http://127.0.0.1:${port}/api/module/domain/${host}`);
  return (await response.json()).productionUnitId;
}

/** Fills in the login form on `/` (any username; the password is the production unit id). */
async function logIn(page, password) {
  await page.getByLabel("Brugernavn").fill("e2e-guest");
  await page.getByLabel("Adgangskode").fill(String(password));
  await page.getByRole("button", { name: "Log ind" }).click();
}

async function openLoggedIn(host) {
  const page = await openPage(host);
  await logIn(page, await productionUnitIdOf(host));
  await page.locator(".category-tile").first().waitFor();
  return page;
}

test("the front page asks for the session login; a wrong password is refused with its message", async () => {
  const page = await openPage("localhost");
  assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Hvad har du lyst til?");
  assert.equal(await page.locator(".category-tile").count(), 0, "no tiles before login");
  // The attempt goes to our own API (which forwards it to the login webhook), never straight to a third party.
  const attempt = page.waitForResponse((response) => response.url().endsWith("/api/login-attempt"));
  await logIn(page, "wrong-password");
  await page.getByRole("alert").filter({ hasText: "Adgangskoden er forkert" }).waitFor();
  assert.equal((await attempt).status(), 204);
  assert.deepEqual(JSON.parse((await attempt).request().postData()), {
    username: "e2e-guest",
    passwordApproved: false,
  });
  assert.equal(await page.locator(".category-tile").count(), 0);
  await page.close();
});

test("the production unit id logs in: restaurant A shows its name and its category tiles", async () => {
  const page = await openLoggedIn("localhost");
  assert.ok((await page.locator(".category-tile").count()) >= 5);
  const name = await page.locator(".logo img").getAttribute("alt");
  const b = await openLoggedIn("127.0.0.1");
  assert.notEqual(await b.locator(".logo img").getAttribute("alt"), name, "restaurant B has another name");
  await page.close();
  await b.close();
});

test("a deep link without login goes to /, and after login back to where the guest wanted", async () => {
  const page = await newPage();
  await page.goto(`http://localhost:${port}/checkout`);
  await page.getByLabel("Adgangskode").waitFor();
  assert.equal(new URL(page.url()).pathname, "/");
  await logIn(page, await productionUnitIdOf("localhost"));
  await page.waitForURL(/\/checkout$/);
  await page.getByRole("heading", { name: "Gennemfør din bestilling" }).waitFor();
  await page.close();
});

test("the language button switches the interface to English", async () => {
  const page = await openPage("localhost");
  await page.getByRole("button", { name: "Switch to English" }).click();
  await page.getByRole("heading", { name: "What do you feel like?" }).waitFor();
  await page.close();
});

test("an unknown path redirects to /notfound", async () => {
  const page = await newPage();
  await page.goto(`http://localhost:${port}/no/such/page`);
  await page.waitForURL(/\/notfound$/);
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.close();
});

/** axe-core, evaluated through DevTools, not as an inline <script> (which the storefront's CSP refuses). */
async function seriousAxeViolations(page) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help}`);
}

test("the login form and the front page have no serious accessibility violations (axe-core)", async () => {
  const page = await openPage("localhost");
  await page.getByLabel("Adgangskode").waitFor();
  assert.deepEqual(await seriousAxeViolations(page), []);
  await page.close();
  const loggedIn = await openLoggedIn("localhost");
  assert.deepEqual(await seriousAxeViolations(loggedIn), []);
  await loggedIn.close();
});

test("the API docs (Swagger UI) show the operations under their own CSP", async () => {
  const page = await newPage();
  const response = await page.goto(`http://localhost:${port}/api/docs/`);
  assert.match(response.headers()["content-security-policy"], /default-src 'none'/);
  await page.locator(".opblock").first().waitFor();
  assert.ok((await page.locator(".opblock").count()) >= 20, "the operations are listed");
  // Open one operation: its details render too.
  await page.locator(".opblock-summary").first().click();
  await page.locator(".opblock-body").first().waitFor();
  await page.close();
  assert.deepEqual(cspViolations, []);
});

/**
 * A card payment of restaurant A waiting on the test provider's hosted page, made over the API as the
 * storefront makes it (a product without options, checkout, pickup slot, guest details, validate, pay).
 */
async function waitingTestPayment() {
  const base = `http://localhost:${port}`;
  const json = async (res) => {
    const text = await res.text();
    if (!res.ok) throw new Error(`${res.status} ${res.url}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const module = await json(await fetch(`${base}/api/module/domain/localhost`));
  const { token } = await json(await fetch(`${base}/api/token/${module.productionUnitId}`));
  const auth = { authorization: `Bearer ${token}` };
  const get = async (path) => json(await fetch(`${base}${path}`, { headers: auth }));
  const post = (path, body) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: body ? { ...auth, "content-type": "application/json" } : auth,
      body: body ? JSON.stringify(body) : undefined,
    });
  const [menu] = await get(`/api/menu?instanceId=${module.menuInstanceId}`);
  const categories = await get(`/api/category/menu/${menu.id}?instanceId=${module.productInstanceId}`);
  const basket = await get("/api/basket");
  let added = false;
  for (const { productId } of categories.flatMap((category) => category.products)) {
    added = (await post(`/api/basket/${basket.id}/products`, { productId, amount: 1, choices: [] })).ok;
    if (added) break;
  }
  assert.ok(added, "a product without required options");
  const checkout = await json(
    await post(`/api/checkout?instanceId=${module.checkoutInstanceId}&moduleId=${module.id}`),
  );
  await json(await post(`/api/checkout/${checkout.id}/basket?basketId=${basket.id}`));
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen" }).format(new Date());
  const slots = await json(
    await post(`/api/availableordertime/${checkout.id}`, {
      productionUnitId: module.productionUnitId,
      date,
      capacityInstanceId: module.capacityInstanceId,
    }),
  );
  const slot = slots.find((s) => s.isAvailable);
  await json(
    await post(`/api/checkout/${checkout.id}/guestInformation`, {
      name: "Mette Hansen",
      phone: "12345678",
      email: "mette@example.dk",
      orderReadyTime: slot.time,
    }),
  );
  await json(
    await post(`/api/order/validate?checkoutId=${checkout.id}`, { productionUnitId: module.productionUnitId }),
  );
  const query = new URLSearchParams({
    moduleId: String(module.id),
    continuationUrl: `${base}/payment/${checkout.id}`,
    cancellationUrl: `${base}/checkout`,
    paymentMethods: "card",
  });
  const payment = await json(await post(`/api/checkout/${checkout.id}/payment?${query}`));
  return { paymentUrl: payment.paymentUrl, checkoutId: checkout.id };
}

test("the test provider's hosted page works under its own CSP and its approval leads back to the shop", async () => {
  const { paymentUrl, checkoutId } = await waitingTestPayment();
  const page = await newPage();
  const response = await page.goto(paymentUrl);
  assert.match(response.headers()["content-security-policy"], /style-src 'sha256-/);
  const approve = page.getByRole("button", { name: /Approve/ });
  // The page's own style applies (allowed by its hash): the approve button is green.
  assert.equal(await approve.evaluate((button) => getComputedStyle(button).backgroundColor), "rgb(27, 94, 32)");
  await approve.click();
  await page.waitForURL(new RegExp(`/payment/${checkoutId}$`));
  await page.close();
  assert.deepEqual(cspViolations, []);
});

// Last: what every page above reported.
test("no page the browser tests visited reported a Content-Security-Policy violation", () => {
  assert.deepEqual(cspViolations, []);
});
