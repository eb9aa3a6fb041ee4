// Issue 44, points 6 and 8 in the browser: restaurant A's kitchen account marks a product sold out until restored
// from the order queue (two taps to the dialog's actions) and the storefront's API blocks it; restores it; pauses
// online orders for 15 minutes (the banner says until when) and resumes. The kitchen display shows an accepted
// order (placed and accepted over the APIs) as a tile: an item struck through (kept over a reload), bumped to ready,
// recalled. axe finds nothing serious; screenshots at tablet (1024×768, 1280×800) and phone size, both languages.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  createHarness,
  demoLogin,
  guestApi,
  openHeaderMenu,
  orderBasketForPickup,
  PHONE,
  screenshot,
  seriousAxeViolations,
} from "./harness.mjs";

const product = createHarness();
before(product.start);
after(product.stop);

const TABLET = { width: 1024, height: 768 };
const WIDE_TABLET = { width: 1280, height: 800 };
const KITCHEN_A = () => demoLogin("Kitchen", "A");

/** The first products of A's menu that need no options, in menu order (in a basket of their own). */
async function plainProducts(api, count) {
  const [menu] = await api.get(`/api/menu?instanceId=${api.module.menuInstanceId}`);
  const categories = await api.get(`/api/category/menu/${menu.id}?instanceId=${api.module.productInstanceId}`);
  const basket = await api.get("/api/basket");
  const found = [];
  for (const item of categories.flatMap((category) => category.products)) {
    if ((await api.post(`/api/basket/${basket.id}/products`, { productId: item.productId, amount: 1, choices: [] })).ok)
      found.push({ id: item.productId });
    if (found.length === count) break;
  }
  return { basket, found };
}

/** An order of two lines paid at pickup, placed as the storefront places it; answers its id. */
async function placeOrder(api) {
  const { basket, found } = await plainProducts(api, 2);
  assert.equal(found.length, 2, "two products without required options");
  const guest = { name: "Mette Hansen", email: "mette@example.dk", validate: true };
  return orderBasketForPickup(product, api, basket.id, guest);
}

/** A back-office request from the signed-in page itself (its cookie, Origin and CSRF token). */
function adminFetch(page, method, path) {
  return page.evaluate(
    async ({ method, path }) => {
      const me = await (await fetch("/api/admin/me")).json();
      const headers = method === "GET" ? {} : { "x-csrf-token": me.csrfToken };
      const res = await fetch(`/api/admin${path}`, { method, headers });
      return { status: res.status, body: await res.json() };
    },
    { method, path },
  );
}

async function signIn(page) {
  await page.goto(product.url("localhost", "/admin/"));
  await page.waitForURL(/\/admin\/sign-in$/);
  await page.getByLabel("E-mail", { exact: true }).fill(KITCHEN_A().email);
  await page.getByLabel("Adgangskode", { exact: true }).fill(KITCHEN_A().password);
  await page.getByRole("button", { name: "Log ind" }).click();
  // The kitchen account of one restaurant lands on its orders.
  await page.waitForURL(/\/admin\/restaurants\/\d+\/orders$/);
}

async function axeClean(page, name) {
  assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${name}`);
}

const blocked = async (api) =>
  (await api.get(`/api/blockedProduct?productionUnitId=${api.module.productionUnitId}`)).map((row) => row.productId);

test("kitchen A, tablet, Danish: sold out until restored blocks it for guests, restore; pause 15 min, resume", async () => {
  const api = await guestApi(product);
  const [first] = (await plainProducts(api, 1)).found;
  const page = await product.newPage(TABLET);
  await signIn(page);
  const restaurantId = /restaurants\/(\d+)/.exec(page.url())[1];
  const items = await adminFetch(page, "GET", `/restaurants/${restaurantId}/catalogue-items?language=da-DK`);
  const target = { id: first.id, name: items.body.products.find((p) => p.id === first.id)?.name };
  assert.ok(target.name, "the product's name in the sold-out picker's list");
  await page.getByRole("status").filter({ hasText: "Onlinebestilling er åben" }).waitFor();

  // Tap 1: the dialog. Then find the product and sell it out until restored.
  await page.getByRole("button", { name: "Udsolgt og pause" }).click();
  const dialog = page.getByRole("dialog", { name: "Udsolgt og pause" });
  await dialog.waitFor();
  await dialog.getByLabel("Find en vare eller et tilvalg").fill(target.name);
  await dialog
    .getByRole("button", { name: new RegExp(`^${target.name}`) })
    .first()
    .click();
  await screenshot(page, "tablet-da-sold-out-choose");
  await dialog.getByRole("button", { name: "Jeg melder den tilbage" }).click();
  const soldOut = dialog.getByRole("region", { name: "Udsolgt nu" });
  const listed = soldOut.getByRole("listitem").filter({ hasText: target.name });
  await listed.getByText("til den meldes tilbage").waitFor();
  assert.ok((await blocked(api)).includes(target.id), "the storefront's API blocks the product");
  await axeClean(page, "the sold-out dialog");
  await screenshot(page, "tablet-da-sold-out");

  await listed.getByRole("button", { name: /^Meld tilbage/ }).click();
  await listed.waitFor({ state: "detached" });
  await dialog.getByText(`${target.name} kan bestilles igen.`).waitFor();
  assert.ok(!(await blocked(api)).includes(target.id), "restored: not blocked any more");

  // Pause 15 minutes: the banner says until when, on the restaurant's clock; then resume.
  await dialog.getByRole("button", { name: "Pause 15 min." }).click();
  await dialog.getByText("Onlinebestilling er sat på pause.").waitFor();
  await dialog.getByRole("button", { name: "Luk" }).click();
  // HH:MM with a colon in both languages (lib/clock), as the storefront writes times.
  const until = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Copenhagen",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(Date.now() + 15 * 60_000));
  const banner = page.locator(".ordering-banner");
  // After 23:45 the 15 minutes end tomorrow, and the banner says so.
  await banner.getByText(/Onlinebestilling er sat på pause til i (dag|morgen) \d\d:\d\d/).waitFor();
  assert.match(await banner.innerText(), new RegExp(until.slice(0, 4)));
  await axeClean(page, "the orders page, paused");
  await screenshot(page, "tablet-da-orders-paused");
  await banner.getByRole("button", { name: "Genoptag onlinebestilling" }).click();
  await banner.getByText("Onlinebestilling er åben").waitFor();
  await page.close();
});

test("the kitchen display: an accepted order's tile, an item struck through, bumped, recalled; tablet and phone, both languages", async () => {
  const api = await guestApi(product);
  const orderId = await placeOrder(api);
  const page = await product.newPage(TABLET);
  await signIn(page);
  const accepted = await adminFetch(page, "POST", `/orders/${orderId}/accept`);
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  const number = accepted.body.receiptNumber;
  const restaurantId = accepted.body.productionUnitId;

  await page.getByRole("link", { name: "Køkkenskærm" }).click();
  await page.waitForURL(/\/kitchen$/);
  const tile = page.getByRole("article", { name: `Ordre #${number}` });
  await tile.waitFor();
  const firstLine = tile.getByRole("button", { pressed: false }).first();
  const lineSize = await firstLine.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
  assert.ok(lineSize >= 20, `item text ${lineSize}px`);
  await axeClean(page, "the kitchen display");
  await screenshot(page, "tablet-da-kitchen");
  // The tools' four buttons share a row on a tablet, landscape or portrait, whatever the connection line says: they
  // wrapped one by one after it, leaving Mørk skærm (or two of them) alone on a second row.
  for (const viewport of [TABLET, { width: 820, height: 1180 }]) {
    await page.setViewportSize(viewport);
    const toolTops = await page
      .locator(".kitchen-tools .button")
      .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    assert.equal(toolTops.length, 4);
    assert.equal(new Set(toolTops).size, 1, `the kitchen tools' tops at ${viewport.width} px: ${toolTops}`);
  }
  await page.setViewportSize(TABLET);

  // Strike the first item; it stays struck on this screen after a reload.
  await firstLine.click();
  await tile.getByRole("button", { pressed: true }).waitFor();
  await page.reload();
  await tile.getByRole("button", { pressed: true }).waitFor();
  await screenshot(page, "tablet-da-kitchen-struck");

  // Bump (the tile's Ready button), then Recall brings it back.
  await tile.getByRole("button", { name: `Klar · #${number}` }).click();
  await page.getByText(`#${number} er klar.`).waitFor();
  await tile.waitFor({ state: "detached" });
  await page.getByRole("button", { name: `Hent #${number} tilbage` }).click();
  await page.getByText(`#${number} er i gang igen.`).waitFor();
  await tile.waitFor();

  // Sold out and pause from the kitchen display too.
  await page.getByRole("button", { name: "Udsolgt og pause" }).click();
  await page.getByRole("dialog", { name: "Udsolgt og pause" }).waitFor();
  await screenshot(page, "tablet-da-kitchen-availability");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Mørk skærm" }).click();
  await axeClean(page, "the kitchen display, dark");
  await screenshot(page, "tablet-da-kitchen-dark");
  await page.getByRole("button", { name: "Mørk skærm" }).click();

  await page.getByRole("button", { name: "English" }).click();
  await page.getByRole("heading", { level: 1, name: "Kitchen display" }).waitFor();
  await axeClean(page, "the kitchen display in English");
  await screenshot(page, "tablet-en-kitchen");
  await page.setViewportSize(WIDE_TABLET);
  await screenshot(page, "tablet1280-en-kitchen");
  await page.getByRole("button", { name: "Sold out & pause" }).click();
  await page.getByRole("dialog", { name: "Sold out and pause" }).waitFor();
  await screenshot(page, "tablet1280-en-availability");
  await page.close();

  for (const [language, title, button] of [
    ["da", "Køkkenskærm", "Udsolgt og pause"],
    ["en", "Kitchen display", "Sold out & pause"],
  ]) {
    const phone = await product.newPage(PHONE);
    await signIn(phone);
    if (language === "en") {
      // On a phone the language is in the header's menu.
      await openHeaderMenu(phone);
      await phone.getByRole("button", { name: "English" }).click();
    }
    await phone.goto(product.url("localhost", `/admin/restaurants/${restaurantId}/kitchen`));
    await phone.getByRole("heading", { level: 1, name: title }).waitFor();
    await phone.locator(".tile").first().waitFor();
    await axeClean(phone, `the kitchen display on a phone (${language})`);
    await screenshot(phone, `phone-${language}-kitchen`);
    await phone.getByRole("button", { name: button }).click();
    await phone.locator(".availability-dialog[open]").waitFor();
    await screenshot(phone, `phone-${language}-availability`);
    await phone.close();
  }
});

// Last: what every page above reported.
test("kitchen A following a manager's link to the figures is told they are for managers and owners, and gets its orders", async () => {
  const page = await product.newPage(TABLET);
  await signIn(page);
  const restaurantId = /restaurants\/(\d+)/.exec(page.url())[1];
  await page.goto(product.url("localhost", `/admin/restaurants/${restaurantId}/figures?period=last7`));
  await page.getByRole("heading", { level: 1, name: "Kun for ledere og ejere" }).waitFor();
  assert.equal(await page.getByText("Det kunne ikke hentes").count(), 0, "not a connection problem");
  await axeClean(page, "a manager's page opened by the kitchen");
  await screenshot(page, "tablet-da-managers-only");
  await page.getByRole("link", { name: "Bestillinger" }).last().click();
  await page.waitForURL(/\/orders$/);
  await page.close();
});

test("the sold-out picker offers only what guests can order: a product deleted while a basket holds it is gone from it", async () => {
  const api = await guestApi(product);
  // A guest's basket holds the product, so the menu editor's delete archives it instead of deleting it.
  const [held] = (await plainProducts(api, 1)).found;
  const page = await product.newPage(TABLET);
  await signIn(page);
  const restaurantId = /restaurants\/(\d+)/.exec(page.url())[1];
  const items = await adminFetch(page, "GET", `/restaurants/${restaurantId}/catalogue-items?language=da-DK`);
  const name = items.body.products.find((p) => p.id === held.id)?.name;
  assert.ok(name, "offered before its delete");
  const pickedNames = async () => {
    await page.getByRole("button", { name: "Udsolgt og pause" }).click();
    const dialog = page.getByRole("dialog", { name: "Udsolgt og pause" });
    await dialog.getByLabel("Find en vare eller et tilvalg").fill(name);
    const results = dialog.getByRole("list", { name: "Fundne" });
    await results.locator(".pick-name").first().or(results.getByText("Intet passer.")).waitFor();
    const names = await results.locator(".pick-name").allTextContents();
    await dialog.getByRole("button", { name: "Luk" }).click();
    return names;
  };
  assert.ok((await pickedNames()).includes(name));

  const manager = await product.newPage(TABLET);
  await manager.goto(product.url("localhost", "/admin/sign-in"));
  await manager.getByLabel("E-mail", { exact: true }).fill(demoLogin("Manager", "A").email);
  await manager.getByLabel("Adgangskode", { exact: true }).fill(demoLogin("Manager", "A").password);
  await manager.getByRole("button", { name: "Log ind" }).click();
  await manager.waitForURL((url) => !url.pathname.endsWith("/sign-in"));
  const deleted = await adminFetch(manager, "DELETE", `/restaurants/${restaurantId}/menu-editor/products/${held.id}`);
  assert.equal(deleted.body.result, "archived");
  await manager.close();

  await page.reload();
  assert.ok(!(await pickedNames()).includes(name), "an archived product is not offered to sell out");
  await axeClean(page, "the sold-out picker");
  await page.close();
});

test("no page reported a Content-Security-Policy violation or a console error", () => {
  assert.deepEqual(product.cspViolations, []);
  assert.deepEqual(product.consoleErrors, []);
});
