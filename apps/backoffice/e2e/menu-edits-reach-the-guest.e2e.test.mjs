// A manager's menu edits reach the guest, across the back office and the storefront: a guest has restaurant A's
// storefront open (a second browser context, phone, Danish) before the demo manager of A, in the back office
// (desktop, Danish, the UI only), renames a product and changes its price, uploads its image, sells it out, adds a new
// choice to an option group it has, moves a category and creates a discount code. After one reload the guest sees all
// of it; the manager restores the product; the guest, without reloading again, orders it with the new choice and the
// code, paying at pickup, and sees the discount. The manager's order page and today's figures show the order's numbers
// as the API gives them; restaurant B is not found to the same manager, in the UI and in the admin API. axe on every
// back-office page visited; screenshots in e2e/artifacts (menu-edits-*). The real product (npm start) on a fresh
// DATA_DIR.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  chooseDanishPickupTime,
  createHarness,
  DESKTOP,
  demoLogin,
  PHONE,
  screenshot,
  seriousAxeViolations,
  settled,
  solidPng,
  tabTo,
} from "./harness.mjs";

const product = createHarness();
before(product.start);
after(product.stop);

const NEW_NAME = "Husets burger";
const NEW_PRICE = "135,50";
const NEW_CHOICE = { da: "Trøffelfritter", en: "Truffle fries", price: "22,00" };
const CODE = "FEST25";
const CODE_AMOUNT = 25;
const GUEST = { name: "Ida Holm", phone: "20304051", email: "ida@example.dk" };

/** Money as the figures write it in Danish, øre always shown: "1.234,50 kr.", never broken (features/figures/format.ts). */
const kr = (dkk) =>
  `${new Intl.NumberFormat("da-DK", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(dkk)}\u00a0kr.`;
/** Money as an order and the menu write it in Danish: øre only when there are some, "25 kr.", "132,50 kr.". */
const price = (dkk) => (Number.isInteger(dkk) ? `${new Intl.NumberFormat("da-DK").format(dkk)}\u00a0kr.` : kr(dkk));

/** The storefront's own API answers, with a guest token of the restaurant on `host`. */
async function guestApi(host) {
  const url = (path) => product.url("localhost", path);
  const module = await (await fetch(url(`/api/module/domain/${host}`))).json();
  const { token } = await (await fetch(url(`/api/token/${module.productionUnitId}`))).json();
  return {
    module,
    get: async (path) => {
      const response = await fetch(url(path), { headers: { authorization: `Bearer ${token}` } });
      assert.equal(response.status, 200, path);
      return response.json();
    },
  };
}

/** A back-office read with the signed-in page's own session: its status and body. */
const adminGet = (page, path) =>
  page.evaluate(async (path) => {
    const response = await fetch(`/api/admin${path}`);
    return { status: response.status, body: await response.json().catch(() => null) };
  }, path);

/** The page has settled, checked by axe; its screenshot named for this test. */
const look = (page, name) => settled(page, `menu-edits-${name}`);

async function managerSignsIn() {
  const page = await product.newPage(DESKTOP);
  await page.addInitScript(() => localStorage.setItem("backoffice.language", "da-DK"));
  const manager = demoLogin("Manager", "A");
  await page.goto(product.url("localhost", "/admin/sign-in"));
  await page.getByLabel("E-mail", { exact: true }).fill(manager.email);
  await page.getByLabel("Adgangskode", { exact: true }).fill(manager.password);
  await page.getByRole("button", { name: "Log ind" }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/sign-in"));
  return page;
}

/** The guest on A's front page, past the login gate, then on the burgers. */
async function guestOpensMenu() {
  const page = await product.newPage(PHONE);
  await page.goto(product.url("localhost", "/"));
  const { module } = await guestApi("localhost");
  await page.getByLabel("Brugernavn").fill("e2e-guest");
  await page.getByLabel("Adgangskode").fill(String(module.productionUnitId));
  await page.getByRole("button", { name: "Log ind" }).click();
  await page.locator(".category-tile").first().waitFor();
  const categories = await categoryNames(page);
  await openCategory(page, "Burgere");
  return { page, categories };
}

async function openCategory(page, name) {
  await page.getByRole("link", { name, exact: true }).first().click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
}

/** The category names the guest's page shows, in their order, once each. */
const categoryNames = async (page) =>
  [...new Set(await page.locator(".category-nav a, .category-tile").allInnerTexts())].map((text) => text.trim());

const card = (page, name) => page.getByRole("article", { name, exact: true });

/** The manager's "Sold out and pause" dialog, from the restaurant's order queue. */
async function availabilityDialog(page, restaurantId) {
  await page.goto(product.url("localhost", `/admin/restaurants/${restaurantId}/orders`));
  await page.getByRole("button", { name: "Udsolgt og pause" }).click();
  const dialog = page.getByRole("dialog", { name: "Udsolgt og pause" });
  await dialog.getByRole("heading", { name: "Udsolgt nu" }).waitFor();
  return dialog;
}

test("a manager of A edits the menu, sells out, adds a choice and a code; the guest sees it all after one reload, orders with the code; the order and today's figures agree; B is not found", async () => {
  // 1. The guest is on the menu before anything changes.
  const { page: guest, categories: categoriesBefore } = await guestOpensMenu();
  await card(guest, "Classic burger").waitFor();
  assert.ok(categoriesBefore.indexOf("Salater") < categoriesBefore.indexOf("Tilbehør"), "Salater first at the start");

  // 2. The manager, in the back office.
  const manager = await managerSignsIn();
  const { body: list } = await adminGet(manager, "/restaurants");
  const restaurantA = list.restaurants.find((r) => r.hosts.includes("localhost"));
  assert.equal(list.restaurants.length, 1, "the manager of A sees only A");
  const id = restaurantA.id;
  const { body: editor } = await adminGet(manager, `/restaurants/${id}/menu-editor`);
  const classic = editor.products.find((p) => p.name["da-DK"] === "Classic burger");
  const sides = editor.modifiers.find((m) => m.name["da-DK"] === "Vælg tilbehør");
  assert.ok(
    classic.modifiers.some((m) => m.modifierId === sides.id),
    "the product has the group the choice goes into",
  );
  const menuPath = (path = "") => product.url("localhost", `/admin/restaurants/${id}/menu${path}`);

  // The product: name, price and image (uploaded from a PNG made here), one save.
  await manager.goto(menuPath(`/products/${classic.id}`));
  await manager.getByLabel("Navn (dansk)", { exact: true }).fill(NEW_NAME);
  await manager.getByLabel("Navn (engelsk)", { exact: true }).fill("House burger");
  await manager.getByLabel("Pris", { exact: true }).fill(NEW_PRICE);
  await manager
    .locator(".image-field input[type=file]")
    .setInputFiles({ name: "burger.png", mimeType: "image/png", buffer: solidPng(400, [176, 96, 40]) });
  await manager.locator('.image-field img[src*="/api/menu-images/"]').waitFor({ timeout: 15_000 });
  await manager.getByRole("button", { name: "Gem", exact: true }).click();
  await manager.locator(".saved-note").getByText("Gemt").waitFor();
  await look(manager, "desktop-da-product-saved");

  // A new choice, then placed in the product's sides group.
  await manager.goto(menuPath("/options/choices/new"));
  await manager.getByLabel("Navn (dansk)", { exact: true }).fill(NEW_CHOICE.da);
  await manager.getByLabel("Navn (engelsk)", { exact: true }).fill(NEW_CHOICE.en);
  await manager.getByLabel("Standardpris", { exact: true }).fill(NEW_CHOICE.price);
  await manager.getByRole("button", { name: "Gem", exact: true }).click();
  await manager.waitForURL(/\/options\/choices\/\d+$/);
  await look(manager, "desktop-da-choice-saved");
  await manager.goto(menuPath(`/options/groups/${sides.id}`));
  await manager.getByLabel("Tilføj valg", { exact: true }).selectOption({ label: NEW_CHOICE.da });
  await manager.getByRole("button", { name: "Tilføj", exact: true }).click();
  await manager.locator(".group-name", { hasText: NEW_CHOICE.da }).waitFor();
  await look(manager, "desktop-da-group-choice-added");

  // A category moved up by keyboard: Tilbehør before Salater.
  await manager.goto(menuPath());
  await tabTo(manager, manager.getByRole("button", { name: "Flyt Tilbehør op" }));
  await manager.keyboard.press("Enter");
  await manager.getByRole("status").filter({ hasText: "Tilbehør er flyttet til plads" }).waitFor();
  await look(manager, "desktop-da-menu-moved");
  const { body: edited } = await adminGet(manager, `/restaurants/${id}/menu-editor`);
  const categoryOrder = edited.menus.find((m) => m.active).categories.map((c) => c.name["da-DK"]);
  assert.ok(categoryOrder.indexOf("Tilbehør") < categoryOrder.indexOf("Salater"), "saved in the new order");

  // Sold out from the availability screen, found by its new name.
  const dialog = await availabilityDialog(manager, id);
  await dialog.getByLabel("Find en vare eller et tilvalg").fill("husets");
  await dialog.getByRole("button", { name: new RegExp(`^${NEW_NAME}`) }).click();
  await dialog.getByRole("button", { name: "Jeg melder den tilbage" }).click();
  await dialog
    .getByRole("status")
    .filter({ hasText: `${NEW_NAME} er udsolgt.` })
    .waitFor();
  await dialog.locator(".sold-out-item", { hasText: NEW_NAME }).waitFor();
  assert.deepEqual(await seriousAxeViolations(manager), [], "axe on the availability dialog");
  await screenshot(manager, "menu-edits-desktop-da-sold-out");
  await dialog.getByRole("button", { name: "Luk" }).click();

  // A discount code of 25 kr. off the order.
  await manager.goto(product.url("localhost", `/admin/restaurants/${id}/discount-codes`));
  const form = manager.locator("form").filter({ has: manager.getByRole("button", { name: "Opret kode" }) });
  await form.getByLabel("Kode", { exact: true }).fill(CODE.toLowerCase());
  await form.getByLabel("Rabat", { exact: true }).selectOption("amount");
  await form.getByLabel("Beløb i kr.", { exact: true }).fill("25,00");
  await form.getByRole("button", { name: "Opret kode" }).click();
  await manager.getByRole("article", { name: CODE }).getByText("Brugt 0 gange · ingen grænse").waitFor();
  await look(manager, "desktop-da-discount-code");

  // 3. The guest: one reload, and every change is there.
  const figuresBefore = (await adminGet(manager, `/restaurants/${id}/figures`)).body;
  await guest.reload();
  await guest.getByRole("heading", { level: 1, name: "Burgere" }).waitFor();
  const renamed = card(guest, NEW_NAME);
  await renamed.waitFor();
  assert.equal(await card(guest, "Classic burger").count(), 0, "the old name is gone");
  // The storefront joins the amount and "kr." with a no-break space.
  assert.equal(await renamed.locator(".product-current-price").innerText(), `${NEW_PRICE}\u00a0kr.`);
  await renamed.getByText("Udsolgt", { exact: true }).waitFor();
  const image = renamed.locator("img.product-image");
  await guest.waitForFunction(
    (img) => img.complete && img.naturalWidth > 0 && /\/api\/menu-images\//.test(img.currentSrc),
    await image.elementHandle(),
  );
  assert.match(await image.getAttribute("srcset"), /\/api\/menu-images\/\S+ 320w, .*640w, .*1280w/);
  // The new choice, on another burger with the same group (the sold-out one offers nothing to choose).
  await guest.getByRole("button", { name: "Vælg tilvalg: Cheeseburger" }).click();
  const cheesePanel = guest.getByRole("region", { name: "Vælg tilvalg: Cheeseburger" });
  const cheeseSides = cheesePanel.locator(".modifier-group", { hasText: "Vælg tilbehør" });
  await cheeseSides.locator(".modifier-choice", { hasText: NEW_CHOICE.da }).waitFor();
  await screenshot(guest, "menu-edits-phone-da-storefront-burgers");
  await guest.getByRole("button", { name: "Vælg tilvalg: Cheeseburger" }).click();
  // The category order, as the manager left it (the lunch category comes and goes with the clock).
  await guest.getByRole("link", { name: "Tilbehør", exact: true }).first().waitFor();
  const seen = (await categoryNames(guest)).filter((name) => categoryOrder.includes(name));
  assert.ok(seen.includes("Tilbehør") && seen.includes("Salater"), `the guest's categories: ${seen}`);
  assert.deepEqual(
    seen,
    categoryOrder.filter((name) => seen.includes(name)),
    "the guest's categories in the saved order",
  );

  // The manager restores the product; the guest's next category visit (no reload) can order it.
  const again = await availabilityDialog(manager, id);
  const restore = again.locator(".sold-out-item", { hasText: NEW_NAME }).getByRole("button");
  await restore.click();
  await again
    .getByRole("status")
    .filter({ hasText: `${NEW_NAME} kan bestilles igen.` })
    .waitFor();
  await again.locator(".sold-out-item", { hasText: NEW_NAME }).waitFor({ state: "detached" });
  await again.getByRole("button", { name: "Luk" }).click();
  await openCategory(guest, "Tilbehør");
  await openCategory(guest, "Burgere");
  await guest.getByRole("button", { name: `Vælg tilvalg: ${NEW_NAME}` }).click();
  const panel = guest.getByRole("region", { name: `Vælg tilvalg: ${NEW_NAME}` });
  await panel
    .locator(".modifier-group", { hasText: "Vælg tilbehør" })
    .getByRole("button", { name: `Tilføj ${NEW_CHOICE.da}`, exact: true })
    .click();
  await panel.getByRole("button", { name: /^Læg i kurven/ }).click();
  await guest.waitForFunction(() => /1 vare$/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));
  await guest.locator(".minicart-button").click();
  await guest.getByRole("dialog", { name: "Din bestilling" }).getByRole("button", { name: "Gå til kassen" }).click();
  await guest.waitForURL(/\/precheckout$/);
  await guest.getByRole("button", { name: "Fortsæt til kassen" }).first().click();
  await guest.waitForURL(/\/checkout$/);
  await guest.getByLabel(/^Navn/).fill(GUEST.name);
  await guest.getByLabel(/^Telefonnummer/).fill(GUEST.phone);
  await guest.getByLabel(/^E-mail/).fill(GUEST.email);
  await guest.getByRole("radio", { name: "Afhentning", exact: true }).check();
  await chooseDanishPickupTime(guest);
  await guest.getByRole("radio", { name: "Jeg medbringer selv en pose" }).check();
  await guest.getByRole("textbox", { name: "Rabatkode" }).fill(CODE.toLowerCase());
  await guest.getByRole("button", { name: "Brug kode" }).click();
  await guest.getByText(`Rabatkode ${CODE}`).first().waitFor();
  await guest.getByRole("radio", { name: "Betal ved afhentning" }).check();
  await guest.getByRole("checkbox", { name: "Jeg accepterer handelsbetingelserne" }).check();
  await screenshot(guest, "menu-edits-phone-da-checkout-code");
  await guest.getByRole("button", { name: "Afgiv bestilling" }).click();
  await guest.waitForURL(/\/confirmation$/);
  const { orderId } = await guest.evaluate(() => JSON.parse(sessionStorage.getItem("confirmedOrder")));
  const order = await (await guestApi("localhost")).get(`/api/order/${orderId}`);
  assert.deepEqual(order.discounts, [{ code: CODE, amount: CODE_AMOUNT }]);
  // The line at the new price with the new choice (22 kr. beyond the one side the burger includes).
  assert.equal(order.products.length, 1);
  const [line] = order.products;
  assert.equal(line.name, NEW_NAME);
  assert.deepEqual(
    line.choices.filter((choice) => choice.price > 0).map((choice) => [choice.name, choice.price]),
    [[NEW_CHOICE.da, 22]],
  );
  assert.equal(line.price, 135.5 + 22);
  assert.equal(order.totalAmount, round(order.basketTotal - CODE_AMOUNT));
  await guest.getByText(`Rabat (${CODE})`).waitFor();
  await screenshot(guest, "menu-edits-phone-da-confirmation");

  // 4. The manager's view of the order and today's figures, as the admin API gives them.
  const admin = (await adminGet(manager, `/orders/${orderId}`)).body;
  assert.equal(admin.total, order.totalAmount, "the admin order's total is the guest's");
  assert.deepEqual(admin.discounts, [{ code: CODE, amount: CODE_AMOUNT }]);
  await manager.goto(product.url("localhost", `/admin/restaurants/${id}/orders/${orderId}`));
  await manager.getByRole("heading", { level: 1, name: `Ordre #${admin.receiptNumber}` }).waitFor();
  const lines = manager.getByRole("region", { name: "Varer" });
  await lines.getByRole("rowheader", { name: new RegExp(`^${NEW_NAME} \\(.*${NEW_CHOICE.da}`) }).waitFor();
  const money = lines.locator(".order-money");
  assert.equal(await money.locator("div", { hasText: CODE }).locator("dd").innerText(), `−${price(CODE_AMOUNT)}`);
  assert.equal(await money.locator(".order-total dd").innerText(), price(order.totalAmount));
  await look(manager, "desktop-da-order-page");

  await manager.goto(product.url("localhost", `/admin/restaurants/${id}/figures`));
  await manager.locator(".key-figures").waitFor();
  const figures = (await adminGet(manager, `/restaurants/${id}/figures`)).body;
  assert.equal(figures.orders, figuresBefore.orders + 1, "one more order today");
  assert.equal(round(figures.sales - figuresBefore.sales), order.totalAmount, "sales grew by the order's total");
  assert.equal(round(figures.discounts - figuresBefore.discounts), CODE_AMOUNT, "discounts grew by the code's");
  const keyValue = (name) =>
    manager
      .locator(".key-figure")
      .filter({ has: manager.getByText(name, { exact: true }) })
      .locator(".key-value")
      .innerText();
  assert.equal(await keyValue("Ordrer"), String(figures.orders));
  assert.equal(await keyValue("Salg"), kr(figures.sales));
  assert.equal(await keyValue("Rabatter givet"), kr(figures.discounts));
  await look(manager, "desktop-da-figures");

  // 5. Restaurant B: not the manager's, in the UI and in the admin API.
  const restaurantB = (await guestApi("127.0.0.1")).module.productionUnitId;
  assert.notEqual(restaurantB, id);
  for (const path of ["/orders", "/kitchen", "", "/menu", "/figures", "/discount-codes"]) {
    await manager.goto(product.url("localhost", `/admin/restaurants/${restaurantB}${path}`));
    await manager.getByRole("heading", { level: 1, name: "Siden findes ikke" }).waitFor();
    await manager.getByText("Siden findes ikke, eller din konto kan ikke åbne den.").waitFor();
  }
  await look(manager, "desktop-da-restaurant-b");
  for (const path of ["", "/menu-editor", "/figures", "/discount-codes", "/availability"]) {
    assert.equal((await adminGet(manager, `/restaurants/${restaurantB}${path}`)).status, 404, `B${path || " itself"}`);
  }
  await manager.close();
  await guest.close();
});

test("no CSP violation and no console error on any page of either context", () => {
  assert.deepEqual(product.cspViolations, []);
  assert.deepEqual(product.consoleErrors, []);
});

/** Sums of øre-exact amounts in DKK, kept exact to the øre. */
const round = (dkk) => Math.round(dkk * 100) / 100;
