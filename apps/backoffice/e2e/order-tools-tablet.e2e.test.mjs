// An order's print ticket, print receipt and reject buttons on a tablet in landscape (1180 px: the board's three
// columns, each card a phone's width) and in portrait (768 px: tabs, a card across the screen), in both languages:
// each label on one or two lines (at 1180 "Print kitchen ticket" read "Print / kitchen / ticket", three lines, as a
// grid shared the row out evenly), never broken inside a word nor cut off, the three on one or two rows, each at
// least 44 px to tap. For a new order (three buttons) and an accepted one. The order is placed over the guest API.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { buttonLayout, createHarness, demoLogin, placePickupOrder, screenshot, signIn } from "./harness.mjs";

const product = createHarness();
before(product.start);
after(product.stop);

const SCREENS = [
  { width: 1180, height: 820 },
  { width: 768, height: 1024 },
];
const TEXT = {
  "da-DK": { accept: /^Acceptér til/, inProgress: /^I gang/ },
  "en-US": { accept: /^Accept for/, inProgress: /^In progress/ },
};

async function assertReadable(card, count, what) {
  const buttons = await buttonLayout(card.locator(".order-tools .button"));
  const all = JSON.stringify(buttons);
  assert.equal(buttons.length, count, `${what}: the buttons: ${all}`);
  assert.ok(new Set(buttons.map((b) => b.top)).size <= 2, `${what}: one or two rows: ${all}`);
  for (const button of buttons) {
    assert.ok(button.lines <= 2, `${what}: "${button.label}" on ${button.lines} lines: ${all}`);
    assert.deepEqual(button.brokenWords, [], `${what}: "${button.label}" breaks inside a word`);
    assert.equal(button.cutOff, false, `${what}: "${button.label}" is cut off`);
    assert.ok(
      button.width >= 44 && button.height >= 44,
      `${what}: "${button.label}" is ${button.width}×${button.height}`,
    );
  }
}

for (const language of ["da-DK", "en-US"]) {
  test(`${language}: on a tablet (1180 and 768 px) an order's print and reject buttons read on one or two lines`, async () => {
    const t = TEXT[language];
    const receipt = await placePickupOrder(product);
    const page = await product.newPage(SCREENS[0]);
    await page.addInitScript((lang) => localStorage.setItem("backoffice.language", lang), language);
    await signIn(page, product, demoLogin("Kitchen", "A"), language);
    await page.waitForURL(/\/admin\/restaurants\/\d+\/orders$/);
    const card = page.locator(".order-card").filter({ hasText: `#${receipt}` });
    await card.locator(".order-toggle").click();
    await card.getByRole("button", { name: t.accept }).waitFor();
    for (const screen of SCREENS) {
      await page.setViewportSize(screen);
      await assertReadable(card, 3, `new order at ${screen.width} px`);
      await screenshot(page, `tablet-${screen.width}-${language.slice(0, 2)}-order-tools`);
    }
    await card.getByRole("button", { name: t.accept }).click();
    const accepted = page.locator(".order-card").filter({ hasText: `#${receipt}` });
    for (const screen of SCREENS) {
      await page.setViewportSize(screen);
      // Below 52rem the board is tabs: the accepted order is under "In progress".
      if (screen.width < 832) await page.getByRole("tab", { name: t.inProgress }).click();
      await accepted.locator(".order-actions .button.big").waitFor();
      await assertReadable(accepted, 3, `accepted order at ${screen.width} px`);
    }
    await page.close();
  });
}
