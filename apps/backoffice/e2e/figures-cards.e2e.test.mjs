// The figures page's key-figure cards read as rows of figures on every screen the restaurant uses (a 320, 360 and
// 390 px phone, the 820 px tablet in portrait and 1180 px in landscape, a 1440 px desktop) in Danish and English: the
// figures of a row of cards stand on one line, whichever names beside them wrap ("Gennemsnitlig ordre" on two lines
// pushed its figure below "Salg"'s), and from the tablet up every name fits on one line.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createHarness, demoLogin, guestApi, screenshot } from "./harness.mjs";

const product = createHarness();
before(product.start);
after(product.stop);

const SCREENS = [
  { width: 320, height: 700 },
  { width: 360, height: 800 },
  { width: 390, height: 844 },
  { width: 820, height: 1180 },
  { width: 1180, height: 820 },
  { width: 1440, height: 900 },
];
/** From the tablet up the names have room for one line each. */
const ONE_LINE_NAMES_FROM = 768;

/** Each card's top, its figure's top and its name's lines, in the page's order. */
const cardBoxes = (page) =>
  page.locator(".key-figure").evaluateAll((cards) =>
    cards.map((card) => {
      const name = card.querySelector("dt");
      const lineHeight = Number.parseFloat(getComputedStyle(name).lineHeight);
      return {
        name: name.textContent,
        top: Math.round(card.getBoundingClientRect().top),
        figureTop: Math.round(card.querySelector(".key-value").getBoundingClientRect().top),
        nameLines: Math.round(name.getBoundingClientRect().height / lineHeight),
      };
    }),
  );

/** The cards grouped into the rows they are shown in (the same top). */
function rows(cards) {
  const byTop = new Map();
  for (const card of cards) byTop.set(card.top, [...(byTop.get(card.top) ?? []), card]);
  return [...byTop.values()];
}

for (const language of ["da-DK", "en-US"]) {
  test(`${language}: the figures of a row of cards on one line, names on one line from the tablet up`, async () => {
    const restaurantId = (await guestApi(product)).module.productionUnitId;
    const page = await product.newPage(SCREENS[0]);
    await page.addInitScript((lang) => localStorage.setItem("backoffice.language", lang), language);
    const owner = demoLogin("Owner", "A");
    await page.goto(product.url("localhost", "/admin/sign-in"));
    await page.locator("input[type=email]").fill(owner.email);
    await page.locator("input[type=password]").fill(owner.password);
    await page.locator("button[type=submit]").click();
    await page.waitForURL((url) => !url.pathname.endsWith("/sign-in"));
    await page.goto(product.url("localhost", `/admin/restaurants/${restaurantId}/figures`));
    await page.locator(".key-figures").waitFor();
    for (const screen of SCREENS) {
      await page.setViewportSize(screen);
      const cards = await cardBoxes(page);
      assert.equal(cards.length, 9, "nine key figures");
      for (const row of rows(cards)) {
        const where = `${screen.width} px, ${language}: ${row.map((card) => card.name).join(" | ")}`;
        assert.equal(new Set(row.map((card) => card.figureTop)).size, 1, `one line of figures at ${where}`);
      }
      if (screen.width >= ONE_LINE_NAMES_FROM) {
        const wrapped = cards.filter((card) => card.nameLines > 1).map((card) => card.name);
        assert.deepEqual(wrapped, [], `names on one line at ${screen.width} px, ${language}`);
      }
      await screenshot(page, `figures-cards-${screen.width}-${language}`);
    }
  });
}
