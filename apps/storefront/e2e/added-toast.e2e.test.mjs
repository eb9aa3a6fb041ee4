// Browser tests of "Added: Classic burger", the confirmation after the option panel's Add: it never lies over a
// control the guest may use next. On a phone the basket bar says it where its count and total stand (no space of
// its own); on a desktop it hangs under the header's basket button. Either way a screen reader hears it from the
// page's status region. At 320 and 390 (phone) and 1440 (desktop), in Danish and English.
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
  da: { burgers: "Burgere", options: "Vælg tilvalg", add: /^Læg i kurven/, added: "Tilføjet: Classic burger" },
  en: { burgers: "Burgers", options: "Choose options", add: /^Add to order/, added: "Added: Classic burger" },
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

/** Where `locator` comes to rest: its entry animation (a slide up) over. */
async function restingBox(locator) {
  await locator.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  return locator.boundingBox();
}

async function addClassicBurger(viewport, language) {
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
  await page.getByRole("status").filter({ hasText: words.added }).waitFor();
  return { page, addBox };
}

for (const [size, viewport] of [
  ["phone 390", PHONE],
  ["phone 320", { width: 320, height: 640 }],
]) {
  describe(`at the ${size} size`, () => {
    for (const language of ["da", "en"]) {
      test(`${language}: the basket bar shows the addition in its own space, its action untouched`, async () => {
        const { page } = await addClassicBurger(viewport, language);
        const seen = page.locator(".basket-bar-added");
        await seen.filter({ hasText: "Classic burger" }).waitFor();
        const seenBox = await restingBox(seen);
        const bar = await page.locator(".basket-bar-button").boundingBox();
        assert.ok(
          seenBox.x >= bar.x && seenBox.x + seenBox.width <= bar.x + bar.width,
          `inside the bar, across (${JSON.stringify({ seenBox, bar })})`,
        );
        assert.ok(
          seenBox.y >= bar.y && seenBox.y + seenBox.height <= bar.y + bar.height,
          `inside the bar, up and down (${JSON.stringify({ seenBox, bar })})`,
        );
        // Inside the bar it covers nothing the bar did not: only the bar's own count and total.
        assert.ok(!overlap(seenBox, await page.locator(".basket-bar-action").boundingBox()), "beside the action");
        assert.equal(await page.locator(".added-toast").count(), 1, "the status region holds the words");
        const heardBox = await page.locator(".added-toast-region").boundingBox();
        assert.ok(heardBox.width <= 1 && heardBox.height <= 1, "and is only heard here, not seen");
        // The button keeps its name: count, total and action.
        await page
          .getByRole("button", { name: /^1 (vare|item) · 119 (kr\.|DKK) (Gå til kurven|View basket)/ })
          .waitFor();
        assert.deepEqual(await seriousAxeViolations(page), [], "axe");
        await page.close();
      });
    }
  });
}

describe("at the desktop size (1440×900)", () => {
  for (const language of ["da", "en"]) {
    test(`${language}: the confirmation hangs under the header, over no control and clear of the Add button`, async () => {
      const { page, addBox } = await addClassicBurger({ width: 1440, height: 900 }, language);
      const toast = page.locator(".added-toast");
      await toast.filter({ hasText: WORDS[language].added }).waitFor();
      const toastBox = await restingBox(toast);
      assert.ok(
        !overlap(toastBox, addBox),
        `clear of where the Add button was (${JSON.stringify({ toastBox, addBox })})`,
      );
      const covered = (await visibleControls(page)).filter((box) => overlap(box, toastBox));
      assert.deepEqual(covered, [], "no control under it");
      const header = await page.locator(".site-header").boundingBox();
      assert.ok(toastBox.y >= header.y + header.height, "below the header, not over its buttons");
      assert.deepEqual(await seriousAxeViolations(page), [], "axe");
      await page.close();
    });
  }
});
