// Browser tests of the app's shell (issue 42): the phone's basket bar and the visible "added" confirmation, the
// desktop's basket column, the skip link, the focus after every navigation and after login, the login form's
// first Tab, and the login gate setting (restaurant A has it on, restaurant B off). Phone and desktop, Danish
// and English; each page is screenshotted into e2e/artifacts/ and checked with axe-core.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { adminApi, createHarness, DESKTOP, OWNER_A, PHONE, seriousAxeViolations } from "./harness.mjs";

const product = createHarness();

before(product.start);
after(product.stop);

const TEXT = {
  "da-DK": {
    switchTo: null,
    username: "Brugernavn",
    password: "Adgangskode",
    logIn: "Log ind",
    frontTitle: "Hvad har du lyst til?",
    drinks: "Drikkevarer",
    addCola: "Tilføj Coca-Cola",
    addAnotherCola: "Tilføj én Coca-Cola mere",
    added: "Tilføjet: Coca-Cola",
    barText: /^2 varer\s*·\s*70\u00a0kr\.\s*Gå til kurven/,
    bar: "2 varer · 70 kr. Gå til kurven",
    viewBasket: "Gå til kurven",
    cartTitle: "Din bestilling",
    total: "70 kr.",
    columnCheckout: "Gå til kassen",
    sheetCheckout: "Gå til kassen",
    skip: "Gå til indhold",
    precheckoutTitle: "Har du husket det hele?",
    continue: "Fortsæt til kassen",
    checkoutTitle: "Gennemfør din bestilling",
    backToMenu: "Tilbage til menuen",
  },
  "en-US": {
    switchTo: "Switch to English",
    username: "Username",
    password: "Password",
    logIn: "Log in",
    frontTitle: "What do you feel like?",
    drinks: "Drinks",
    addCola: "Add Coca-Cola",
    addAnotherCola: "Add one more Coca-Cola",
    added: "Added: Coca-Cola",
    barText: /^2 items\s*·\s*70\u00a0DKK\s*View basket/,
    bar: "2 items · 70 DKK View basket",
    viewBasket: "View basket",
    cartTitle: "Your order",
    total: "70 DKK",
    columnCheckout: "Go to checkout",
    sheetCheckout: "Go to checkout",
    skip: "Skip to content",
    precheckoutTitle: "Have you remembered everything?",
    continue: "Continue to checkout",
    checkoutTitle: "Complete your order",
    backToMenu: "Back to the menu",
  },
};

/** Screenshot and accessibility check of the page as it is now. */
async function visit(page, name) {
  await product.screenshot(page, name);
  assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${name}`);
}

/** What has the keyboard focus: its tag, its text, and whether it sits inside `main`. */
const focused = (page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return {
      tag: element?.tagName.toLowerCase(),
      text: element?.textContent?.trim(),
      name: element?.getAttribute("name"),
      inMain: Boolean(element?.closest("main")),
    };
  });

/** The page's cumulative layout shift so far (shifts right after input excepted), as the browser recorded it. */
const layoutShift = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (!entry.hadRecentInput) sum += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        // The buffered entries are delivered in a task of their own: none by then means none at all.
        setTimeout(() => resolve(sum), 200);
      }),
  );

/** Waits until the focus is on the page's h1 with this text. */
async function focusOnHeading(page, text) {
  await page.waitForFunction(
    (expected) => document.activeElement?.tagName === "H1" && document.activeElement.textContent?.trim() === expected,
    text,
    { timeout: 5000 },
  );
}

/** A fresh page on restaurant A's login form, in `language` (the choice is stored, so a reload keeps it). */
async function loginPage(viewport, language) {
  const page = await product.openPage("localhost", viewport);
  const text = TEXT[language];
  if (text.switchTo) {
    await page.getByRole("button", { name: text.switchTo }).click();
    await page.getByRole("heading", { level: 1, name: text.frontTitle }).waitFor();
    await page.reload();
  }
  await page.getByLabel(text.password).waitFor();
  return page;
}

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
]) {
  for (const language of ["da-DK", "en-US"]) {
    // Phone in Danish, desktop in English: each point at both sizes and in both languages, in half the CI time.
    if ((size === "phone") !== (language === "da-DK")) continue;
    const text = TEXT[language];
    const name = (step) => `${size}-${language}-shell-${step}`;

    describe(`the shell at the ${size} size (${viewport.width}×${viewport.height}) in ${language}`, () => {
      test("login gate on (restaurant A): the first Tab is the username, focus goes to the heading after login", async () => {
        const page = await loginPage(viewport, language);
        await visit(page, name("login"));
        await page.keyboard.press("Tab");
        assert.deepEqual(await focused(page), { tag: "input", text: "", name: "username", inMain: true });
        await page.keyboard.type("e2e-guest");
        await page.keyboard.press("Tab");
        await page.keyboard.type(String(await product.productionUnitIdOf("localhost")));
        await page.keyboard.press("Enter");
        await page.locator(".category-tile").first().waitFor();
        await focusOnHeading(page, text.frontTitle);
        await page.close();
      });

      test("the skip link is the first Tab and moves the focus into main; a category click focuses its heading", async () => {
        const page = await loginPage(viewport, language);
        await page.getByLabel(text.username).fill("e2e-guest");
        await page.getByLabel(text.password).fill(String(await product.productionUnitIdOf("localhost")));
        await page.getByRole("button", { name: text.logIn }).click();
        await page.locator(".category-tile").first().waitFor();
        await page.reload();
        await page.locator(".category-tile").first().waitFor();
        await page.keyboard.press("Tab");
        const skip = await focused(page);
        assert.equal(skip.tag, "a");
        assert.equal(skip.text, text.skip);
        assert.ok(await page.locator(".skip-link").isVisible(), "the skip link shows once it has the focus");
        await product.screenshot(page, name("skip-link"));
        await page.keyboard.press("Enter");
        await focusOnHeading(page, text.frontTitle);
        assert.equal((await focused(page)).inMain, true);
        // By keyboard: the heading shows where the focus went.
        const ring = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
        assert.equal(ring, "solid");
        assert.equal(new URL(page.url()).hash, "", "the skip link is no navigation");

        await page.getByRole("link", { name: text.drinks, exact: true }).first().click();
        await page.getByRole("heading", { level: 1, name: text.drinks }).waitFor();
        await focusOnHeading(page, text.drinks);
        // A mouse click: the heading has the focus, without a ring around it.
        const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
        assert.equal(outline, "none");
        await page.close();
      });

      test("an add shows a visible confirmation and the basket (bar on a phone, column on a desktop) with count and total", async () => {
        const page = await loginPage(viewport, language);
        await page.getByLabel(text.username).fill("e2e-guest");
        await page.getByLabel(text.password).fill(String(await product.productionUnitIdOf("localhost")));
        await page.getByRole("button", { name: text.logIn }).click();
        await page.getByRole("link", { name: text.drinks, exact: true }).first().click();
        await page.getByRole("heading", { level: 1, name: text.drinks }).waitFor();
        assert.equal(await page.locator(".basket-bar").count(), 0, "no bar with an empty basket");
        if (size === "desktop") {
          await page.locator(".basket-column").getByRole("heading", { name: text.cartTitle }).waitFor();
          await visit(page, name("menu-empty-basket"));
        }

        await page.locator("main").getByRole("button", { name: text.addCola, exact: true }).click();
        const toast = page.locator(".added-toast");
        await toast.filter({ hasText: text.added }).waitFor({ state: "visible" });
        assert.equal((await focused(page)).text?.includes(text.added), false, "the confirmation takes no focus");
        // With one in the basket the same button adds "one more".
        await page.locator("main").getByRole("button", { name: text.addAnotherCola, exact: true }).click();
        await toast.filter({ hasText: text.added }).waitFor({ state: "visible" });
        await page.getByRole("status").filter({ hasText: text.added }).waitFor();

        if (size === "phone") {
          const bar = page.getByRole("button", { name: text.bar });
          await bar.waitFor();
          assert.match(await bar.innerText(), text.barText, "count, total and action are in view");
          await visit(page, name("menu-basket-bar"));
          // The page ends above the bar: its last product is not hidden behind it.
          const covered = await page.evaluate(() => {
            window.scrollTo(0, document.documentElement.scrollHeight);
            const bar = document.querySelector(".basket-bar").getBoundingClientRect();
            const cards = [...document.querySelectorAll("main li, main article")];
            const last = cards.at(-1)?.getBoundingClientRect();
            return last ? last.bottom > bar.top + 1 : false;
          });
          assert.equal(covered, false, "the last product is not under the bar");
          await bar.click();
          const sheet = page.getByRole("dialog", { name: text.cartTitle });
          await sheet.waitFor();
          await visit(page, name("expanded-cart"));
          await sheet.getByRole("button", { name: text.sheetCheckout }).click();
        } else {
          assert.equal(await page.locator(".basket-bar").isVisible(), false, "no bar on a desktop");
          const column = page.getByRole("complementary", { name: text.cartTitle });
          // The second add's answer first (the total of two), then the line it shows.
          await column.locator(".cart-total-price").filter({ hasText: text.total }).waitFor();
          await column
            .locator(".cart-line-name")
            .filter({ hasText: /^Coca-Cola$/ })
            .waitFor();
          assert.equal(await column.locator(".cart-line .counter-value").textContent(), "2");
          await visit(page, name("menu-basket-column"));
          await column.getByRole("button", { name: text.columnCheckout }).click();
        }

        // Precheckout, then the checkout: each page's heading gets the focus; no basket bar on the checkout.
        await page.getByRole("heading", { level: 1, name: text.precheckoutTitle }).waitFor();
        await focusOnHeading(page, text.precheckoutTitle);
        await page.getByRole("button", { name: text.continue, exact: true }).first().click();
        await page.getByRole("heading", { level: 1, name: text.checkoutTitle }).waitFor();
        await focusOnHeading(page, text.checkoutTitle);
        assert.equal(await page.locator(".basket-bar, .basket-column").count(), 0);

        // A reload (or a return from the payment page): the way back and the heading show while the checkout's own
        // code is still on its way, where the page then keeps them, and nothing on the page moves.
        let release = () => {};
        const held = new Promise((resolve) => (release = resolve));
        await page.route(/\/assets\/checkout-page-[^/]+\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        await page.reload();
        const heading = page.getByRole("heading", { level: 1, name: text.checkoutTitle });
        await heading.waitFor();
        assert.equal(await page.locator("main").getAttribute("aria-busy"), "true", "the page says it is still loading");
        await page.getByRole("link", { name: text.backToMenu }).waitFor();
        assert.equal(await page.locator(".cart-line").count(), 0, "the checkout's own code has not arrived");
        // Measured inside the page, in one step: the page may put a new heading element in the frame's place, and a
        // measurement of a locator's element between finding it and reading its box then reads a detached one.
        const box = () =>
          heading.evaluate((element) => {
            const { x, y, width, height } = element.getBoundingClientRect();
            return { x, y, width, height };
          });
        const framed = await box();
        await visit(page, name("checkout-loading"));
        release();
        await page.locator(".cart-line").first().waitFor();
        assert.equal(await page.locator("main").getAttribute("aria-busy"), null);
        assert.deepEqual(await box(), framed, "the heading stays where it was");
        assert.equal(await layoutShift(page), 0, "nothing moved while the page loaded");
        await page.close();
      });
    });
  }

  describe(`the login gate setting at the ${size} size`, () => {
    test("off (restaurant B): a deep link to /menu/{id} opens at once, with no login form", async () => {
      const page = await product.openPage("127.0.0.1", viewport);
      await page.locator(".category-tile").first().click();
      await page.waitForURL(/\/menu\/\d+$/);
      const menuPath = new URL(page.url()).pathname;
      assert.match(menuPath, /^\/menu\/\d+$/);
      await page.close();

      const fresh = await product.newPage(viewport);
      await fresh.goto(product.url("127.0.0.1", menuPath));
      await fresh.locator("main h1").waitFor();
      assert.equal(new URL(fresh.url()).pathname, menuPath);
      assert.equal(await fresh.locator('input[name="password"]').count(), 0);
      await visit(fresh, `${size}-gate-off-menu`);
      await fresh.keyboard.press("Tab");
      assert.equal((await focused(fresh)).text, "Gå til indhold");
      await fresh.close();
    });

    test("on (restaurant A): the same deep link shows the login form", async () => {
      const page = await product.newPage(viewport);
      await page.goto(product.url("localhost", "/menu/1"));
      await page.getByLabel("Adgangskode").waitFor();
      assert.equal(new URL(page.url()).pathname, "/");
      await page.close();
    });
  });
}

test("at 320 px (the narrowest phone, or 200 % zoom) the header's actions and the basket bar stay inside the window", async () => {
  const narrow = { width: 320, height: 640 };
  const page = await product.openLoggedIn("localhost", narrow);
  const text = TEXT["da-DK"];
  await page.getByRole("link", { name: text.drinks, exact: true }).first().click();
  await page.getByRole("heading", { level: 1, name: text.drinks }).waitFor();
  await page.locator("main").getByRole("button", { name: text.addCola, exact: true }).click();
  await page.getByRole("button", { name: /^1 vare/ }).waitFor();
  await page.locator("main").getByRole("button", { name: text.addAnotherCola, exact: true }).click();
  await page.getByRole("button", { name: text.bar }).waitFor();
  // A page wider than the window scrolls sideways with the focus: measured from its left edge.
  const sticksOut = await page.evaluate(() => {
    window.scrollTo(0, window.scrollY);
    const width = document.documentElement.clientWidth;
    const out = [".site-header .logo", ".header-actions", ".minicart-button", ".basket-bar-action"]
      .map((selector) => [selector, document.querySelector(selector).getBoundingClientRect().right])
      .filter(([, right]) => right > width + 0.5)
      .map(([selector, right]) => `${selector} ends at ${Math.round(right)} px`);
    const bar = document.querySelector(".basket-bar-button");
    if (bar.scrollWidth > bar.clientWidth)
      out.push(`the basket bar's text is ${bar.scrollWidth - bar.clientWidth} px too wide`);
    if (document.documentElement.scrollWidth > width)
      out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    return out;
  });
  await visit(page, "phone-320-da-DK-shell-basket-bar");
  assert.deepEqual(sticksOut, []);
  await page.close();
});

/** Restaurant A's owner (the demo seed's) switches "closed until further notice" through the back office's API. */
async function setClosedFrontpage(on) {
  const owner = await adminApi(product, OWNER_A);
  const { restaurants } = await (await owner.get("/restaurants")).json();
  const id = restaurants.find((restaurant) => restaurant.hosts.includes("localhost")).id;
  const restaurant = await (await owner.get(`/restaurants/${id}`)).json();
  const saved = await owner.put(`/restaurants/${id}`, {
    settings: { ...restaurant.settings, showClosedFrontpageMessage: on },
    versions: { settings: restaurant.versions.settings },
  });
  assert.equal(saved.status, 200, await saved.clone().text());
}

const CLOSED = {
  "da-DK": { title: "Midlertidigt lukket", kept: "Din kurv er gemt", line: "Coca-Cola" },
  "en-US": { title: "Temporarily closed", kept: "Your basket is kept", line: "Coca-Cola" },
};

test("closed until further notice: no basket button or bar leads to a dead end; a basket filled before is shown as kept", async () => {
  const pages = [];
  for (const [size, viewport, language] of [
    ["phone", PHONE, "da-DK"],
    ["desktop", DESKTOP, "en-US"],
  ]) {
    const text = TEXT[language];
    const page = await loginPage(viewport, language);
    await page.getByLabel(text.username).fill("e2e-guest");
    await page.getByLabel(text.password).fill(String(await product.productionUnitIdOf("localhost")));
    await page.getByRole("button", { name: text.logIn }).click();
    await page.getByRole("link", { name: text.drinks, exact: true }).first().click();
    await page.locator("main").getByRole("button", { name: text.addCola, exact: true }).click();
    await page.waitForFunction(() => /\b1\b/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));
    pages.push({ size, language, page });
  }
  await setClosedFrontpage(true);
  try {
    for (const { size, language, page } of pages) {
      const closed = CLOSED[language];
      await page.goto(product.url("localhost", "/"));
      await page.getByRole("heading", { level: 1, name: closed.title }).waitFor();
      const kept = page.getByRole("region", { name: closed.kept });
      await kept.waitFor();
      assert.ok(await kept.getByText(closed.line).isVisible(), "the basket's line is listed");
      assert.equal(await page.locator(".minicart-button, .basket-bar, .basket-column").count(), 0, "no basket control");
      assert.equal(await kept.getByRole("button").count(), 0, "nothing to press in the kept basket");
      // Nothing of the page sits under a bar at the bottom: the page reserves no room for one.
      assert.equal(await page.locator(".page-above-basket-bar").count(), 0);
      await visit(page, `${size}-${language}-shell-closed-kept-basket`);
      await page.close();
    }
  } finally {
    await setClosedFrontpage(false);
  }
});

test("no page logged a console error or a CSP violation", () => {
  assert.deepEqual(product.consoleErrors, []);
  assert.deepEqual(product.cspViolations, []);
});
