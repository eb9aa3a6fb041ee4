// Issue 45, the menu editor in the browser: owner A renames a product and changes its price in Danish ("95,50"),
// the preview shows the guest's card in both languages as it is typed, and the storefront's catalogue answers the
// new name and price; the categories are reordered by keyboard alone (the move is announced, the focus stays on
// the moved entry); a tab opened on the same product before that save gets a conflict naming who and when, keeps
// what it typed, and loads the other version on request. axe finds nothing serious;
// screenshots at 390×844 and 1280×800 in both languages.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  createHarness,
  DESKTOP,
  demoLogin,
  openHeaderMenu,
  PHONE,
  screenshot,
  screenshotDir,
  scrollRowLayout,
  seriousAxeViolations,
  signIn,
  TABLET,
  tabTo,
} from "./harness.mjs";

const product = createHarness();
before(product.start);
after(product.stop);

const OWNER_A = () => demoLogin("Owner", "A");

const signInOwner = (page, language = "da-DK") => signIn(page, product, OWNER_A(), language);

/** A back-office read from the signed-in page itself (its session cookie). */
const adminGet = (page, path) => page.evaluate(async (path) => (await fetch(`/api/admin${path}`)).json(), path);

/** Restaurant A's id and its editable catalogue, as the editor reads it. */
async function restaurantA(page) {
  const { restaurants } = await adminGet(page, "/restaurants");
  const a = restaurants.find((r) => r.hosts.includes("localhost"));
  return { id: a.id, editor: await adminGet(page, `/restaurants/${a.id}/menu-editor`) };
}

/** The storefront's catalogue of A as a guest reads it (its own token). */
async function guestProduct(productId) {
  const json = async (res) => res.json();
  const module = await json(await fetch(product.url("localhost", "/api/module/domain/localhost")));
  const { token } = await json(await fetch(product.url("localhost", `/api/token/${module.productionUnitId}`)));
  const context = await json(
    await fetch(product.url("localhost", `/api/context?instanceId=${module.productInstanceId}`), {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify([productId]),
    }),
  );
  return context.products[0];
}

async function visit(page, name) {
  await page.getByRole("heading", { level: 2 }).first().waitFor();
  assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${name}`);
  await screenshot(page, name);
}

/**
 * The first entry of a list moved down one place by keyboard alone (Tab to its "Flyt … ned" button, Enter), and
 * the move announced: "… er flyttet til plads 2 af …".
 */
async function moveDownByKeyboard(page, name) {
  await tabTo(page, page.getByRole("button", { name: `Flyt ${name} ned` }));
  await page.keyboard.press("Enter");
  await page
    .getByRole("status")
    .filter({ hasText: `${name} er flyttet til plads 2 af` })
    .waitFor();
}

/** The first product with a Danish name and no weekday sale: its card shows the plain price. */
const plainProduct = (editor) =>
  editor.products.find((p) => p.name["da-DK"] && !p.productPriceDaily && !p.originalPriceMinor);

test("owner A, desktop, Danish: categories move by keyboard; a new name and price reach the guest; a stale save is a conflict", async () => {
  const page = await product.newPage(DESKTOP);
  await signInOwner(page);
  const { id, editor } = await restaurantA(page);
  const menu = editor.menus.find((m) => m.active);
  const [first, second] = menu.categories;

  // Categories: the first moved down by keyboard alone; the move is announced and saved at once.
  await page.goto(product.url("localhost", `/admin/restaurants/${id}/menu`));
  await visit(page, "desktop-da-menu");
  const firstName = first.name["da-DK"];
  await moveDownByKeyboard(page, firstName);
  const moved = (await restaurantA(page)).editor.menus.find((m) => m.id === menu.id).categories.map((c) => c.id);
  assert.deepEqual(moved.slice(0, 2), [second.id, first.id]);
  assert.equal(
    await page.evaluate(() => document.activeElement?.getAttribute("aria-label")),
    `Flyt ${firstName} ned`,
    "the focus stays on the moved category's button",
  );

  // A product: new Danish name and price; the preview follows before saving.
  const burger = plainProduct(editor);
  const path = `/admin/restaurants/${id}/menu/products/${burger.id}`;
  await page.goto(product.url("localhost", path));
  // A second tab on the same product, opened before the first saves: its save will be based on a stale version.
  const stale = await page.context().newPage();
  await stale.goto(product.url("localhost", path));
  await page.getByLabel("Navn (dansk)", { exact: true }).fill("Husets burger");
  await page.getByLabel("Pris", { exact: true }).fill("95,50");
  const preview = page.locator(".preview-cards");
  await preview.getByText("95,50 kr.").waitFor();
  await preview.getByText("95.50 DKK").waitFor();
  await preview.getByText("Husets burger").waitFor();
  // A price that is no amount is refused on its field, in Danish, and what was typed stays.
  await page.getByLabel("Førpris", { exact: true }).fill("ni kroner");
  await page.getByRole("button", { name: "Gem", exact: true }).click();
  await page.locator(".error-summary").getByText("Førpris: Skriv beløbet som tal, fx 89,50.").waitFor();
  assert.equal(await page.getByLabel("Førpris", { exact: true }).inputValue(), "ni kroner");
  await visit(page, "desktop-da-product-refused");
  await page.getByLabel("Førpris", { exact: true }).fill("");
  await page.getByRole("button", { name: "Gem", exact: true }).click();
  await page.locator(".saved-note").getByText("Gemt").waitFor();
  await visit(page, "desktop-da-product");
  const seen = await guestProduct(burger.id);
  assert.equal(seen.name["da-DK"], "Husets burger");
  assert.equal(seen.price, 95.5);

  // The stale tab: its save is refused with who saved and when; what it typed stays until it chooses.
  await stale.getByLabel("Pris", { exact: true }).fill("66,25");
  await stale.getByRole("button", { name: "Gem", exact: true }).click();
  const notice = stale.locator(".conflict-notice");
  await notice.waitFor();
  assert.match(await notice.innerText(), /ændrede dette kl\. \d\d:\d\d/);
  assert.equal(await stale.getByLabel("Pris", { exact: true }).inputValue(), "66,25", "what was typed stays");
  await visit(stale, "desktop-da-product-conflict");
  await notice.getByRole("button", { name: /^Hent .*version$/ }).click();
  await notice.waitFor({ state: "detached" });
  assert.equal(await stale.getByLabel("Pris", { exact: true }).inputValue(), "95,50");
  assert.equal(await stale.getByLabel("Navn (dansk)", { exact: true }).inputValue(), "Husets burger");
  await page.close();
});

test("owner A, phone, Danish: a choice moves down its option group in one save, by keyboard", async () => {
  const page = await product.newPage(PHONE);
  await signInOwner(page);
  const { id, editor } = await restaurantA(page);
  const group = editor.modifiers.find((m) => m.choices.length > 2);
  const [first, second] = group.choices;
  const firstName = editor.choices.find((c) => c.id === first.choiceId).name["da-DK"];
  const saves = [];
  page.on("request", (request) => {
    if (request.method() !== "GET" && request.url().includes("/menu-editor/")) saves.push(request.method());
  });

  await page.goto(product.url("localhost", `/admin/restaurants/${id}/menu/options/groups/${group.id}`));
  await page.getByRole("heading", { level: 2 }).first().waitFor();
  await moveDownByKeyboard(page, firstName);
  const after = (await restaurantA(page)).editor.modifiers.find((m) => m.id === group.id);
  assert.deepEqual(
    after.choices.map((c) => c.choiceId),
    [second.choiceId, first.choiceId, ...group.choices.slice(2).map((c) => c.choiceId)],
  );
  assert.equal(after.version, group.version + 1, "one edit of the group");
  assert.deepEqual(saves, ["PUT"], "one save for the move");
  await visit(page, "phone-da-group-moved");
  await page.close();
});

// A product's option groups are rows with fields (the most choices, the number included): with the whole row
// draggable, pressing in a field and moving the mouse dragged the row and selected nothing. Only the handle drags.
test("owner A, desktop, Danish: a product's option groups move by their handle's drag and by keyboard; a field's text selects with the mouse", async () => {
  const page = await product.newPage(DESKTOP);
  await signInOwner(page);
  const { id, editor } = await restaurantA(page);
  const item = editor.products.find((p) => p.modifiers.length >= 3);
  const name = (modifierId) => editor.modifiers.find((m) => m.id === modifierId).name["da-DK"];
  const saved = async () =>
    (await restaurantA(page)).editor.products.find((p) => p.id === item.id).modifiers.map((m) => m.modifierId);
  const [a, b, c, ...rest] = item.modifiers.map((m) => m.modifierId);
  await page.goto(product.url("localhost", `/admin/restaurants/${id}/menu/products/${item.id}`));
  const rows = page.getByRole("list", { name: "Tilvalgsgrupper på produktet" }).locator(".reorder-row");
  await rows.first().waitFor();

  // The mouse selects a field's text, from its left edge across its end, and moves nothing.
  const field = rows.nth(1).getByLabel("Højst antal valg", { exact: true });
  await field.scrollIntoViewIfNeeded();
  const box = await field.boundingBox();
  await page.mouse.move(box.x + 6, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  const [start, end] = await field.evaluate((input) => [input.selectionStart, input.selectionEnd]);
  assert.ok(end > start, `the field's text selected by the mouse: ${start}–${end}`);
  assert.deepEqual(await saved(), [a, b, c, ...rest], "nothing moved");

  // The first group dragged by its handle onto the third: it takes the third place.
  await rows.nth(0).locator(".drag-handle").dragTo(rows.nth(2));
  await page
    .getByRole("status")
    .filter({ hasText: `${name(a)} er flyttet til plads 3 af` })
    .waitFor();
  assert.deepEqual(await saved(), [b, c, a, ...rest]);

  // By keyboard: the (new) first group one place down.
  await moveDownByKeyboard(page, name(b));
  assert.deepEqual(await saved(), [c, b, a, ...rest]);
  await screenshot(page, "desktop-da-product-groups-moved");
  await page.close();
});

const PRICES = {
  "da-DK": {
    price: "Pris",
    originalPrice: "Førpris",
    saleOn: "Tilbudspris på bestemte ugedage",
    sale: ["Tilbudspris", "Fra", "Til og med"],
    save: "Gem",
  },
  "en-US": {
    price: "Price",
    originalPrice: "Before-price",
    saleOn: "Sale price on some weekdays",
    sale: ["Sale price", "From", "To (included)"],
    save: "Save",
  },
};

/** The tops of the controls labelled `labels`, rounded to a pixel. */
const topsOf = (page, labels) =>
  Promise.all(
    labels.map((label) =>
      page.getByLabel(label, { exact: true }).evaluate((element) => Math.round(element.getBoundingClientRect().top)),
    ),
  );

/** Each labelled control's top and its label's top (px, rounded). */
const fieldsOf = (page, labels) =>
  Promise.all(
    labels.map((label) =>
      page.getByLabel(label, { exact: true }).evaluate((element) => ({
        label: Math.round(element.labels[0].getBoundingClientRect().top),
        control: Math.round(element.getBoundingClientRect().top),
      })),
    ),
  );

// "Pris" (hint "Fx 89,50") sat some 20 px above "Førpris" (a hint of two lines) at 1180 px: the hint was between the
// label and the input. Now the inputs of a row of prices share a line whatever their hints and errors say.
test("a product's price and before-price inputs share a line at 1180 and 1440 px in both languages, with an error too", async () => {
  for (const language of ["da-DK", "en-US"]) {
    const p = PRICES[language];
    for (const width of [1180, 1440]) {
      const page = await product.newPage({ width, height: 900 });
      await signInOwner(page, language);
      const { id, editor } = await restaurantA(page);
      await page.goto(product.url("localhost", `/admin/restaurants/${id}/menu/products/${plainProduct(editor).id}`));
      await page.getByLabel(p.originalPrice, { exact: true }).waitFor();
      const where = `${language} at ${width} px`;
      const [price, original] = await topsOf(page, [p.price, p.originalPrice]);
      assert.equal(price, original, `${where}: Price's input at ${price}, Before-price's at ${original}`);
      await screenshot(page, `${width}-${language.slice(0, 2)}-product-prices`);

      // The weekday sale's row (its price and its two days; at 1180 px two on a line, the third below): the
      // controls of the fields that start on one line are on one line.
      await page.getByLabel(p.saleOn, { exact: true }).check();
      const sale = await fieldsOf(page, p.sale);
      for (const { label } of sale) {
        const line = sale.filter((field) => field.label === label);
        assert.equal(new Set(line.map((f) => f.control)).size, 1, `${where}: the sale's line: ${JSON.stringify(sale)}`);
      }

      // A refused before-price: its error above its input moves both inputs alike.
      await page.getByLabel(p.originalPrice, { exact: true }).fill("x");
      await page.getByRole("button", { name: p.save, exact: true }).click();
      await page.locator(".money-row .field-error").first().waitFor();
      const [refusedPrice, refusedOriginal] = await topsOf(page, [p.price, p.originalPrice]);
      assert.equal(refusedPrice, refusedOriginal, `${where}, with an error: ${refusedPrice} and ${refusedOriginal}`);
      await page.close();
    }
  }
});

/** Each settings row of a list (an option group of a product, a choice of a group): where its parts are. */
const settingsRows = (page) =>
  page.locator(".reorder-row:has(.group-settings)").evaluateAll((rows) =>
    rows.map((row) => {
      const top = (element) => Math.round(element.getBoundingClientRect().top);
      const lines = (element) => {
        const range = document.createRange();
        range.selectNodeContents(element.firstChild);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      };
      const box = row.getBoundingClientRect();
      const name = row.querySelector(".group-name");
      const [save, remove] = row.querySelectorAll(".button-row .button");
      return {
        name: name.textContent,
        height: Math.round(box.height),
        nameBeside: Math.abs(top(name) - top(row.querySelector(".drag-handle"))) <= 2,
        buttons: [save, remove].map((button) => ({
          label: button.firstChild.textContent,
          top: top(button),
          lines: lines(button),
          inside: button.getBoundingClientRect().right <= box.right + 0.5,
        })),
        labels: [...row.querySelectorAll(".count-row label")].map((label) => ({
          text: label.textContent,
          lines: lines(label),
        })),
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    }),
  );

// On a phone a row's name had a line of its own under the move buttons and Remove a line under Save: a choice's
// row was 413 px (Danish) and 489 px (English) tall at 390 px. At 320 px Remove went to a line of its own under Save
// in both languages on a product's option groups, and in English on a group's choices.
test("option rows on a phone (390 and 320 px), both languages: the name beside the handle, Save and Remove on one row, labels whole, a count's label on at most two lines", async () => {
  for (const language of ["da-DK", "en-US"]) {
    for (const width of [390, 320]) {
      const page = await product.newPage({ ...PHONE, width });
      await signInOwner(page, language);
      const { id, editor } = await restaurantA(page);
      const item = editor.products.find((p) => p.modifiers.length >= 2);
      const group = editor.modifiers.find((m) => m.choices.length >= 2);
      for (const [path, most] of [
        [`products/${item.id}`, 240],
        [`options/groups/${group.id}`, 340],
      ]) {
        await page.goto(product.url("localhost", `/admin/restaurants/${id}/menu/${path}`));
        await page.locator(".reorder-row .group-settings").first().waitFor();
        const where = `${language} at ${width} px, ${path}`;
        const rows = await settingsRows(page);
        assert.ok(rows.length >= 2, `${where}: its rows`);
        for (const row of rows) {
          assert.ok(row.nameBeside, `${where}, ${row.name}: the name on the handle's line`);
          assert.equal(row.overflow, 0, `${where}: no sideways scroll`);
          for (const button of row.buttons) {
            assert.equal(button.lines, 1, `${where}, ${row.name}: "${button.label}" on one line`);
            assert.ok(button.inside, `${where}, ${row.name}: "${button.label}" inside the row`);
          }
          assert.equal(row.buttons[0].top, row.buttons[1].top, `${where}, ${row.name}: Save and Remove on one row`);
          // "Antal inkluderet i prisen" took three lines beside "Højst antal valg".
          for (const label of row.labels) {
            assert.ok(label.lines <= 2, `${where}, ${row.name}: "${label.text}" on ${label.lines} lines`);
          }
          if (width === 390) assert.ok(row.height <= most, `${where}, ${row.name}: ${row.height} px tall`);
        }
        await screenshot(page, `${width}-${language.slice(0, 2)}-menu-${path.split("/")[0]}-rows`);
      }
      await page.close();
    }
  }
});

const PARTS = {
  "da-DK": { nav: "Menukortets dele", last: "Mærkater" },
  "en-US": { nav: "Parts of the menu", last: "Labels" },
};

test("the editor's four parts: one row on phone, tablet and desktop in both languages; the current one in view, each by keyboard", async () => {
  for (const language of ["da-DK", "en-US"]) {
    const p = PARTS[language];
    for (const [viewport, size] of [
      [PHONE, "phone"],
      [TABLET, "tablet"],
      [DESKTOP, "desktop"],
    ]) {
      const page = await product.newPage(viewport);
      await signInOwner(page, language);
      const { id } = await restaurantA(page);
      await page.goto(product.url("localhost", `/admin/restaurants/${id}/menu/labels`));
      const nav = page.getByRole("navigation", { name: p.nav });
      const current = nav.getByRole("link", { name: p.last, exact: true });
      await current.waitFor();
      assert.equal(await current.getAttribute("aria-current"), "page");
      const layout = await scrollRowLayout(nav);
      assert.equal(layout.rows, 1, `one row, ${size} ${language}`);
      assert.equal(layout.currentInView, true, `the current part in view, ${size} ${language}`);
      assert.equal(layout.overflow, 0, `no sideways scroll of the page, ${size} ${language}`);
      await visit(page, `${size}-${language.slice(0, 2)}-menu-parts-labels`);
      const links = nav.getByRole("link");
      await tabTo(page, links.first());
      for (let index = 0; index < 4; index++) {
        assert.equal(
          (await scrollRowLayout(nav)).focusedInView,
          true,
          `part ${index + 1} in view, ${size} ${language}`,
        );
        if (index < 3) await page.keyboard.press("Tab");
      }
      await page.close();
    }
  }
});

test("English and Danish, phone and desktop: every part of the editor, axe clean; no CSP violation or console error", async () => {
  for (const [viewport, size, pages] of [
    [PHONE, "phone", ["menu", "product"]],
    [DESKTOP, "desktop", ["products", "product", "category", "options", "group", "label"]],
  ]) {
    const page = await product.newPage(viewport);
    await signInOwner(page, "en-US");
    const { id, editor } = await restaurantA(page);
    const base = `/admin/restaurants/${id}/menu`;
    const paths = {
      menu: "",
      products: "/products",
      product: `/products/${editor.products.find((p) => p.modifiers.length > 0 && p.labelIds.length > 0)?.id ?? plainProduct(editor).id}`,
      category: `/categories/${editor.menus[0].categories[0].id}`,
      options: "/options",
      group: `/options/groups/${editor.modifiers[0].id}`,
      label: `/labels/${editor.labels[0].id}`,
    };
    for (const name of pages) {
      await page.goto(product.url("localhost", `${base}${paths[name]}`));
      await visit(page, `${size}-en-${name}`);
      if (name === "products") {
        // In the order of the names shown (English), not of their Danish names.
        const names = await page.locator(".row-list li a").allTextContents();
        assert.ok(names.length > 10);
        assert.deepEqual(names, names.toSorted(new Intl.Collator("en-US").compare));
      }
    }
    if (size === "phone") {
      await openHeaderMenu(page);
      await page.getByRole("button", { name: "Dansk" }).click();
      await page.goto(product.url("localhost", `${base}${paths.product}`));
      await visit(page, "phone-da-product");
      await page
        .locator(".product-editor-preview")
        .screenshot({ path: `${screenshotDir}/phone-da-product-preview.png` });
    }
    await page.close();
  }
  assert.deepEqual(product.cspViolations, []);
  assert.deepEqual(product.consoleErrors, []);
});
