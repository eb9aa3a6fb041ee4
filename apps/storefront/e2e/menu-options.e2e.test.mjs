// Browser tests of the menu's cards and option panel (issue 42, points 5, 7 and 10): required groups marked
// before Add, the included side shown at once, the add button always in view, a refusal that names the group
// once, one tab stop per card, a wider desktop menu, and the precheckout page's cookie. Phone and desktop,
// Danish and English; each page screenshotted into e2e/artifacts/ and checked with axe-core.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { createHarness, DESKTOP, PHONE, screenshotDir, seriousAxeViolations } from "./harness.mjs";

const product = createHarness();

before(product.start);
after(() => {
  assert.deepEqual(product.consoleErrors, [], "no console errors");
  assert.deepEqual(product.cspViolations, [], "no CSP violations");
  return product.stop();
});

/**
 * Screenshots (the whole page, and the screen as the guest sees it: a sticky footer shows where it sticks)
 * and the accessibility check of the page as it is now.
 */
async function visit(page, name) {
  await product.screenshot(page, `menu-options-${name}`);
  await screen(page, name);
  assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${name}`);
}

async function screen(page, name) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `menu-options-${name}-screen.png`) });
}

const WORDS = {
  da: {
    options: "Vælg tilvalg",
    add: /^Læg i kurven/,
    pizzas: "Pizzaer",
    burgers: "Burgere",
    ownPizza: "Byg selv-pizza",
    fillings: "Vælg fyld",
    sides: "Vælg tilbehør",
    fries: "Pommes frites",
    required: "Påkrævet · vælg 2, op til 5 · 2 inkluderet i prisen",
    refusal: "Du har ikke valgt alle tilvalg. Mangler: Vælg fyld",
    missing: "Vælg 2 mere",
  },
  en: {
    options: "Choose options",
    add: /^Add to order/,
    pizzas: "Pizzas",
    burgers: "Burgers",
    ownPizza: "Build your own pizza",
    fillings: "Choose fillings",
    sides: "Choose sides",
    fries: "French fries",
    required: "Required · choose 2, up to 5 · 2 included in the price",
    refusal: "You haven't chosen all options. Missing: Choose fillings",
    missing: "Please choose 2 more",
  },
};

/** Logged in on `host`, in `language`, on the category named `category`. */
async function openMenu(host, viewport, language, category) {
  const page = await product.openLoggedIn(host, viewport);
  if (language === "en") {
    await page.getByRole("button", { name: "Switch to English" }).click();
    await page.getByRole("heading", { level: 1, name: "What do you feel like?" }).waitFor();
  }
  await page.getByRole("link", { name: category, exact: true }).first().click();
  await page.getByRole("heading", { level: 1, name: category }).waitFor();
  return page;
}

async function openOptions(page, words, productName) {
  await page.getByRole("button", { name: `${words.options}: ${productName}` }).click();
  const panel = page.getByRole("region", { name: `${words.options}: ${productName}` });
  await panel.getByRole("button", { name: words.add }).waitFor();
  return panel;
}

/** The text a control's aria-describedby points at. */
const descriptionOf = (locator) =>
  locator.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" | "),
  );

/** The element's box against the window, and the sticky header's bottom edge. */
const boxes = (locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const header = document.querySelector(".site-header")?.getBoundingClientRect();
    return { top: box.top, bottom: box.bottom, headerBottom: header?.bottom ?? 0, height: window.innerHeight };
  });

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
]) {
  describe(`at the ${size} size (${viewport.width}×${viewport.height})`, () => {
    for (const language of ["da", "en"]) {
      const words = WORDS[language];

      test(`${language}: the build-your-own pizza marks its required group before Add, and the refusal names it once`, async () => {
        const page = await openMenu("127.0.0.1", viewport, language, words.pizzas);
        const panel = await openOptions(page, words, words.ownPizza);
        const fillings = panel.getByRole("button", { name: words.fillings, exact: true });
        assert.equal(await fillings.getAttribute("aria-expanded"), "true", "a required group starts open");
        assert.match(await descriptionOf(fillings), new RegExp(words.required.replace(/[·()]/g, ".")));
        await panel.locator(".modifier-group", { hasText: words.fillings }).getByText(words.required).waitFor();
        await visit(page, `${size}-${language}-own-pizza`);

        await panel.getByRole("button", { name: words.add }).click();
        const alert = panel.getByRole("alert");
        await alert.filter({ hasText: words.refusal }).waitFor();
        assert.equal(await alert.textContent(), words.refusal);
        await panel.getByText(words.missing, { exact: true }).waitFor();
        const text = await panel.textContent();
        assert.doesNotMatch(text, /Vælg Vælg|choose Choose/i, "the group's name never follows another verb");
        assert.equal(
          await page.evaluate(
            () =>
              document.activeElement?.textContent?.includes("fyld") ||
              document.activeElement?.textContent?.includes("fillings"),
          ),
          true,
          "the focus is on the short group's heading",
        );
        // The refusal is in view, beside the add button.
        const alertBox = await boxes(alert);
        assert.ok(
          alertBox.bottom <= alertBox.height && alertBox.top >= alertBox.headerBottom,
          "the refusal is on screen",
        );
        // And the group it names is seen, not under the sticky add button nor the site header.
        const headingBox = await boxes(fillings);
        const footerTop = await panel
          .locator(".modifier-footer")
          .evaluate((footer) => footer.getBoundingClientRect().top);
        assert.ok(
          headingBox.top >= headingBox.headerBottom && headingBox.bottom <= footerTop,
          `the short group's heading is in sight (${Math.round(headingBox.top)}–${Math.round(headingBox.bottom)}, footer at ${Math.round(footerTop)})`,
        );
        await visit(page, `${size}-${language}-own-pizza-refused`);

        // Two fillings and it is added.
        const plus = panel
          .locator(".modifier-group", { hasText: words.fillings })
          .locator(".counter-button[aria-label^='Tilføj '], .counter-button[aria-label^='Add ']")
          .first();
        await plus.click();
        await plus.click();
        await assertNoAlert(alert);
        await page.close();
      });
    }

    test("the burger's side group is open with the included fries chosen, and the add button stays in view", async () => {
      const words = WORDS.da;
      const page = await openMenu("localhost", viewport, "da", words.burgers);
      const panel = await openOptions(page, words, "Classic burger");
      const sides = panel.getByRole("button", { name: words.sides, exact: true });
      assert.equal(await sides.getAttribute("aria-expanded"), "true", "the group holding the default is open");
      const sidesGroup = panel.locator(".modifier-group", { hasText: words.sides });
      const fries = sidesGroup.locator(".modifier-choice", { hasText: words.fries }).first();
      assert.equal(await fries.locator("output").textContent(), "1", "fries are chosen");
      assert.ok(await fries.isVisible(), "and seen");
      assert.match(await panel.locator(".modifier-summary").textContent(), /Dit valg: Briochebolle, Pommes frites/);

      // The title stays clear of the sticky header after opening.
      const title = page.getByRole("heading", { level: 2, name: "Classic burger" });
      const titleBox = await boxes(title);
      assert.ok(titleBox.top >= titleBox.headerBottom - 1, `the title (${titleBox.top}) is below the header`);
      await visit(page, `${size}-burger-options`);

      // Scrolled down inside the panel, the add button is still on the screen.
      await panel.locator(".modifier-group").last().scrollIntoViewIfNeeded();
      await panel
        .getByRole("button", { name: /^Ekstra$|^Dip$/ })
        .first()
        .click();
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(300);
      const add = await boxes(panel.getByRole("button", { name: words.add }));
      assert.ok(add.top >= 0 && add.bottom <= add.height, `the add button is in view (${add.top}–${add.bottom})`);
      await screen(page, `${size}-burger-options-scrolled`);
      await page.close();
    });

    test("one tab stop per card: its action, then the labels' info when it has labels", async () => {
      const page = await openMenu("localhost", viewport, "en", "Burgers");
      const cards = page.locator(".product-card");
      const stopsOf = async (index) => {
        const card = cards.nth(index);
        return 1 + (await card.locator(".label-info-button").count());
      };
      const expected = (await stopsOf(0)) + (await stopsOf(1));
      assert.ok(expected <= 4, "at most the action and one info button per card");
      await cards.nth(0).locator(".product-options-button").focus();
      for (let press = 0; press < expected; press++) await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
      const third = await cards.nth(2).locator(".product-options-button").getAttribute("aria-label");
      assert.equal(focused, third, `${expected} Tab presses go through two cards to the third's action`);
      // The picture opens the panel for a pointer and is no tab stop of its own.
      assert.equal(await cards.nth(0).locator(".product-media button, .product-media [tabindex]").count(), 0);
      await cards.nth(0).locator(".product-media").click();
      await page.getByRole("region", { name: /^Choose options: / }).waitFor();
      await page.close();
    });
  });
}

for (const [size, viewport, language] of [
  ["phone", PHONE, "da"],
  ["desktop", DESKTOP, "en"],
]) {
  test(`${size}, ${language}: Escape in the option panel closes it and the focus is back on its options button`, async () => {
    const words = WORDS[language];
    const page = await openMenu("localhost", viewport, language, words.burgers);
    const button = page.getByRole("button", { name: `${words.options}: Classic burger` });
    await button.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("region", { name: `${words.options}: Classic burger` });
    await panel.getByRole("button", { name: words.add }).waitFor();
    // The focus is in the panel (its first group); a few steps further in, on a choice, Escape still closes it.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    assert.equal(await panel.evaluate((element) => element.contains(document.activeElement)), true, "focus inside");
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    assert.equal(await button.getAttribute("aria-expanded"), "false");
    assert.equal(await button.evaluate((element) => element === document.activeElement), true, "the focus is back");
    const box = await boxes(button);
    assert.ok(box.top >= box.headerBottom && box.bottom <= box.height, "and the button is in sight");
    await page.close();
  });
}

test("phone: the control the keyboard moves to is never under the sticky header nor the basket bar (WCAG 2.4.11)", async () => {
  const page = await openMenu("localhost", PHONE, "da", "Drikkevarer");
  await page.getByRole("button", { name: "Tilføj Danskvand", exact: true }).click();
  await page.waitForFunction(() => /1 vare$/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));
  /** Presses `key` until the focus is on the control named `name`; its box and the header's and the bar's edges. */
  const moveTo = async (key, name) => {
    for (let press = 0; press < 80; press++) {
      await page.keyboard.press(key);
      if ((await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))) === name) break;
    }
    return page.evaluate(() => {
      const box = document.activeElement.getBoundingClientRect();
      const header = document.querySelector(".site-header").getBoundingClientRect();
      const bar = document.querySelector(".basket-bar-button").getBoundingClientRect();
      return { name: document.activeElement.getAttribute("aria-label"), top: box.top, bottom: box.bottom, header, bar };
    });
  };
  // Tab down the precheckout page: the first card of the second row once ended under the basket bar.
  await page.goto(product.url("localhost", "/precheckout"));
  await page.getByRole("heading", { level: 1, name: "Har du husket det hele?" }).waitFor();
  const down = await moveTo("Tab", "Tilføj Trøffelmayo");
  assert.equal(down.name, "Tilføj Trøffelmayo");
  assert.ok(down.bottom <= down.bar.top, `above the bar (${Math.round(down.bottom)} ≤ ${Math.round(down.bar.top)})`);
  // Shift+Tab up the burgers from the end: the first card's button once ended under the header.
  await page.goto(product.url("localhost", "/"));
  await page.getByRole("link", { name: "Burgere", exact: true }).first().click();
  await page.getByRole("heading", { level: 1, name: "Burgere" }).waitFor();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const up = await moveTo("Shift+Tab", "Vælg tilvalg: Classic burger");
  assert.equal(up.name, "Vælg tilvalg: Classic burger");
  assert.ok(up.top >= up.header.bottom, `below the header (${Math.round(up.top)} ≥ ${Math.round(up.header.bottom)})`);
  await screen(page, "phone-shift-tab-first-card");
  await page.close();
});

test("phone: Tab through the option panel never puts a control under its sticky Add footer (WCAG 2.4.11)", async () => {
  const words = WORDS.da;
  const page = await openMenu("localhost", PHONE, "da", words.burgers);
  const panel = await openOptions(page, words, "Classic burger");
  const hidden = [];
  for (let press = 0; press < 40; press++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      const footer = element.closest(".modifier-panel")?.querySelector(".modifier-footer");
      if (!footer || element.closest(".modifier-footer")) return null;
      const name = element.getAttribute("aria-label") ?? element.labels?.[0]?.textContent ?? element.textContent;
      return { name, bottom: element.getBoundingClientRect().bottom, footerTop: footer.getBoundingClientRect().top };
    });
    if (!focused) break; // the Add button, or out of the panel
    if (focused.bottom > focused.footerTop + 1)
      hidden.push(`${focused.name} (${Math.round(focused.bottom)} > ${Math.round(focused.footerTop)})`);
  }
  assert.deepEqual(hidden, [], "every control Tab reaches is above the footer");
  assert.equal(
    await panel.getByRole("button", { name: words.add }).evaluate((b) => b === document.activeElement),
    true,
  );
  await page.close();
});

/** Cards wholly on the first screen, cards that start on it, and the columns they stand in. */
const fold = (page) =>
  page.evaluate(() => {
    const cards = [...document.querySelectorAll(".product-card")].map((card) => card.getBoundingClientRect());
    return {
      whole: cards.filter((box) => box.bottom <= window.innerHeight).length,
      started: cards.filter((box) => box.top < window.innerHeight).length,
      columns: new Set(cards.map((box) => Math.round(box.left))).size,
    };
  });

for (const language of ["da", "en"]) {
  test(`desktop, ${language}: beside the basket column the menu fills a grid, 4 whole burgers and 6 started above the fold at 1280×800, all the drinks`, async () => {
    const [burgers, drinks] = language === "da" ? ["Burgere", "Drikkevarer"] : ["Burgers", "Drinks"];
    const page = await openMenu("localhost", DESKTOP, language, burgers);
    await page.waitForLoadState("networkidle");
    // The layout's basket column stands beside the menu from 1100 px: the grid sizes by the room left.
    await page.locator(".basket-column-content").first().waitFor();
    const menu = await fold(page);
    assert.ok(menu.columns >= 2, `${menu.columns} columns beside the basket column`);
    assert.ok(menu.whole >= 4, `${menu.whole} whole burgers above the fold`);
    assert.ok(menu.started >= 6, `${menu.started} burgers start above the fold`);
    await visit(page, `desktop-${language}-burgers-grid`);
    await screen(page, `desktop-${language}-burgers-with-basket-column`);

    // The drinks are five picture cards: every one starts on the first screen.
    await page.getByRole("link", { name: drinks, exact: true }).first().click();
    await page.getByRole("heading", { level: 1, name: drinks }).waitFor();
    await page.waitForLoadState("networkidle");
    const pictures = await fold(page);
    assert.equal(pictures.started, await page.locator(".product-card").count());
    assert.ok(pictures.columns >= 3, `${pictures.columns} columns of drinks`);
    await visit(page, `desktop-${language}-drinks-grid`);
    await page.close();
  });
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
]) {
  test(`desktop ${viewport.width}×${viewport.height}: the option rows reach the Add button's right edge, the last group above the footer`, async () => {
    const words = WORDS.da;
    const page = await openMenu("localhost", viewport, "da", words.burgers);
    const panel = await openOptions(page, words, "Classic burger");
    const rights = await panel.evaluate((element) => {
      const right = (node) => Math.round(node.getBoundingClientRect().right);
      return {
        rows: [...element.querySelectorAll(".modifier-quantity, .modifier-group")].map(right),
        add: right(element.querySelector(".modifier-add")),
        options: right(element.closest(".product-card").querySelector(".product-options-button")),
      };
    });
    // Once they stopped at 46rem: 48 px short of the Add button at 1440 px, none at 1280.
    for (const row of rights.rows)
      assert.ok(Math.abs(row - rights.add) <= 1, `a row ends at ${row}, Add at ${rights.add}`);
    // Scrolled to the panel's end, its last group stands whole above the sticky footer.
    await panel.locator(".modifier-group").last().scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 400));
    const last = await boxes(panel.locator(".modifier-group").last());
    const footerTop = await panel.locator(".modifier-footer").evaluate((footer) => footer.getBoundingClientRect().top);
    assert.ok(
      last.bottom <= footerTop + 1,
      `the last group (to ${Math.round(last.bottom)}) is above the footer (${Math.round(footerTop)})`,
    );
    await screen(page, `desktop-${viewport.width}-burger-options-end`);
    await page.close();
  });
}

test("phone: the burgers stay one card across, picture beside the text", async () => {
  const page = await openMenu("localhost", PHONE, "da", "Burgere");
  const lefts = await page.evaluate(() =>
    [...document.querySelectorAll(".product-card")].map((card) => Math.round(card.getBoundingClientRect().left)),
  );
  assert.equal(new Set(lefts).size, 1);
  await visit(page, "phone-da-burgers");
  await page.close();
});

test("phone: the option panel's footer sits on the window's bottom edge, and on the basket bar once there is one", async () => {
  const words = WORDS.da;
  const page = await openMenu("localhost", PHONE, "da", words.burgers);
  const footerGap = async (panel) => {
    const footer = await boxes(panel.locator(".modifier-footer"));
    const bar = (await page.locator(".basket-bar-button").count()) > 0;
    const barTop = bar ? (await page.locator(".basket-bar-button").boundingBox()).y : footer.height;
    return { gap: footer.height - footer.bottom, bar: footer.height - barTop };
  };
  // The first product of an empty basket: no basket bar, so nothing of the menu may show below the footer.
  const first = await openOptions(page, words, "Classic burger");
  const empty = await footerGap(first);
  assert.equal(await page.locator(".basket-bar").count(), 0, "no basket bar while the basket is empty");
  assert.ok(empty.gap <= 1, `the footer ends at the bottom edge (${Math.round(empty.gap)} px above it)`);
  await screen(page, "phone-burger-options-empty-basket");
  await first.getByRole("button", { name: words.add }).click();
  await page.waitForFunction(() => /1 vare$/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));

  // With the bar in view the footer stands on it, not under it.
  const second = await openOptions(page, words, "Cheeseburger");
  const filled = await footerGap(second);
  assert.ok(filled.bar > 0, "the basket bar shows");
  assert.ok(filled.gap >= filled.bar - 1, `the footer (${Math.round(filled.gap)} px up) clears the bar`);
  await page.close();
});

test("200 % zoom (640×450): after Add the options button that has the focus again is in sight, not under the header", async () => {
  const words = WORDS.da;
  const page = await openMenu("localhost", { width: 640, height: 450 }, "da", words.burgers);
  // The right-hand card of the first row: closing its long panel pulls the page up under the header.
  const panel = await openOptions(page, words, "Cheeseburger");
  await page.mouse.wheel(0, 500);
  await page.waitForTimeout(300);
  await panel.getByRole("button", { name: words.add }).click();
  await page.waitForFunction(() => /1 vare$/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));
  await page.waitForTimeout(500);
  const button = page.getByRole("button", { name: `${words.options}: Cheeseburger` });
  assert.equal(await button.evaluate((element) => element === document.activeElement), true, "the focus is back");
  const box = await boxes(button);
  assert.ok(
    box.top >= box.headerBottom && box.bottom <= box.height,
    `the focused button (${Math.round(box.top)}–${Math.round(box.bottom)}) is below the header (${Math.round(box.headerBottom)}) and on the screen`,
  );
  await screen(page, "zoom-burger-after-add");
  await page.close();
});

for (const [size, viewport] of [
  ["200 % zoom (640×360)", { width: 640, height: 360 }],
  ["phone (390×844)", PHONE],
]) {
  test(`${size}, basket bar showing: the option panel's first group is in sight when it opens, whole by scrolling and Tab (WCAG 2.4.11)`, async () => {
    const words = WORDS.da;
    const page = await openMenu("localhost", viewport, "da", "Drikkevarer");
    await page.getByRole("button", { name: "Tilføj Danskvand", exact: true }).click();
    await page.waitForFunction(() => /1 vare$/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));
    await page.getByRole("link", { name: words.burgers, exact: true }).first().click();
    await page.getByRole("heading", { level: 1, name: words.burgers }).waitFor();
    const panel = await openOptions(page, words, "Classic burger");
    await page.waitForTimeout(800); // the smooth scroll that shows the panel
    /** The element's box and the room between what sticks at the top (the header) and at the bottom (the footer). */
    const room = (locator) =>
      locator.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const header = document.querySelector(".site-header").getBoundingClientRect();
        const footer = element.closest(".modifier-panel").querySelector(".modifier-footer").getBoundingClientRect();
        const stuck = getComputedStyle(document.querySelector(".site-header")).position === "sticky";
        return { top: box.top, bottom: box.bottom, above: stuck ? Math.max(0, header.bottom) : 0, below: footer.top };
      });
    const inRoom = (box, what) =>
      assert.ok(
        box.top >= box.above - 1 && box.bottom <= box.below + 1,
        `${what} (${Math.round(box.top)}–${Math.round(box.bottom)}) between the header (${Math.round(box.above)}) and the footer (${Math.round(box.below)})`,
      );
    const group = panel.locator(".modifier-group").first();
    const toggle = group.locator(".modifier-group-toggle");
    assert.equal(await toggle.evaluate((element) => element === document.activeElement), true, "the focus is on it");
    inRoom(await room(toggle), "the focused first group's button");
    await screen(page, `zoom-first-group-${viewport.width}x${viewport.height}-open`);
    // Scrolled to as the browser scrolls a target into view: the whole group fits, none of it under a sticky bar.
    await group.evaluate((element) => element.scrollIntoView({ block: "start" }));
    inRoom(await room(group), "the whole first group");
    // Tab through the group's controls from its button: each one is in the room left between the sticky bars.
    await toggle.focus();
    for (let press = 0; press < 10; press++) {
      await page.keyboard.press("Tab");
      const focused = page.locator(":focus");
      if (!(await focused.evaluate((element, first) => first.contains(element), await group.elementHandle()))) break;
      inRoom(await room(focused), `Tab ${press + 1}`);
    }
    await page.close();
  });
}

test('phone: a burger\'s subtitle is read whole in the list ("Sprødstegt kyllingebryst", not "Sprødstegt…")', async () => {
  for (const language of ["da", "en"]) {
    const page = await openMenu("localhost", PHONE, language, language === "da" ? "Burgere" : "Burgers");
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll(".product-subtitle")]
        .filter((subtitle) => subtitle.scrollHeight > subtitle.clientHeight + 1)
        .map((subtitle) => subtitle.textContent),
    );
    assert.deepEqual(cut, [], `${language}: no subtitle cut off`);
    await page.close();
  }
});

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
]) {
  test(`${size}: precheckout keeps "Chokoladecookie" whole and its top Continue clear of the grid`, async () => {
    const page = await openMenu("localhost", viewport, "da", "Drikkevarer");
    await page.getByRole("button", { name: "Tilføj Danskvand", exact: true }).click();
    await page.waitForFunction(() => /1 vare$/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));
    await page.goto(product.url("localhost", "/precheckout"));
    await page.getByRole("heading", { level: 1, name: "Har du husket det hele?" }).waitFor();
    const name = page.getByRole("heading", { level: 2, name: "Chokoladecookie" });
    const lines = await name.evaluate((heading) => {
      const range = document.createRange();
      range.selectNodeContents(heading);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    assert.equal(lines, 1, "the name is on one line");
    const gap = await page.evaluate(() => {
      const button = document.querySelector(".precheckout-heading button").getBoundingClientRect();
      const list = document.querySelector(".product-list").getBoundingClientRect();
      return list.top - button.bottom;
    });
    assert.ok(gap >= 12, `${gap}px between the top Continue and the grid`);
    await visit(page, `${size}-da-precheckout`);
    await name.scrollIntoViewIfNeeded();
    await screen(page, `${size}-da-precheckout-cookie`);
    await page.close();
  });
}

/** The refusal is gone once the groups are complete (its live region stays, empty). */
async function assertNoAlert(alert) {
  await alert.page().waitForFunction((element) => element.textContent === "", await alert.elementHandle());
}
