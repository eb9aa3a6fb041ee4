// Unsaved typing and in-app links, in the browser: restaurant A's owner types in the restaurant's details and
// follows a menu link. The back office asks first (a modal dialog, the focus on "Stay", Tab kept inside, Escape
// stays), "Stay" keeps the typing, "Leave" goes; after a save, and with nothing typed, links go at once. The
// browser's back button asks too. axe finds nothing serious with the dialog open; screenshots in both languages.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  createHarness,
  DESKTOP,
  demoLogin,
  openHeaderMenu,
  PHONE,
  screenshot,
  seriousAxeViolations,
} from "./harness.mjs";

const product = createHarness();
before(product.start);
after(product.stop);

const OWNER_A = () => demoLogin("Owner", "A");
const TEXT = {
  "da-DK": {
    email: "E-mail",
    password: "Adgangskode",
    signIn: "Log ind",
    details: "Oplysninger",
    name: "Navn",
    audit: "Ændringslog",
    question: "Ændringer er ikke gemt",
    stay: "Bliv på siden",
    leave: "Forlad siden",
    save: "Gem",
    saved: "Gemt",
  },
  "en-US": {
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    details: "Details",
    name: "Name",
    audit: "Audit log",
    question: "Unsaved changes",
    stay: "Stay",
    leave: "Leave",
    save: "Save",
    saved: "Saved",
  },
};

async function openDetails(viewport, language) {
  const t = TEXT[language];
  const page = await product.newPage(viewport);
  await page.goto(product.url("localhost", "/admin/sign-in"));
  if (language === "en-US") await page.getByRole("button", { name: "English" }).click();
  await page.getByLabel(t.email, { exact: true }).fill(OWNER_A().email);
  await page.getByLabel(t.password, { exact: true }).fill(OWNER_A().password);
  await page.getByRole("button", { name: t.signIn }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/sign-in"));
  const restaurants = await page.evaluate(
    async () => (await (await fetch("/api/admin/restaurants")).json()).restaurants,
  );
  const id = (restaurants.find((r) => r.hosts.includes("localhost")) ?? restaurants[0]).id;
  // In the app (not page.goto), so the browser's back button stays inside it.
  await page.locator(`main a[href$='/restaurants/${id}']`).first().click();
  await page.waitForURL(/\/restaurants\/\d+$/);
  const name = page.getByLabel(t.name, { exact: true });
  await name.waitFor();
  return { page, name, t };
}

/** Follows the header's link to the audit log (through the phone's menu on a phone). */
async function followAuditLink(page, t) {
  await openHeaderMenu(page);
  await page.getByRole("link", { name: t.audit, exact: true }).click();
}

for (const [language, viewport, size] of [
  ["da-DK", DESKTOP, "desktop"],
  ["en-US", PHONE, "phone"],
]) {
  test(`${language} ${size}: a link away from unsaved typing asks; Stay keeps it, Escape stays, Leave goes`, async () => {
    const { page, name, t } = await openDetails(viewport, language);
    const saved = await name.inputValue();
    await name.fill(`${saved} (ny)`);

    await followAuditLink(page, t);
    const dialog = page.getByRole("dialog", { name: t.question });
    await dialog.waitFor();
    const stay = dialog.getByRole("button", { name: t.stay });
    assert.equal(await stay.evaluate((button) => button === document.activeElement), true, "the focus is on Stay");
    // Tab goes to Leave; on from there never into the page behind (inert under the modal: the focus goes round the
    // dialog, by way of the browser's own controls, as a native modal dialog does).
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), t.leave);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Tab");
      const outside = await page.evaluate(
        () => document.activeElement !== document.body && !document.activeElement?.closest("dialog"),
      );
      assert.equal(outside, false, "the focus stays off the page behind the dialog");
    }
    assert.deepEqual(await seriousAxeViolations(page), [], "axe with the dialog open");
    await screenshot(page, `leave-guard-${size}-${language}`);

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    assert.match(page.url(), /\/restaurants\/\d+$/);
    assert.equal(await name.inputValue(), `${saved} (ny)`, "Escape keeps the typing");

    await followAuditLink(page, t);
    await stay.click();
    await dialog.waitFor({ state: "hidden" });
    assert.match(page.url(), /\/restaurants\/\d+$/);
    assert.equal(await name.inputValue(), `${saved} (ny)`, "Stay keeps the typing");

    // The browser's back button (inside the app) asks as well. The router puts the address back a moment after the
    // question shows (history.go(1) from the held Back), so the address is waited for, not read at once.
    await page.goBack();
    await dialog.waitFor();
    await stay.click();
    await dialog.waitFor({ state: "hidden" });
    await page.waitForURL(/\/restaurants\/\d+$/);
    assert.equal(await name.inputValue(), `${saved} (ny)`, "Stay after Back keeps the typing");

    await followAuditLink(page, t);
    await dialog.getByRole("button", { name: t.leave }).click();
    await page.waitForURL(/\/audit$/);
    await page.close();
  });
}

test("no question with nothing typed, nor after a save", async () => {
  const { page, name, t } = await openDetails(DESKTOP, "da-DK");
  await followAuditLink(page, t);
  await page.waitForURL(/\/audit$/);

  await page.goBack();
  await page.waitForURL(/\/restaurants\/\d+$/);
  const saved = await name.inputValue();
  await name.fill(`${saved} `);
  await name.fill(saved);
  await page.getByRole("button", { name: t.save, exact: true }).first().click();
  await page.getByText(t.saved, { exact: true }).first().waitFor();
  await followAuditLink(page, t);
  await page.waitForURL(/\/audit$/);
  assert.equal(await page.getByRole("dialog").count(), 0);
  await page.close();
});
