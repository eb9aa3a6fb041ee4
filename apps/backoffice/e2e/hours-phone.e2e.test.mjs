// The hours page on a manager's phone (390 px), in Danish and English: each week of hours (opening, delivery) is
// folded to a line a day with a button that opens its editor, so the page is no longer 6,600 px tall (fourteen days
// of fields, each with its buttons). Nothing is lost: the button says whether it is open (aria-expanded), opens by
// keyboard, a refused save opens the week it refused something in and the error summary's link reaches the field;
// axe finds nothing serious folded or open. On a desktop the weeks stay open, with no button.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  createHarness,
  DESKTOP,
  demoLogin,
  guestApi,
  PHONE,
  retype,
  screenshot,
  seriousAxeViolations,
  signIn,
  tabTo,
} from "./harness.mjs";

const product = createHarness();
before(product.start);
after(product.stop);

const TEXT = {
  "da-DK": {
    editOpening: "Ret åbningstiderne",
    editDelivery: "Ret leveringstiderne",
    opening: "Åbningstider (afhentning)",
    monday: "Mandag",
    opens: "Åbner",
    closes: "Lukker",
    save: "Gem tider",
    problem: "Der er et problem",
  },
  "en-US": {
    editOpening: "Edit the opening hours",
    editDelivery: "Edit the delivery hours",
    opening: "Opening hours (pickup)",
    monday: "Monday",
    opens: "Opens",
    closes: "Closes",
    save: "Save hours",
    problem: "There is a problem",
  },
};

/** Restaurant A's hours page, its forms shown. */
async function hoursPage(viewport, language) {
  const restaurantId = (await guestApi(product)).module.productionUnitId;
  const page = await product.newPage(viewport);
  await page.addInitScript((lang) => localStorage.setItem("backoffice.language", lang), language);
  await signIn(page, product, demoLogin("Owner", "A"), language);
  await page.goto(product.url("localhost", `/admin/restaurants/${restaurantId}/hours`));
  // Both forms (hours; pickup, delivery and capacity) shown: the page's full height.
  await page.locator(".hours-form").nth(1).waitFor();
  return page;
}

const pageHeight = (page) => page.evaluate(() => document.documentElement.scrollHeight);

for (const language of ["da-DK", "en-US"]) {
  test(`${language}: on a phone each week is folded to a line a day; it opens by keyboard and on a refused save`, async () => {
    const t = TEXT[language];
    const page = await hoursPage(PHONE, language);
    const opening = page.getByRole("region", { name: t.opening });
    const toggle = opening.getByRole("button", { name: t.editOpening });
    await toggle.waitFor();
    // Restaurant A is open around the clock: the folded week says so a day a line.
    const monday = opening.locator(".week-summary div").first();
    assert.equal(await monday.locator("dt").innerText(), t.monday);
    assert.equal(await monday.locator("dd").innerText(), "00:00–24:00");
    const folded = await pageHeight(page);
    // It was 6,602 px in English, 6,5xx in Danish: fourteen days of fields.
    assert.ok(folded < 3_600, `the page is ${folded} px tall on a phone, ${language}`);
    assert.deepEqual(await seriousAxeViolations(page), [], `axe on the folded hours, ${language}`);
    await screenshot(page, `phone-${language.slice(0, 2)}-hours-folded`);

    // By keyboard: the button opens the week's fields, and says it is open.
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    await tabTo(page, toggle, { limit: 40 });
    await page.keyboard.press("Enter");
    assert.equal(await toggle.getAttribute("aria-expanded"), "true");
    const mondayFields = opening.locator("fieldset.day").first();
    assert.equal(await mondayFields.locator("legend").innerText(), t.monday);
    // Open, a range is one row: its opens, closes and remove button (the button took a row of its own).
    const closesBox = await mondayFields.getByLabel(t.closes).boundingBox();
    const removeBox = await mondayFields.locator("button.remove").first().boundingBox();
    assert.ok(
      removeBox.y < closesBox.y + closesBox.height && removeBox.y + removeBox.height > closesBox.y,
      `remove beside the times: ${JSON.stringify({ closesBox, removeBox })}`,
    );
    await tabTo(page, mondayFields.getByLabel(t.closes), { limit: 10 });
    await retype(page, "25:00");
    assert.deepEqual(await seriousAxeViolations(page), [], `axe on the open week, ${language}`);
    await screenshot(page, `phone-${language.slice(0, 2)}-hours-open`);

    // Folded again with a wrong time in it: the save is refused, the week opens, the summary's link reaches it.
    await toggle.click();
    assert.equal(await mondayFields.isVisible(), false, "folded again");
    await page.getByRole("button", { name: t.save }).click();
    const summary = page.getByRole("alert").filter({ hasText: t.problem });
    await summary.waitFor();
    assert.equal(await toggle.getAttribute("aria-expanded"), "true", "a refused save opens the week");
    await summary.getByRole("link").first().click();
    assert.equal(
      await mondayFields.getByLabel(t.closes).evaluate((input) => input === document.activeElement),
      true,
      "the summary's link focuses the refused field",
    );
    assert.equal(await mondayFields.getByLabel(t.closes).inputValue(), "25:00", "what was typed stays");
    // The delivery week was not refused: it stays folded.
    const delivery = page.getByRole("button", { name: t.editDelivery });
    assert.equal(await delivery.getAttribute("aria-expanded"), "false");
    await page.close();
  });
}

test("on a desktop the weeks stay open, with no button to fold them", async () => {
  const t = TEXT["da-DK"];
  const page = await hoursPage(DESKTOP, "da-DK");
  const opening = page.getByRole("region", { name: t.opening });
  await opening.locator("fieldset.day").first().getByLabel(t.opens).waitFor();
  assert.equal(await page.getByRole("button", { name: t.editOpening }).count(), 0);
  assert.equal(await page.locator(".week-summary").count(), 0);
  await page.close();
});
