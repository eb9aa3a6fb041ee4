// Browser tests of the start-up, login, status pages, API docs and hosted payment page: the real server
// (npm start) on a fresh DATA_DIR, driven in Debian's Chromium. The guest's journeys are in journeys.e2e.test.mjs.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createHarness, logIn, seriousAxeViolations } from "./harness.mjs";

const product = createHarness();
const { openPage, openLoggedIn, productionUnitIdOf, cspViolations } = product;
const port = product.port;
const newPage = () => product.newPage();

before(product.start);
after(product.stop);

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
    password: "wrong-password",
  });
  assert.equal(await page.locator(".category-tile").count(), 0);
  await page.close();
});

test("the production unit id logs in: restaurant A shows its name and its category tiles", async () => {
  const page = await openLoggedIn("localhost");
  assert.ok((await page.locator(".category-tile").count()) >= 5);
  const name = await page.locator("a.logo").getAttribute("aria-label");
  assert.match(name, /^Bistro Nørrebro/);
  const b = await openLoggedIn("127.0.0.1");
  assert.match(
    await b.locator("a.logo").getAttribute("aria-label"),
    /^Pizzeria Aarhus C/,
    "restaurant B has its own name",
  );
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
  // Late in the restaurant's day no time is left today: then the first one tomorrow (it takes orders 2 days ahead).
  let slot;
  for (const daysAhead of [0, 1]) {
    const day = new Date(Date.now() + daysAhead * 86_400_000);
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen" }).format(day);
    const slots = await json(
      await post(`/api/availableordertime/${checkout.id}`, {
        productionUnitId: module.productionUnitId,
        date,
        capacityInstanceId: module.capacityInstanceId,
      }),
    );
    slot = slots.find((s) => s.isAvailable);
    if (slot) break;
  }
  assert.ok(slot, "a pickup time today or tomorrow");
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
  const approve = page.getByRole("button", { name: "Godkend betaling" });
  // The page's own style applies (allowed by its hash): the approve button is green.
  assert.equal(await approve.evaluate((button) => getComputedStyle(button).backgroundColor), "rgb(27, 94, 32)");
  await approve.click();
  await page.waitForURL(new RegExp(`/payment/${checkoutId}$`));
  await page.close();
  assert.deepEqual(cspViolations, []);
});

// Last: what every page above reported.
test("no page the browser tests visited reported a Content-Security-Policy violation or a console error", () => {
  assert.deepEqual(cspViolations, []);
  assert.deepEqual(product.consoleErrors, []);
});
