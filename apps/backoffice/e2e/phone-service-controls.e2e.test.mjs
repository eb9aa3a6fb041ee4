// Service controls on a phone in a waiter's pocket (390×844), in both languages, each at least 44 px to tap, no
// label cut or broken inside a word:
// - an order's print ticket, print receipt and reject share one row (wrapped, "Udskriv køkkenbon" took a row of its
//   own and an opened card grew a screen tall), for a new order, an accepted one and a ready one;
// - the queue's four buttons above the orders (current, finished, sold out and pause, kitchen display) are two rows
//   of two halves (wrapping, "Udsolgt og pause" and "Køkkenskærm" took a row each);
// - the pause choices' 15, 30 and 60 minutes share one row ("Pause 15 min." took a row each, four rows in all), each
//   still named in full for a screen reader;
// - the search and the print setting fold behind one disclosure button (aria-expanded), so the first order is in
//   view without scrolling past settings (its top was 796 px down in Danish, below the 844 px screen's fold); on a
//   tablet and a desktop they stay in the row of tools.
// The order is placed over the guest API as the storefront places it.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  buttonLayout,
  createHarness,
  DESKTOP,
  demoLogin,
  PHONE,
  placePickupOrder,
  screenshot,
  TABLET,
  tabTo,
} from "./harness.mjs";

const product = createHarness();
before(product.start);
after(product.stop);

const TEXT = {
  "da-DK": {
    soldOutAndPause: "Udsolgt og pause",
    pause: (minutes) => `Pause ${minutes} min.`,
    pauseToday: "Pause resten af dagen",
    paused: "Onlinebestilling er sat på pause.",
    resume: "Genoptag onlinebestilling",
    open: "Onlinebestilling er åben igen.",
    email: "E-mail",
    password: "Adgangskode",
    signIn: "Log ind",
    live: "Live",
    ordersOpen: "Onlinebestilling er åben",
    ready: "Klar",
    accept: /^Acceptér til/,
    inProgress: /^I gang/,
    readyTab: /^Klar/,
    more: "Søg og indstillinger",
    search: "Søg: kvitteringsnummer eller gæstens navn",
    printOnAccept: "Udskriv køkkenbon ved accept (denne skærm)",
    searching: (search) => `søger efter »${search}«`,
  },
  "en-US": {
    soldOutAndPause: /^Sold out (&|and) pause$/,
    pause: (minutes) => `Pause ${minutes} min`,
    pauseToday: "Pause rest of today",
    paused: "Online orders are paused.",
    resume: "Resume online orders",
    open: "Online orders are open again.",
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    live: "Live",
    ordersOpen: "Online orders are open",
    ready: "Ready",
    accept: /^Accept for/,
    inProgress: /^In progress/,
    readyTab: /^Ready/,
    more: "Search and settings",
    search: "Search: receipt number or guest name",
    printOnAccept: "Print the kitchen ticket when accepting (this screen)",
    searching: (search) => `searching for “${search}”`,
  },
};

async function kitchenPhone(language, viewport = PHONE) {
  const t = TEXT[language];
  const page = await product.newPage(viewport);
  await page.addInitScript((lang) => localStorage.setItem("backoffice.language", lang), language);
  const kitchen = demoLogin("Kitchen", "A");
  await page.goto(product.url("localhost", "/admin/sign-in"));
  await page.getByLabel(t.email, { exact: true }).fill(kitchen.email);
  await page.getByLabel(t.password, { exact: true }).fill(kitchen.password);
  await page.getByRole("button", { name: t.signIn }).click();
  await page.waitForURL(/\/admin\/restaurants\/\d+\/orders$/);
  await settled(page, t);
  return page;
}

/**
 * The queue once it has settled: the connection live (while it connects the red banner also says there is no
 * connection, and the first order stands 40 px lower) and whether online orders are open shown above the tools
 * (a 42 px banner, once read). Until then the tools and the orders still move: under load the first order moved up
 * between two measurements, and a tap's press and release can land on different places (Playwright checks only
 * the press), so a button's click is lost.
 */
async function settled(page, t) {
  await page
    .getByRole("status")
    .filter({ hasText: new RegExp(`^${t.live}$`) })
    .waitFor();
  await page.locator(".ordering-banner").filter({ hasText: t.ordersOpen }).waitFor();
}

async function assertOneRow(locator, count, what) {
  const buttons = await buttonLayout(locator);
  assert.equal(buttons.length, count, `${what}: the buttons`);
  assert.equal(new Set(buttons.map((b) => b.top)).size, 1, `${what}: one row: ${JSON.stringify(buttons)}`);
  for (const button of buttons) {
    assert.ok(
      button.width >= 44 && button.height >= 44,
      `${what}: ${button.label} is ${button.width}×${button.height}`,
    );
    assert.equal(button.cutOff, false, `${what}: ${button.label} is cut off`);
    assert.deepEqual(button.brokenWords, [], `${what}: ${button.label} breaks inside a word`);
  }
}

/** An opened order card's print and reject buttons (not its main action, not the +N steps). */
const tools = (card) => card.locator(".order-actions .button:not(.big):not(.step)");

for (const language of ["da-DK", "en-US"]) {
  test(`on a phone (${language}) the queue's buttons are two rows of two; an order's print and reject share one row`, async () => {
    const t = TEXT[language];
    const receipt = await placePickupOrder(product);
    const page = await kitchenPhone(language);
    const card = page.locator(".order-card").filter({ hasText: `#${receipt}` });
    await card.waitFor();
    const queueButtons = await buttonLayout(page.locator(".queue-tools .button:not(.queue-more-toggle)"));
    assert.equal(queueButtons.length, 4);
    const rows = [...new Set(queueButtons.map((b) => b.top))];
    assert.equal(rows.length, 2, `the queue's buttons in two rows: ${JSON.stringify(queueButtons)}`);
    for (const button of queueButtons) {
      assert.ok(button.height >= 44 && !button.cutOff, `${button.label}: ${JSON.stringify(button)}`);
      assert.deepEqual(button.brokenWords, [], `${button.label} breaks inside a word`);
    }
    await card.locator(".order-toggle").click();
    await card.getByRole("button", { name: t.accept }).waitFor();
    await assertOneRow(tools(card), 3, "new");
    await screenshot(page, `phone-${language.slice(0, 2)}-order-actions-new`);

    await card.getByRole("button", { name: t.accept }).click();
    await page.getByRole("tab", { name: t.inProgress }).click();
    const accepted = page.locator(".order-card").filter({ hasText: `#${receipt}` });
    await accepted.getByRole("button", { name: t.ready, exact: true }).waitFor();
    await assertOneRow(tools(accepted), 3, "accepted");

    await accepted.getByRole("button", { name: t.ready, exact: true }).click();
    await page.getByRole("tab", { name: t.readyTab }).click();
    const ready = page.locator(".order-card").filter({ hasText: `#${receipt}` });
    await ready.locator(".order-actions .button.big").waitFor();
    await assertOneRow(tools(ready), 2, "ready");
    await page.close();
  });
}

// At 320 px English's three tabs were equal columns each as wide as "In progress 0": 11 px off the screen.
for (const language of ["da-DK", "en-US"]) {
  test(`at 320 px (${language}) the queue's three tabs share one row inside the screen, no sideways scroll`, async () => {
    const page = await kitchenPhone(language, { width: 320, height: 700 });
    const tabs = page.getByRole("tab");
    await tabs.first().waitFor();
    await assertOneRow(tabs, 3, "tabs");
    const edges = await tabs.evaluateAll((tabs) => ({
      right: Math.max(...tabs.map((tab) => tab.getBoundingClientRect().right)),
      screen: document.documentElement.clientWidth,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }));
    assert.ok(edges.right <= edges.screen, `the tabs end at ${edges.right} of ${edges.screen} px`);
    assert.equal(edges.overflow, 0, "no sideways scroll");
    await screenshot(page, `320-${language.slice(0, 2)}-order-tabs`);
    await page.close();
  });
}

for (const language of ["da-DK", "en-US"]) {
  test(`on a phone (${language}) the pause choices' minutes share one row, each named in full`, async () => {
    const t = TEXT[language];
    const page = await kitchenPhone(language);
    await page.getByRole("button", { name: t.soldOutAndPause }).click();
    const dialog = page.getByRole("dialog", { name: t.soldOutAndPause });
    const minutes = [15, 30, 60].map((m) => dialog.getByRole("button", { name: t.pause(m), exact: true }));
    await minutes[0].waitFor();
    for (const button of minutes) assert.equal(await button.count(), 1);
    await assertOneRow(minutes[0].or(minutes[1]).or(minutes[2]), 3, "pause");
    assert.equal(await dialog.getByRole("button", { name: t.pauseToday, exact: true }).count(), 1);
    await screenshot(page, `phone-${language.slice(0, 2)}-pause-choices`);

    await minutes[0].click();
    await dialog.getByText(t.paused).waitFor();
    await dialog.getByRole("button", { name: t.resume }).click();
    await dialog.getByText(t.open).waitFor();
    await page.close();
  });
}

/** The top and bottom of a locator's box in the page's viewport (px). */
const boxOf = (locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { top: box.top, bottom: box.bottom };
  });

for (const language of ["da-DK", "en-US"]) {
  test(`on a phone (${language}) the search and print setting fold behind one button; the first order is in view`, async () => {
    const t = TEXT[language];
    const receipt = await placePickupOrder(product);
    const page = await kitchenPhone(language);
    const first = page.locator(".order-card").first();
    await first.waitFor();
    const more = page.getByRole("button", { name: t.more });
    const search = page.getByLabel(t.search, { exact: true });
    const printSetting = page.getByLabel(t.printOnAccept, { exact: true });
    assert.equal(await more.getAttribute("aria-expanded"), "false");
    assert.equal(await search.isVisible(), false, "the search is folded away");
    assert.equal(await printSetting.isVisible(), false, "the print setting is folded away");
    // Before service starts (its button and the red "sound is off" banner above the tools), the first card is
    // wholly on the first screen.
    const folded = await boxOf(first);
    assert.ok(folded.bottom <= PHONE.height, `the first order wholly in view: ${JSON.stringify(folded)}`);
    await screenshot(page, `phone-${language.slice(0, 2)}-queue-folded`);

    // By keyboard: the button opens the panel in place and the next Tab goes into it.
    await tabTo(page, more);
    await page.keyboard.press("Enter");
    assert.equal(await more.getAttribute("aria-expanded"), "true");
    await search.waitFor();
    assert.ok(await printSetting.isVisible());
    await page.keyboard.press("Tab");
    assert.equal(await search.evaluate((element) => element === document.activeElement), true);
    const opened = await boxOf(first);
    assert.ok(
      opened.top - folded.top >= 100,
      `the folded controls take room: the first order's top ${folded.top} folded, ${opened.top} open`,
    );
    await screenshot(page, `phone-${language.slice(0, 2)}-queue-open`);

    // A search still applies when folded, and the button says so.
    await page.keyboard.type(String(receipt));
    await page
      .locator(".order-card")
      .filter({ hasText: `#${receipt}` })
      .waitFor();
    await tabTo(page, more, { back: true });
    await page.keyboard.press("Enter");
    assert.equal(await more.getAttribute("aria-expanded"), "false");
    assert.equal(await search.isVisible(), false);
    await page.getByRole("button", { name: t.searching(receipt) }).waitFor();
    await page.close();
  });
}

for (const [size, viewport] of Object.entries({ tablet: TABLET, desktop: DESKTOP })) {
  test(`on a ${size} the search and the print setting stay in the row of tools, with no button to fold them`, async () => {
    for (const language of ["da-DK", "en-US"]) {
      const t = TEXT[language];
      const page = await kitchenPhone(language, viewport);
      await page.getByLabel(t.search, { exact: true }).waitFor();
      assert.ok(await page.getByLabel(t.printOnAccept, { exact: true }).isVisible());
      assert.equal(await page.getByRole("button", { name: t.more }).isVisible(), false);
      await page.close();
    }
  });
}
