// The hours page's special hours, as the owner fills them on a phone (390 and 320 px) and a desktop, in Danish and
// English: the kind of hours ("Åbningstider (afhentning)") shows in full in its field, not cut to the width of a
// time field; its date is said in words in the app's language (the field shows the browser's order), once, in the
// row's legend, and where the error summary names the row.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createHarness, demoLogin, guestApi, screenshot, seriousAxeViolations, signIn } from "./harness.mjs";

const product = createHarness();
before(product.start);
after(product.stop);

const SCREENS = [
  { width: 320, height: 700 },
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];
const ADD_SPECIAL = { "da-DK": "Tilføj særlige tider", "en-US": "Add special hours" };
const SAVE_HOURS = { "da-DK": "Gem tider", "en-US": "Save hours" };
const DAY_IN_WORDS = { "da-DK": "tors. 24. dec. 2026", "en-US": "Thu, Dec 24, 2026" };
const SPECIAL_ROW = {
  "da-DK": "Særlige åbningstider tors. 24. dec. 2026, Lukker",
  "en-US": "Special hours Thu, Dec 24, 2026, Closes",
};

/** How much of a select's chosen option its box leaves unseen, in px (0: all of it shows beside the arrow). */
const hiddenOfChosen = (select) =>
  select.evaluate((element) => {
    const style = getComputedStyle(element);
    const context = document.createElement("canvas").getContext("2d");
    context.font = style.font;
    const text = context.measureText(element.selectedOptions[0].text).width;
    // The box's inside less its padding and the browser's arrow (about one em).
    const room =
      element.clientWidth -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight) -
      Number.parseFloat(style.fontSize);
    return Math.max(0, Math.ceil(text - room));
  });

for (const language of ["da-DK", "en-US"]) {
  test(`${language}: a special day's kind of hours shows in full on a phone and a desktop`, async () => {
    const restaurantId = (await guestApi(product)).module.productionUnitId;
    const page = await product.newPage(SCREENS[0]);
    await page.addInitScript((lang) => localStorage.setItem("backoffice.language", lang), language);
    await signIn(page, product, demoLogin("Owner", "A"), language);
    await page.goto(product.url("localhost", `/admin/restaurants/${restaurantId}/hours`));
    await page.getByRole("button", { name: ADD_SPECIAL[language] }).click();
    const kind = page.locator('select[id^="field-special-"]').first();
    for (const option of ["opening", "delivery"]) {
      await kind.selectOption(option);
      for (const screen of SCREENS) {
        await page.setViewportSize(screen);
        assert.equal(await hiddenOfChosen(kind), 0, `${option} in full at ${screen.width} px, ${language}`);
      }
    }
    await kind.selectOption("opening");
    // The day in words beside the date (the field shows the browser's order) is a description axe accepts.
    await page.locator('input[name="special.0.date"]').fill("2026-12-24");
    assert.deepEqual(await seriousAxeViolations(page), [], `axe on the hours page, ${language}`);
    // The row says its day once, in its legend: the date field's hint said it a second time just below.
    const row = page.locator("fieldset.day").filter({ has: page.locator('input[name="special.0.date"]') });
    assert.equal(await row.locator("legend").innerText(), DAY_IN_WORDS[language]);
    assert.equal(await row.getByText(DAY_IN_WORDS[language]).count(), 1, `the day said once, ${language}`);
    // A refused time of that day: the error summary names the row by its day in words, not "2026-12-24".
    await page.locator('input[name="special.0.closes"]').fill("25:00");
    await page.getByRole("button", { name: SAVE_HOURS[language] }).click();
    const link = page.locator(".error-summary a").filter({ hasText: SPECIAL_ROW[language] });
    await link.waitFor();
    await screenshot(page, `hours-special-kind-${language}`);
  });
}
