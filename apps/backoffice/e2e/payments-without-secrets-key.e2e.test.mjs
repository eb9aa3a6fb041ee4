// Issue 46 on a server without SECRETS_KEY: the owner's payments page says before anything is typed that keys
// cannot be stored and how the server gets SECRETS_KEY; it offers no form and no webhook URL, and still shows the
// test provider and the restaurants' methods. axe finds no violations; screenshots on a phone in both languages.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createHarness, demoLogin, openHeaderMenu, PHONE, screenshot, seriousAxeViolations } from "./harness.mjs";

// The server inherits this process's environment: it must not bring a SECRETS_KEY of its own.
assert.equal(process.env.SECRETS_KEY, undefined, "run without SECRETS_KEY in the environment");
const product = createHarness();
before(product.start);
after(product.stop);

const TEXT = {
  "da-DK": {
    email: "E-mail",
    password: "Adgangskode",
    signIn: "Log ind",
    nav: "Betalinger",
    notice: "Serveren kan ikke gemme nøgler endnu",
    provider: "Testudbyder: ingen penge trækkes",
    secretKey: "Hemmelig nøgle (secret key)",
  },
  "en-US": {
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    nav: "Payments",
    notice: "The server cannot store keys yet",
    provider: "Test provider: no money moves",
    secretKey: "Secret key",
  },
};

for (const language of ["da-DK", "en-US"]) {
  test(`owner A, phone, ${language}: the page says the server cannot store keys, and offers no form`, async () => {
    const t = TEXT[language];
    const owner = demoLogin("Owner", "A");
    const page = await product.newPage(PHONE);
    await page.goto(product.url("localhost", "/admin/sign-in"));
    if (language === "en-US") await page.getByRole("button", { name: "English" }).click();
    await page.getByLabel(t.email, { exact: true }).fill(owner.email);
    await page.getByLabel(t.password, { exact: true }).fill(owner.password);
    await page.getByRole("button", { name: t.signIn }).click();
    await page.waitForURL((url) => !url.pathname.endsWith("/sign-in"));
    await openHeaderMenu(page);
    await page.getByRole("navigation").getByRole("link", { name: t.nav, exact: true }).click();
    await page.getByRole("heading", { level: 2, name: t.notice }).waitFor();
    await page.getByText("SECRETS_KEY", { exact: false }).first().waitFor();
    await page.locator("code", { hasText: "openssl rand -base64 32" }).waitFor();
    await page.locator(".payment-badge", { hasText: t.provider }).waitFor();
    assert.equal(await page.getByLabel(t.secretKey, { exact: true }).count(), 0, "no form to type a key into");
    assert.equal(await page.locator(".webhook-url").count(), 0, "no webhook URL without SECRETS_KEY");
    assert.ok((await page.locator(".payment-restaurants li").count()) >= 1, "the restaurants' methods are shown");
    assert.deepEqual(await seriousAxeViolations(page), []);
    const all = await page.evaluate(async () =>
      (await window.axe.run(document, { resultTypes: ["violations"] })).violations.map((v) => v.id),
    );
    assert.deepEqual(all, []);
    await screenshot(page, `phone-${language === "da-DK" ? "da" : "en"}-payments-no-secrets-key`);
    await page.close();
  });
}

test("no console error and no CSP violation", () => {
  assert.deepEqual(product.consoleErrors, []);
  assert.deepEqual(product.cspViolations, []);
});
