// Issue 46: a shop whose online payments move no money says so before the guest pays. The demo restaurants have
// no payment account, so their card and MobilePay payments go to the built-in test provider: the band across the
// top of every page and the notice at the checkout's payment choice show, at both sizes and in both languages;
// choosing pay at pickup takes the notice away. Screenshots in e2e/artifacts/, axe-core clean, no console error,
// no CSP violation.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createHarness, DESKTOP, logIn, PHONE, seriousAxeViolations } from "./harness.mjs";

const product = createHarness();

before(product.start);
after(async () => {
  assert.deepEqual(product.consoleErrors, [], "console errors");
  assert.deepEqual(product.cspViolations, [], "CSP violations");
  await product.stop();
});

const HOST = "localhost";

const TEXT = {
  "da-DK": {
    band: "Testtilstand",
    notice: "Testtilstand – der trækkes ingen penge",
    why: /dit kort eller din MobilePay bliver ikke trukket/,
    drinks: "Drikkevarer",
    /** A counter's plus, by the units already in the basket: "Tilføj Cola" at none, then "Tilføj én Cola mere". */
    plus: (name, count) => (count === 0 ? `Tilføj ${name}` : `Tilføj én ${name} mere`),
    checkoutTitle: "Gennemfør din bestilling",
    placeOrder: "Afgiv bestilling",
    card: "Betalingskort (betal online)",
    mobilepay: "MobilePay",
    pickup: "Betal ved afhentning",
    logIn,
  },
  "en-US": {
    band: "Test mode",
    notice: "Test mode – no money is charged",
    why: /your card or MobilePay will not be charged/,
    drinks: "Drinks",
    plus: (name, count) => (count === 0 ? `Add ${name}` : `Add one more ${name}`),
    checkoutTitle: "Complete your order",
    placeOrder: "Place order",
    card: "Card (pay online)",
    mobilepay: "MobilePay",
    pickup: "Pay at pickup",
    logIn: async (page, password) => {
      await page.getByLabel("Username").fill("e2e-guest");
      await page.getByLabel("Password").fill(String(password));
      await page.getByRole("button", { name: "Log in" }).click();
    },
  },
};

async function visit(page, name) {
  await product.screenshot(page, name);
  assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${name}`);
}

/** A logged-in guest of restaurant A in `language` on the front page. */
async function guestOnFrontPage(viewport, language) {
  const page = await product.newPage(viewport);
  await page.addInitScript((lang) => {
    if (!localStorage.getItem("language")) localStorage.setItem("language", lang);
  }, language);
  await page.goto(product.url(HOST));
  await page.getByRole("heading", { level: 1 }).waitFor();
  await TEXT[language].logIn(page, await product.productionUnitIdOf(HOST));
  await page.locator(".category-tile").first().waitFor();
  return page;
}

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
]) {
  describe(`test mode at the ${size} size (${viewport.width}×${viewport.height})`, () => {
    for (const language of ["da-DK", "en-US"]) {
      const t = TEXT[language];

      test(`${language}: the band is on the front page and the checkout, and the payment choice says it again`, async () => {
        const page = await guestOnFrontPage(viewport, language);
        const band = page.getByRole("complementary", { name: t.band, exact: true });
        assert.equal(await band.textContent(), t.notice);
        // Across the top, above the header: seen before anything else on the page.
        const [bandBox, headerBox] = await Promise.all([
          band.boundingBox(),
          page.locator(".site-header").boundingBox(),
        ]);
        assert.equal(bandBox.y, 0);
        assert.ok(bandBox.y + bandBox.height <= headerBox.y + 1, "the band sits above the header");
        assert.ok(bandBox.height <= 40, `a slim band (${bandBox.height} px)`);
        await visit(page, `${size}-${language}-test-mode-front-page`);

        await page.getByRole("link", { name: t.drinks, exact: true }).first().click();
        await page.getByRole("heading", { level: 1, name: t.drinks }).waitFor();
        await page
          .getByRole("button", { name: t.plus("Coca-Cola", 0), exact: true })
          .first()
          .click();
        await page.waitForFunction(() => /\b1\b/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));
        await page.goto(product.url(HOST, "/checkout"));
        await page.getByRole("heading", { level: 1, name: t.checkoutTitle }).waitFor();
        const placeOrder = page.getByRole("button", { name: t.placeOrder });
        await placeOrder.waitFor();

        // The header is hidden on /checkout (SPEC §2); the band is not.
        assert.equal(await band.textContent(), t.notice);
        // Card is the first method offered: the notice and why, right before the button that starts the payment.
        assert.equal(await page.getByRole("radio", { name: t.card }).isChecked(), true);
        const notice = page.locator(".payment-test-mode");
        assert.equal(await notice.getByText(t.notice, { exact: true }).count(), 1);
        await notice.getByText(t.why).waitFor();
        const [noticeBox, buttonBox] = await Promise.all([notice.boundingBox(), placeOrder.boundingBox()]);
        assert.ok(noticeBox.y < buttonBox.y, "the notice comes before Place order");
        await notice.scrollIntoViewIfNeeded();
        await visit(page, `${size}-${language}-test-mode-checkout`);

        await page.getByRole("radio", { name: t.mobilepay }).check();
        await notice.waitFor();
        // Pay at pickup is money at the counter: nothing to warn about there.
        await page.getByRole("radio", { name: t.pickup }).check();
        await notice.waitFor({ state: "detached" });
        assert.equal(await band.count(), 1, "the band stays: the shop's online payments are still tests");
        await page.close();
      });
    }
  });
}
