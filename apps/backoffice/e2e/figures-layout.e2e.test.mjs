// The figures page reads well on every screen the restaurant uses (a 320, 360 and 390 px phone, the 820 px tablet in
// portrait and 1180 px in landscape, a 1440 px desktop) in Danish and English. Its key-figure cards: the figures of a
// row of cards stand on one line, whichever names beside them wrap ("Gennemsnitlig ordre" on two lines pushed its
// figure below "Salg"'s), and from the tablet up every name fits on one line. Its tables, with a day's real orders:
// each fits inside its card (at 320 px the amounts were cut at the card's edge).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createHarness, demoLogin, guestApi, orderBasketForPickup, screenshot, signIn } from "./harness.mjs";

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
/**
 * A day's orders as the tables show them: two products, twelve and eleven of each (amounts of four digits), paid at
 * pickup, placed as the storefront places them.
 */
async function placeBigOrder(api) {
  const [menu] = await api.get(`/api/menu?instanceId=${api.module.menuInstanceId}`);
  const categories = await api.get(`/api/category/menu/${menu.id}?instanceId=${api.module.productInstanceId}`);
  const basket = await api.get("/api/basket");
  let added = 0;
  for (const item of categories.flatMap((category) => category.products)) {
    const body = { productId: item.productId, amount: 12 - added, choices: [] };
    if ((await api.post(`/api/basket/${basket.id}/products`, body)).ok) added++;
    if (added === 2) break;
  }
  assert.equal(added, 2, "two products without required options");
  await orderBasketForPickup(product, api, basket.id, { name: "Søren Ærø", email: "soren@example.dk" });
}

let ordered;

/** Each table's width beyond its card's inside, in px (0: it fits). */
const tableOverflows = (page) =>
  page.locator(".figures-table").evaluateAll((cards) => cards.map((card) => card.scrollWidth - card.clientWidth));

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
  test(`${language}: the figures of a row of cards on one line, names on one line from the tablet up, tables inside their cards`, async () => {
    const api = await guestApi(product);
    const restaurantId = api.module.productionUnitId;
    ordered ??= placeBigOrder(api);
    await ordered;
    const page = await product.newPage(SCREENS[0]);
    await page.addInitScript((lang) => localStorage.setItem("backoffice.language", lang), language);
    await signIn(page, product, demoLogin("Owner", "A"), language);
    await page.goto(product.url("localhost", `/admin/restaurants/${restaurantId}/figures`));
    await page.locator(".figures-table tbody th").first().waitFor();
    for (const screen of SCREENS) {
      await page.setViewportSize(screen);
      const cards = await cardBoxes(page);
      assert.equal(cards.length, 9, "nine key figures");
      for (const row of rows(cards)) {
        const where = `${screen.width} px, ${language}: ${row.map((card) => card.name).join(" | ")}`;
        assert.equal(new Set(row.map((card) => card.figureTop)).size, 1, `one line of figures at ${where}`);
      }
      assert.deepEqual(
        await tableOverflows(page),
        [0, 0, 0],
        `tables inside their cards at ${screen.width} px, ${language}`,
      );
      if (screen.width >= ONE_LINE_NAMES_FROM) {
        const wrapped = cards.filter((card) => card.nameLines > 1).map((card) => card.name);
        assert.deepEqual(wrapped, [], `names on one line at ${screen.width} px, ${language}`);
      }
      await screenshot(page, `figures-layout-${screen.width}-${language}`);
    }
  });
}
