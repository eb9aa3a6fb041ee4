// The guest's journeys through the storefront, at a phone's size (390×844) and a desktop's (1280×800): the
// real product (npm start) on a fresh DATA_DIR, in Debian's Chromium. Each page is screenshotted into
// e2e/artifacts/ (not committed) and checked with axe-core; no page may log a console error or a CSP violation.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createHarness, DESKTOP, logIn, PHONE, seriousAxeViolations } from "./harness.mjs";

const product = createHarness();

before(product.start);
after(product.stop);

/** Screenshot and accessibility check of the page as it is now. */
async function visit(page, name) {
  await product.screenshot(page, name);
  assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${name}`);
}

const minicart = (page) => page.getByRole("button", { name: /^(Kurv|Basket), \d+ (vare|varer|item|items)$/ });

async function minicartCount(page) {
  const name = await minicart(page).getAttribute("aria-label");
  return Number(name.match(/\d+/)[0]);
}

/** Goes to a category by the sidebar (desktop) or the category bar (phone), or by its tile on the front page. */
async function openCategory(page, name) {
  await page.getByRole("link", { name, exact: true }).first().click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
}

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
]) {
  describe(`at the ${size} size (${viewport.width}×${viewport.height})`, () => {
    test("the login gate refuses a wrong password with its message and accepts the production unit id", async () => {
      const page = await product.openPage("localhost", viewport);
      await logIn(page, "not-the-id");
      await page.getByRole("alert").filter({ hasText: "Adgangskoden er forkert" }).waitFor();
      await visit(page, `${size}-login-refused`);
      await logIn(page, await product.productionUnitIdOf("localhost"));
      await page.locator(".category-tile").first().waitFor();
      assert.equal(await page.getByRole("alert").filter({ hasText: "Adgangskoden er forkert" }).count(), 0);
      await page.close();
    });

    test("browse to a burger, choose options within the limits, add it; the minicart counts it; clear with confirmation", async () => {
      const page = await product.openLoggedIn("localhost", viewport);
      await visit(page, `${size}-front-page`);

      await openCategory(page, "Burgere");
      await visit(page, `${size}-menu`);

      await page.getByRole("button", { name: "Vælg tilvalg: Classic burger" }).click();
      const panel = page.getByRole("region", { name: "Vælg tilvalg: Classic burger" });
      await panel.waitFor();

      // "Vælg tilbehør": 1 included, at most 2 (one is chosen by default). Plus until the limit; then every
      // plus of the group is disabled.
      const sides = panel.locator(".modifier-group").filter({ hasText: "Vælg tilbehør" });
      if ((await sides.getByRole("button", { name: "Vælg tilbehør" }).getAttribute("aria-expanded")) !== "true") {
        await sides.getByRole("button", { name: "Vælg tilbehør" }).click();
      }
      // "Tilføj Pommes frites" at none, "Tilføj én Pommes frites mere" from one: every plus of the group.
      const plus = sides.getByRole("button", { name: /^Tilføj / });
      let clicks = 0;
      for (
        ;
        clicks < 5 && (await sides.locator(".counter-button[aria-label^='Tilføj']:enabled").count()) > 0;
        clicks++
      ) {
        await sides.locator(".counter-button[aria-label^='Tilføj']:enabled").first().click();
      }
      assert.ok(clicks >= 1 && clicks <= 2, `the limit of 2 was reached after ${clicks} clicks`);
      for (const button of await plus.all())
        assert.equal(await button.isDisabled(), true, "plus disabled at the limit");

      // An extra with a price changes the line's price at once.
      const addButton = panel.getByRole("button", { name: /^Læg i kurven/ });
      const before = await addButton.textContent();
      const extras = panel.locator(".modifier-group").filter({ hasText: "Ekstra" }).first();
      if ((await extras.locator(".modifier-group-toggle").getAttribute("aria-expanded")) !== "true") {
        await extras.locator(".modifier-group-toggle").click();
      }
      await extras
        .getByRole("button", { name: /^Tilføj / })
        .first()
        .click();
      const shownPrice = await addButton.textContent();
      assert.notEqual(shownPrice, before, "the live price follows the options");
      await visit(page, `${size}-modifier-panel`);

      await addButton.click();
      await page.waitForFunction(() => /1 vare$/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));
      assert.equal(await minicartCount(page), 1);

      // A drink without options: its counter adds it.
      await openCategory(page, "Drikkevarer");
      await page.getByRole("button", { name: "Tilføj Coca-Cola", exact: true }).first().click();
      await page.waitForFunction(() => /2 varer$/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));

      // The expanded cart: the server's price of the burger line is the price the panel showed.
      await minicart(page).click();
      const cart = page.getByRole("dialog", { name: "Din bestilling" });
      await cart.waitFor();
      const panelPrice = shownPrice.match(/[\d.]+(,\d\d)?/)[0];
      assert.match(await cart.textContent(), new RegExp(`Classic burger[\\s\\S]*${panelPrice.replace(".", "\\.")}`));
      await visit(page, `${size}-expanded-cart`);

      await cart.getByRole("button", { name: "Ryd bestilling" }).click();
      const confirm = page.getByRole("dialog", { name: "Vil du rydde din bestilling?" });
      await confirm.waitFor();
      await visit(page, `${size}-clear-confirmation`);
      await confirm.getByRole("button", { name: "Ja, ryd bestilling" }).click();
      await page.waitForFunction(() => /0 varer$/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));
      const stored = await page.evaluate(() => ({ ...localStorage }));
      assert.equal(stored.basketId, undefined, "clearing wipes the stored basket");
      await page.close();
    });

    test("continue goes to /precheckout, which offers extras and goes on to /checkout", async () => {
      const page = await product.openLoggedIn("localhost", viewport);
      await openCategory(page, "Drikkevarer");
      await page.getByRole("button", { name: "Tilføj Danskvand", exact: true }).click();
      await page.waitForFunction(() => /1 vare$/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));
      await minicart(page).click();
      await page.getByRole("dialog", { name: "Din bestilling" }).getByRole("button", { name: "Gå til kassen" }).click();
      await page.waitForURL(/\/precheckout$/);
      await page.getByRole("heading", { level: 1, name: "Har du husket det hele?" }).waitFor();
      await page.getByRole("button", { name: "Tilføj Chokoladecookie", exact: true }).click();
      await page.waitForFunction(() => /2 varer$/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));
      await visit(page, `${size}-precheckout`);
      await page.getByRole("button", { name: "Fortsæt til kassen" }).first().click();
      await page.waitForURL(/\/checkout$/);
      // The checkout's cart section lists what the guest chose.
      const cart = page.getByRole("region", { name: "Din bestilling" });
      await cart.getByText("Chokoladecookie", { exact: true }).waitFor();
      await cart.getByText("Danskvand", { exact: true }).waitFor();
      await visit(page, `${size}-checkout`);
      await page.close();
    });

    test("the language switch changes the texts, survives a reload and sets <html lang>", async () => {
      const page = await product.openLoggedIn("localhost", viewport);
      await page.getByRole("button", { name: "Switch to English" }).click();
      await page.getByRole("heading", { level: 1, name: "What do you feel like?" }).waitFor();
      await page.getByRole("link", { name: "Burgers", exact: true }).waitFor();
      await page.reload();
      await page.getByRole("heading", { level: 1, name: "What do you feel like?" }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), "en-US");
      await visit(page, `${size}-front-page-english`);
      await openCategory(page, "Burgers");
      await page.getByRole("button", { name: "Choose options: Classic burger" }).waitFor();
      await visit(page, `${size}-menu-english`);
      await page.getByRole("button", { name: "Skift til dansk" }).click();
      await page.getByRole("heading", { level: 1, name: "Burgere" }).waitFor();
      await page.close();
    });

    test("restaurant B on 127.0.0.1 shows its own menu, logo and colour", async () => {
      const page = await product.openLoggedIn("127.0.0.1", viewport);
      // The logo is a blank placeholder until the app has painted (lib/first-paint.ts): wait for B's own.
      await page.locator('a.logo img[src$="logo-b.svg"]').waitFor();
      assert.equal(await page.getByRole("link", { name: "Burgere", exact: true }).count(), 0);
      await openCategory(page, "Pizzaer");
      await page.getByRole("heading", { name: "Margherita" }).waitFor();
      const brand = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand"));
      assert.equal(brand.trim(), "#2e7d32");
      await visit(page, `${size}-restaurant-b-menu`);
      await page.close();
    });

    test("the status pages: an unknown path → /notfound; a deep link without login → /; /error with its trace id", async () => {
      const page = await product.newPage(viewport);
      await page.goto(product.url("localhost", "/no/such/page"));
      await page.waitForURL(/\/notfound$/);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await visit(page, `${size}-notfound`);
      await page.goto(product.url("localhost", "/menu/1"));
      await page.getByLabel("Adgangskode").waitFor();
      assert.equal(new URL(page.url()).pathname, "/");
      await visit(page, `${size}-login`);
      await page.goto(product.url("localhost", "/error?traceId=e2e-trace"));
      await page.getByText("e2e-trace").waitFor();
      await visit(page, `${size}-error`);
      await page.close();
    });

    test("the API not answering at the start: /error still shows the restaurant's logo, colour and phone", async () => {
      const page = await product.newPage(viewport);
      await page.route("**/api/**", (route) => route.abort("connectionrefused"));
      await page.goto(product.url("localhost", "/menu/1"));
      await page.waitForURL(/\/error$/);
      // "Contact the restaurant", and how: from the restaurant the server wrote into the page.
      await page.getByRole("link", { name: "Ring på 35 36 11 22" }).waitFor();
      await page.locator('a.logo img[src$="logo-a.svg"]').waitFor();
      const brand = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand"));
      assert.equal(brand.trim(), "#b34a12", "restaurant A's colour, not the unbranded default");
      await visit(page, `${size}-error-api-down`);
      await page.close();
      // The refused connections this test made on purpose are not the page's errors.
      for (let i = product.consoleErrors.length - 1; i >= 0; i--) {
        if (product.consoleErrors[i].includes("ERR_CONNECTION_REFUSED")) product.consoleErrors.splice(i, 1);
      }
    });
  });
}

test("the maintenance flag switched on sends every page to /maintenance, and off again back to the shop", async () => {
  await product.setMaintenance(true);
  try {
    for (const [size, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ]) {
      const page = await product.newPage(viewport);
      await page.goto(product.url("localhost", "/menu/1"));
      await page.waitForURL(/\/maintenance$/);
      await page.getByRole("heading", { level: 1, name: "Vi opdaterer butikken" }).waitFor();
      await visit(page, `${size}-maintenance`);
      await page.close();
    }
  } finally {
    await product.setMaintenance(false);
  }
  const page = await product.openPage("localhost");
  assert.equal(new URL(page.url()).pathname, "/");
  await page.close();
});

// Last: what every page above reported.
test("no page of the journeys logged a console error or a Content-Security-Policy violation", () => {
  assert.deepEqual(product.cspViolations, []);
  assert.deepEqual(product.consoleErrors, []);
});
