// Issue 45 point 6 in the browser: a guest's card-paid order of restaurant A (placed over the guest API, approved
// on the test provider's page); its owner opens the order from the order card, refunds one unit of a line through
// the Refund dialog, and sees the result and the refund on the page. Both languages, phone and desktop, axe-clean;
// screenshots in e2e/artifacts. The real product (npm start) on a fresh DATA_DIR.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  createHarness,
  DESKTOP,
  demoLogin,
  PHONE,
  screenshot,
  seriousAxeViolations,
  tabTo,
  until,
} from "./harness.mjs";

const product = createHarness();
const TABLET = { width: 820, height: 1180 };
before(product.start);
after(product.stop);

const TEXT = {
  "da-DK": {
    email: "E-mail",
    password: "Adgangskode",
    signIn: "Log ind",
    openPage: "Åbn ordren (refusion)",
    refund: "Refundér…",
    chosen: "Valgte varer",
    reason: "Begrundelse",
    reasonRequired: "Skriv en begrundelse.",
    willRefund: /Der refunderes [\d.,]+\u00a0kr\./,
    done: /Refunderet [\d.,]+\u00a0kr\.: [\d.,]+\u00a0kr\. tilbage til kort\/MobilePay\. Gæsten får besked\./,
    cancel: "Annullér",
    wholeOrder: "Hele ordren",
    kitchenRefunded: "Refunderet: alt er betalt tilbage",
    startService: "Start service",
    refunded: "Refunderet",
  },
  "en-US": {
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    openPage: "Open the order (refund)",
    refund: "Refund…",
    chosen: "Chosen items",
    reason: "Reason",
    reasonRequired: "Write a reason.",
    willRefund: /[\d.,]+\u00a0DKK will be refunded/,
    cancel: "Cancel",
    wholeOrder: "The whole order",
    refunded: "Refunded",
  },
};

/** A card order of restaurant A: two units of one product and one of another, paid on the test provider's page. */
async function placePaidOrder() {
  const base = product.url("localhost", "");
  const json = async (res) => {
    const text = await res.text();
    if (!res.ok) throw new Error(`${res.status} ${res.url}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const module = await json(await fetch(`${base}/api/module/domain/localhost`));
  const { token } = await json(await fetch(`${base}/api/token/${module.productionUnitId}`));
  const auth = { authorization: `Bearer ${token}` };
  const get = async (path) => json(await fetch(`${base}${path}`, { headers: auth }));
  const post = (path, body) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: body ? { ...auth, "content-type": "application/json" } : auth,
      body: body ? JSON.stringify(body) : undefined,
    });
  const [menu] = await get(`/api/menu?instanceId=${module.menuInstanceId}`);
  const categories = await get(`/api/category/menu/${menu.id}?instanceId=${module.productInstanceId}`);
  const basket = await get("/api/basket");
  let added = 0;
  for (const { productId } of categories.flatMap((category) => category.products)) {
    const amount = added === 0 ? 2 : 1;
    if ((await post(`/api/basket/${basket.id}/products`, { productId, amount, choices: [] })).ok) added++;
    if (added === 2) break;
  }
  assert.equal(added, 2, "two products without required options");
  const checkout = await json(
    await post(`/api/checkout?instanceId=${module.checkoutInstanceId}&moduleId=${module.id}`),
  );
  await json(await post(`/api/checkout/${checkout.id}/basket?basketId=${basket.id}`));
  let slot;
  for (const daysAhead of [0, 1]) {
    const day = new Date(Date.now() + daysAhead * 86_400_000);
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen" }).format(day);
    const slots = await json(
      await post(`/api/availableordertime/${checkout.id}`, {
        productionUnitId: module.productionUnitId,
        date,
        capacityInstanceId: module.capacityInstanceId,
      }),
    );
    slot = slots.find((s) => s.isAvailable);
    if (slot) break;
  }
  assert.ok(slot, "a pickup time today or tomorrow");
  await json(
    await post(`/api/checkout/${checkout.id}/guestInformation`, {
      name: "Mette Hansen",
      phone: "12345678",
      email: "mette@example.dk",
      orderReadyTime: slot.time,
    }),
  );
  await json(
    await post(`/api/order/validate?checkoutId=${checkout.id}`, { productionUnitId: module.productionUnitId }),
  );
  const query = new URLSearchParams({
    moduleId: String(module.id),
    continuationUrl: `${base}/payment/${checkout.id}`,
    cancellationUrl: `${base}/checkout`,
    paymentMethods: "card",
  });
  const payment = await json(await post(`/api/checkout/${checkout.id}/payment?${query}`));
  // Started without a language: the TEST provider's page is in Danish.
  const page = await product.newPage(PHONE);
  await page.goto(payment.paymentUrl);
  await page.getByRole("button", { name: "Godkend betaling" }).click();
  await page.waitForURL(new RegExp(`/payment/${checkout.id}$`));
  await page.close();
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const { orderId } = await get(`/api/checkout/${checkout.id}`);
    if (orderId) return { orderId, unit: module.productionUnitId };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the paid order was not placed");
}

/** Restaurant A's owner signed in, in `language`, on a page of `viewport`. */
async function ownerPage(language, viewport) {
  const t = TEXT[language];
  const page = await product.newPage(viewport);
  await page.addInitScript((lang) => localStorage.setItem("backoffice.language", lang), language);
  const owner = demoLogin("Owner", "A");
  await page.goto(product.url("localhost", "/admin/sign-in"));
  await page.getByLabel(t.email, { exact: true }).fill(owner.email);
  await page.getByLabel(t.password, { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: t.signIn }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/sign-in"));
  return page;
}

const alertPlaying = (page) => page.locator('audio[data-sound="new-order"]').evaluate((audio) => !audio.paused);

async function assertAxeClean(page, where) {
  assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${where}`);
}

/** Full-page screenshots of the page at phone and desktop size. */
async function shoot(page, name) {
  for (const [size, viewport] of [
    ["390x844", PHONE],
    ["1280x800", DESKTOP],
  ]) {
    await page.setViewportSize(viewport);
    await screenshot(page, `refunds-${name}-${size}`);
  }
}

test("an owner refunds one unit of a line of a paid order from its page, in Danish; the page in English too", async () => {
  const { orderId, unit } = await placePaidOrder();
  const da = TEXT["da-DK"];
  const page = await ownerPage("da-DK", DESKTOP);

  // From the order card on the orders page, by keyboard.
  await page.goto(product.url("localhost", `/admin/restaurants/${unit}/orders`));
  const card = page.locator(".order-card").first();
  await card.locator(".order-toggle").click();
  const link = page.getByRole("link", { name: da.openPage }).first();
  await tabTo(page, link);
  await page.keyboard.press("Enter");
  await page.waitForURL(new RegExp(`/orders/${orderId}$`));
  await page.getByRole("heading", { level: 1, name: /^Ordre #\d+$/ }).waitFor();
  await assertAxeClean(page, "the order page (da-DK)");
  await shoot(page, "page-da");

  // The dialog: a line's unit, no reason first (refused on its field), then a reason; the preview says how.
  await page.setViewportSize(DESKTOP);
  await page.getByRole("button", { name: da.refund }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("radio", { name: da.chosen }).check();
  const firstLine = dialog.getByRole("combobox").first();
  await firstLine.selectOption("1");
  await dialog.getByText(da.willRefund).waitFor();
  await dialog.getByRole("button", { name: /^Refundér [\d.,]+ kr\.$/ }).click();
  await dialog.getByText(da.reasonRequired).waitFor();
  assert.equal(await dialog.getByLabel(da.reason).evaluate((el) => el === document.activeElement), true);
  await page.keyboard.type("Burgeren var kold");
  await assertAxeClean(page, "the Refund dialog (da-DK)");
  await shoot(page, "dialog-da");
  await page.setViewportSize(DESKTOP);
  const confirm = dialog.getByRole("button", { name: /^Refundér [\d.,]+ kr\.$/ });
  const amount = (await confirm.textContent()).replace("Refundér ", "");
  await tabTo(page, confirm);
  await page.keyboard.press("Enter");

  const done = page.getByRole("status").filter({ hasText: da.done });
  await done.waitFor();
  assert.match(await done.textContent(), new RegExp(`Refunderet ${amount.replace(/[.]/g, "\\.")}`));
  await page.getByText("Begrundelse: Burgeren var kold").waitFor();
  await assertAxeClean(page, "the order page after the refund (da-DK)");
  await shoot(page, "refunded-da");

  // The server agrees: one refund of a line, the amount shown.
  const state = await page.evaluate(
    async (id) => (await fetch(`/api/admin/orders/${id}/refunds`, { headers: { accept: "application/json" } })).json(),
    orderId,
  );
  assert.equal(state.refunds.length, 1);
  assert.equal(state.refunds[0].kind, "lines");
  assert.equal(state.refunds[0].lines[0].amount, 1);
  await page.close();

  // English: the page and the dialog, at both sizes.
  const en = TEXT["en-US"];
  const english = await ownerPage("en-US", PHONE);
  await english.goto(product.url("localhost", `/admin/restaurants/${unit}/orders/${orderId}`));
  await english.getByRole("heading", { level: 1, name: /^Order #\d+$/ }).waitFor();
  await assertAxeClean(english, "the order page (en-US)");
  await shoot(english, "page-en");
  await english.getByRole("button", { name: en.refund }).click();
  const enDialog = english.getByRole("dialog");
  await enDialog.getByRole("radio", { name: en.chosen }).check();
  await enDialog.getByRole("combobox").first().selectOption("1");
  await enDialog.getByText(en.willRefund).waitFor();
  await assertAxeClean(english, "the Refund dialog (en-US)");
  await shoot(english, "dialog-en");
  await english.keyboard.press("Escape");
  await enDialog.waitFor({ state: "detached" });
  await english.close();
  assert.deepEqual(product.cspViolations, []);
  assert.deepEqual(product.consoleErrors, []);
});

/** The order as the back office reads it, asked from a signed-in page. */
const orderAsStaffSee = (page, orderId) =>
  page.evaluate(
    async (id) => (await fetch(`/api/admin/orders/${id}`, { headers: { accept: "application/json" } })).json(),
    orderId,
  );

test("a whole-order refund of a new order: its lines and the page say refunded, its card too, and it stops ringing", async () => {
  const da = TEXT["da-DK"];
  // The orders page as the kitchen keeps it open, service on: the new order rings.
  const screen = await ownerPage("da-DK", DESKTOP);
  const { orderId, unit } = await placePaidOrder();
  await screen.goto(product.url("localhost", `/admin/restaurants/${unit}/orders`));
  await screen.getByRole("button", { name: da.startService }).click();
  const { receiptNumber } = await orderAsStaffSee(screen, orderId);
  const card = screen.locator(".order-card").filter({ hasText: `#${receiptNumber}` });
  await card.locator(".new-badge").waitFor();
  await until(() => alertPlaying(screen), "the new order's alert plays", 5_000);

  // Refunded in full from the order's page, without anyone opening the card.
  const page = await ownerPage("da-DK", DESKTOP);
  await page.goto(product.url("localhost", `/admin/restaurants/${unit}/orders/${orderId}`));
  await page.getByRole("button", { name: da.refund }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("radio", { name: da.wholeOrder }).check();
  await dialog.getByLabel(da.reason).fill("Gæsten ringede og aflyste");
  await dialog.getByRole("button", { name: /^Refundér [\d.,]+ kr\.$/ }).click();
  await page.getByRole("status").filter({ hasText: da.done }).waitFor();

  // The page: status still Ny (refusing an order is the kitchen's reject), plainly marked refunded; every line refunded.
  const facts = page.locator(".order-page-facts");
  await facts.getByText(da.refunded, { exact: true }).waitFor();
  assert.match(await facts.innerText(), /Ny/);
  const refundedColumn = await page
    .locator(".order-page-table tbody tr")
    .evaluateAll((rows) => rows.map((row) => row.lastElementChild.textContent.trim()));
  assert.equal(refundedColumn.length, 2);
  for (const cell of refundedColumn) assert.match(cell, /^\d+ · [\d.,]+\s?kr\.$/, `a refunded line, not ${cell}`);
  await assertAxeClean(page, "the order page refunded in full (da-DK)");
  await shoot(page, "whole-order-da");

  // The kitchen's card says so at once (the order.refunded event), is no longer unseen, and the alert stops.
  await card.locator(".badge.refunded").filter({ hasText: da.refunded }).waitFor({ timeout: 3_000 });
  assert.equal(await card.locator(".new-badge").count(), 0, "no longer shown as unseen");
  await until(async () => !(await alertPlaying(screen)), "the alert stops for an order refunded in full", 5_000);
  await assertAxeClean(screen, "the orders page with a refunded order (da-DK)");
  await screenshot(screen, "refunds-whole-order-card-da-1280x800");
  await screen.setViewportSize(TABLET);
  await screenshot(screen, "refunds-whole-order-card-da-820x1180");

  // Made anyway (a goodwill refund): accepted, its tile on the kitchen display says it was refunded.
  await card.locator(".order-toggle").click();
  await card
    .getByRole("button", { name: /^Acceptér/ })
    .first()
    .click();
  // Leaving the page before the accept is answered would cancel it: wait until the order says accepted.
  await until(
    async () => (await orderAsStaffSee(screen, orderId)).kitchenStatus === "accepted",
    "the refunded order is accepted",
    5_000,
  );
  await screen.goto(product.url("localhost", `/admin/restaurants/${unit}/kitchen`));
  const tile = screen.getByRole("article", { name: `Ordre #${receiptNumber}` });
  await tile.getByText(da.kitchenRefunded).waitFor();
  await assertAxeClean(screen, "the kitchen display with a refunded order (da-DK)");
  await screenshot(screen, "refunds-whole-order-kitchen-da-820x1180");
  await screen.close();

  // English: the same page says Refunded.
  const english = await ownerPage("en-US", PHONE);
  await english.goto(product.url("localhost", `/admin/restaurants/${unit}/orders/${orderId}`));
  await english.locator(".order-page-facts").getByText(TEXT["en-US"].refunded, { exact: true }).waitFor();
  await assertAxeClean(english, "the order page refunded in full (en-US)");
  await shoot(english, "whole-order-en");
  await english.close();
  await page.close();
  assert.deepEqual(product.cspViolations, []);
  assert.deepEqual(product.consoleErrors, []);
});
