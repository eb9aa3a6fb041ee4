// Browser tests of "Added: Classic burger", the confirmation after the option panel's Add: it hangs under the
// header's basket button and never lies over a control the guest may use next (the option panel's Add, the next
// card's, the phone's basket bar), while a screen reader hears it from the status region. At 320 and 390 (phone)
// and 1440 (desktop), in Danish and English.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createHarness, PHONE, seriousAxeViolations } from "./harness.mjs";

const product = createHarness();

before(product.start);
after(() => {
  assert.deepEqual(product.consoleErrors, [], "no console errors");
  assert.deepEqual(product.cspViolations, [], "no CSP violations");
  return product.stop();
});

const WORDS = {
  da: {
    burgers: "Burgere",
    options: "Vælg tilvalg",
    add: /^Læg i kurven/,
    added: "Tilføjet: Classic burger",
    one: "1 vare",
  },
  en: {
    burgers: "Burgers",
    options: "Choose options",
    add: /^Add to order/,
    added: "Added: Classic burger",
    one: "1 item",
  },
};

const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every control on the screen the guest could tap, with its box. */
const visibleControls = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("a[href], button, input, select, textarea, [tabindex='0']")]
      .filter((element) => element.checkVisibility())
      .map((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return { name: element.textContent?.trim() || element.getAttribute("aria-label"), x, y, width, height };
      })
      .filter((box) => box.width > 0 && box.height > 0 && box.y < window.innerHeight && box.y + box.height > 0),
  );

/**
 * On a desktop wide enough for the basket column (68.75rem): the toast lies over none of the column's parts, its
 * heading first (it once hung under the header's basket button, right over "Din bestilling", for its 3 s).
 */
async function assertClearOfTheColumn(page, viewport, toastBox) {
  if (viewport.width < 1100) return;
  for (const selector of [
    ".basket-column-title",
    ".basket-column-lines",
    ".basket-column-footer",
    ".basket-column .cart-empty",
  ]) {
    const part = page.locator(selector);
    if ((await part.count()) === 0) continue;
    const partBox = await part.boundingBox();
    assert.ok(
      !overlap(toastBox, partBox),
      `clear of the column's ${selector} (${JSON.stringify({ toastBox, partBox })})`,
    );
  }
  assert.equal(await page.locator(".basket-column-title").isVisible(), true, "the column is shown");
}

/**
 * The column's confirmation stands in its subtitle line, where the count shows once it has gone: no gap under the
 * heading, and the lines do not move when one gives way to the other.
 */
async function assertColumnStill(page, toast, countText) {
  const lines = page.locator(".basket-column-lines");
  const during = await lines.boundingBox();
  await toast.waitFor({ state: "detached" });
  await page.locator(".basket-column-count").filter({ hasText: countText }).waitFor();
  assert.deepEqual(await lines.boundingBox(), during, "the lines stay where they were");
}

/** Where `locator` comes to rest: its entry animation (a slide in) over. */
async function restingBox(locator) {
  await locator.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  return locator.boundingBox();
}

for (const [size, viewport] of [
  ["phone 390", PHONE],
  ["phone 320", { width: 320, height: 640 }],
  ["desktop 1440", { width: 1440, height: 900 }],
]) {
  describe(`at the ${size} size`, () => {
    for (const language of ["da", "en"]) {
      test(`${language}: the confirmation hangs under the header, clear of the Add button, the bar and every control`, async () => {
        const words = WORDS[language];
        const page = await product.openLoggedIn("localhost", viewport);
        if (language === "en") {
          await page.getByRole("button", { name: "Switch to English" }).click();
          await page.getByRole("heading", { level: 1, name: "What do you feel like?" }).waitFor();
        }
        await page.getByRole("link", { name: words.burgers, exact: true }).first().click();
        await page.getByRole("heading", { level: 1, name: words.burgers }).waitFor();
        await page.getByRole("button", { name: `${words.options}: Classic burger` }).click();
        const panel = page.getByRole("region", { name: `${words.options}: Classic burger` });
        const add = panel.getByRole("button", { name: words.add });
        const addBox = await add.boundingBox();
        await add.click();

        const toast = page.locator(".added-toast").filter({ hasText: words.added });
        await toast.waitFor();
        await page.getByRole("status").filter({ hasText: words.added }).waitFor();
        const toastBox = await restingBox(toast);
        assert.ok(!overlap(toastBox, addBox), `clear of the Add button (${JSON.stringify({ toastBox, addBox })})`);
        const header = await page.locator(".site-header").boundingBox();
        assert.ok(toastBox.y >= header.y + header.height, "below the header, not over its buttons");
        const bar = page.locator(".basket-bar-button");
        if (viewport.width < 1100) {
          const barBox = await bar.boundingBox();
          assert.ok(!overlap(toastBox, barBox), `clear of the basket bar (${JSON.stringify({ toastBox, barBox })})`);
        }
        await assertClearOfTheColumn(page, viewport, toastBox);
        const covered = (await visibleControls(page)).filter((box) => overlap(box, toastBox));
        assert.deepEqual(covered, [], "no control under it");
        assert.deepEqual(await seriousAxeViolations(page), [], "axe");
        if (viewport.width >= 1100) await assertColumnStill(page, toast, words.one);
        await page.close();
      });
    }
  });
}

describe("at the top of a page (the header below the test-mode band)", () => {
  for (const [size, viewport] of [
    ["phone 320", { width: 320, height: 640 }],
    ["desktop 1440", { width: 1440, height: 900 }],
  ]) {
    test(`${size}: a card's + shows the confirmation under the header, in sight, not behind it`, async () => {
      const page = await product.openLoggedIn("localhost", viewport);
      await page.getByRole("link", { name: "Drikkevarer", exact: true }).first().click();
      await page.getByRole("heading", { level: 1, name: "Drikkevarer" }).waitFor();
      await page.getByRole("button", { name: "Tilføj Coca-Cola", exact: true }).click();
      const toast = page.locator(".added-toast").filter({ hasText: "Tilføjet: Coca-Cola" });
      await toast.waitFor();
      const toastBox = await restingBox(toast);
      const header = await page.locator(".site-header").boundingBox();
      assert.ok(toastBox.y >= header.y + header.height, `below the header (${JSON.stringify({ toastBox, header })})`);
      await assertClearOfTheColumn(page, viewport, toastBox);
      // The topmost element at its middle, the toast taking taps for the question (it lets them through).
      const onTop = await toast.evaluate((element) => {
        const region = element.parentElement;
        region.style.pointerEvents = "auto";
        const { x, y, width, height } = element.getBoundingClientRect();
        const top = document.elementFromPoint(x + width / 2, y + height / 2);
        region.style.pointerEvents = "";
        return element.contains(top);
      });
      assert.ok(onTop, "seen, not under anything");
      await page.close();
    });
  }
});
