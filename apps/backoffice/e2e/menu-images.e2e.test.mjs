// A menu image the server no longer stores (unused for 30 days, collected by the retention sweep: its URL answers
// 404, pinned in apps/api/src/modules/menu-images/collect-unreferenced-images.test.ts) in the product editor: the
// image field says so in place of a broken picture and still offers to replace or remove it, and the guest's card
// preview shows the card without a picture. The browser is answered 404 for the image here, as after a collection
// while the form was open. Danish and English, phone, tablet and desktop; axe finds nothing serious.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  createHarness,
  DESKTOP,
  demoLogin,
  PHONE,
  screenshot,
  screenshotDir,
  seriousAxeViolations,
  solidPng,
} from "./harness.mjs";

const TABLET = { width: 820, height: 1180 };
const product = createHarness();
before(product.start);
after(product.stop);

const TEXTS = {
  "da-DK": {
    email: "E-mail",
    password: "Adgangskode",
    signIn: "Log ind",
    missing: "Billedet kan ikke længere vises",
    replace: "Skift billede",
    remove: "Fjern billede",
    none: "Intet billede",
  },
  "en-US": {
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    missing: "The image can no longer be shown",
    replace: "Replace image",
    remove: "Remove image",
    none: "No image",
  },
};

async function signIn(page, language) {
  const t = TEXTS[language];
  await page.goto(product.url("localhost", "/admin/sign-in"));
  if (language === "en-US") await page.getByRole("button", { name: "English" }).click();
  const owner = demoLogin("Owner", "A");
  await page.getByLabel(t.email, { exact: true }).fill(owner.email);
  await page.getByLabel(t.password, { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: t.signIn }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/sign-in"));
}

const adminGet = (page, path) => page.evaluate(async (path) => (await fetch(`/api/admin${path}`)).json(), path);

for (const [language, viewport, size] of [
  ["da-DK", DESKTOP, "desktop"],
  ["en-US", PHONE, "phone"],
  ["da-DK", TABLET, "tablet"],
  ["en-US", { width: 320, height: 700 }, "320"],
  ["da-DK", { width: 320, height: 700 }, "320"],
]) {
  test(`${language}, ${size}: an image that answers 404 is named missing, can be replaced or removed, and leaves the preview without a picture`, async () => {
    const t = TEXTS[language];
    const page = await product.newPage(viewport);
    await signIn(page, language);
    const { restaurants } = await adminGet(page, "/restaurants");
    const id = restaurants.find((r) => r.hosts.includes("localhost")).id;
    const editor = await adminGet(page, `/restaurants/${id}/menu-editor`);
    const plain = editor.products.find((p) => p.name["da-DK"] && p.modifiers.length === 0);
    // Every menu image is gone for this browser, as an image collected while the form was open.
    await page.route("**/api/menu-images/**", (route) =>
      route.request().method() === "GET"
        ? route.fulfill({ status: 404, contentType: "application/json", body: '{"errors":[]}' })
        : route.continue(),
    );
    await page.goto(product.url("localhost", `/admin/restaurants/${id}/menu/products/${plain.id}`));
    const field = page.locator(".image-field");
    await field
      .locator("input[type=file]")
      .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: solidPng(300 + size.length, [20, 120, 60]) });

    await field.getByText(t.missing).waitFor({ timeout: 15_000 });
    assert.equal(await field.locator("img").count(), 0, "no broken picture in the field");
    assert.equal(await page.locator(".preview-card img").count(), 0, "the preview card shows no picture");
    assert.equal(await page.locator(".preview-card.no-image").count(), 2, "both languages' cards drawn without one");
    assert.ok(await field.getByText(t.replace).isVisible());
    assert.deepEqual(await seriousAxeViolations(page), [], "axe");
    await screenshot(page, `${size}-${language}-menu-image-missing`);
    await field.screenshot({ path: `${screenshotDir}/${size}-${language}-menu-image-missing-field.png` });

    // Replace and Remove are one row's two buttons, framed alike (Remove was once a white box without a frame).
    const look = (element) => {
      const style = getComputedStyle(element);
      return [
        style.borderTopStyle,
        style.borderTopWidth,
        style.borderTopColor,
        style.backgroundColor,
        style.fontWeight,
      ];
    };
    assert.deepEqual(
      await field.getByRole("button", { name: t.remove }).evaluate(look),
      await field.getByText(t.replace).evaluate(look),
    );
    // Each label on one line and inside the page: at 320 px both were broken over two lines, squeezed side by side.
    const whole = (element) => {
      const text = document.createRange();
      text.selectNodeContents(element);
      const lines = new Set([...text.getClientRects()].map((rect) => Math.round(rect.top))).size;
      return { lines, inside: element.getBoundingClientRect().right <= document.documentElement.clientWidth };
    };
    for (const button of [field.getByText(t.replace), field.getByRole("button", { name: t.remove })]) {
      assert.deepEqual(
        await button.evaluate(whole),
        { lines: 1, inside: true },
        `${size}: ${await button.textContent()}`,
      );
    }
    await field.getByRole("button", { name: t.remove }).click();
    await field.getByText(t.none).waitFor();
    await page.close();
  });
}

test("no CSP violation or console error beyond the expected 404s", () => {
  assert.deepEqual(product.cspViolations, []);
  assert.deepEqual(product.consoleErrors, []);
});
