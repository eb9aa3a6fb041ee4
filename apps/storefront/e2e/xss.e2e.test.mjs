// Issue 11, case 12 (XSS): the 30 payloads of apps/api/src/testing/xss-payloads.json typed into the guest's name,
// order comment, email and delivery address of the real storefront (npm start, fresh DATA_DIR, restaurant A, which
// delivers), through whole orders paid on the test provider's hosted page, /payment, /order and /confirmation.
// Every payload that runs calls window.__xss(id) (exposed here) or opens a dialog; the storefront's CSP would
// refuse most of them, and a refusal is a violation (event and console) the test counts too. The API refuses an
// email that is not one plain mailbox (4xx): the storefront shows its field error and nothing runs.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { checkSecondTimeOfFirstDateWithTwo, createHarness, DESKTOP } from "./harness.mjs";

/** @type {{ id: number; vector: string; payload: string }[]} */
const PAYLOADS = JSON.parse(readFileSync(new URL("../../api/src/testing/xss-payloads.json", import.meta.url), "utf8"));
/** Payload i of order k: each order carries four (name, comment, address, email), so 8 orders carry all 30. */
const FIELDS = ["name", "comment", "address", "email"];
const ORDERS = Math.ceil(PAYLOADS.length / FIELDS.length);

const product = createHarness();
const HOST = "localhost";
const GUEST = { phone: "20304050", email: "anna@example.dk" };
/** The figures the run prints at the end. */
const figures = {
  orders: 0,
  scriptsRan: [],
  dialogs: [],
  cspViolations: [],
  emailsRefused: 0,
  storefrontEmailErrors: 0,
  /** Presses of Place order that nothing followed (see placeOrderToHostedPage). */
  ignoredPresses: [],
};

before(product.start);
after(async () => {
  console.log(
    `xss: ${PAYLOADS.length} payloads, ${figures.orders} orders, ${figures.scriptsRan.length} scripts ran, ` +
      `${figures.dialogs.length} dialogs, ${figures.cspViolations.length} CSP violations, ` +
      `${figures.emailsRefused} emails refused by the API, ${figures.storefrontEmailErrors} shown refused by the storefront, ` +
      `${figures.ignoredPresses.length} presses of Place order nothing followed`,
  );
  for (const state of figures.ignoredPresses) console.log(`xss: a press of Place order nothing followed: ${state}`);
  await product.stop();
});

/**
 * A page that records what would show a payload running: calls of window.__xss (in every frame, srcdoc
 * iframes call parent.__xss), dialogs, and CSP violations (the harness's console listener sees them too).
 */
async function watchedPage() {
  const page = await product.newPage(DESKTOP);
  const seen = { ran: [], dialogs: [], csp: [], refusals: [] };
  await page.exposeFunction("__xss", (id) => {
    seen.ran.push(id);
    figures.scriptsRan.push(id);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) seen.refusals.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on("dialog", (dialog) => {
    seen.dialogs.push(dialog.message());
    figures.dialogs.push(dialog.message());
    void dialog.dismiss().catch(() => {});
  });
  page.on("console", (message) => {
    if (/Refused to|Content Security Policy|CSP violation/i.test(message.text())) {
      seen.csp.push(message.text());
      figures.cspViolations.push(message.text());
    }
  });
  await page.addInitScript(() => {
    localStorage.setItem("language", "en-US");
  });
  return { page, seen };
}

function assertNothingRan(seen, where) {
  assert.deepEqual(seen.ran, [], `${where}: payloads that ran`);
  assert.deepEqual(seen.dialogs, [], `${where}: dialogs`);
  assert.deepEqual(seen.csp, [], `${where}: CSP violations`);
}

/** Logged in on restaurant A in English, one Coca-Cola in the basket, on /checkout. */
async function guestAtCheckout(page) {
  await page.goto(product.url(HOST));
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.getByLabel("Username").fill("e2e-guest");
  await page.getByLabel("Password").fill(String(await product.productionUnitIdOf(HOST)));
  await page.getByRole("button", { name: "Log in" }).click();
  await page.locator(".category-tile").first().waitFor();
  await page.getByRole("link", { name: "Drinks", exact: true }).first().click();
  await page.getByRole("heading", { level: 1, name: "Drinks" }).waitFor();
  await page.getByRole("button", { name: "Add Coca-Cola", exact: true }).first().click();
  await page.waitForFunction(() => /\b1\b/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));
  await page.goto(product.url(HOST, "/checkout"));
  await page.getByRole("heading", { level: 1, name: "Complete your order" }).waitFor();
  await page.getByRole("button", { name: "Place order" }).waitFor();
}

const fieldOf = (page) => ({
  name: page.getByLabel(/^Name/),
  comment: page.getByRole("textbox", { name: "Comment for the restaurant" }),
  address: page.getByLabel(/^Address/),
  email: page.getByLabel(/^Email/),
  phone: page.getByLabel(/^Phone number/),
  zip: page.getByLabel(/^Zipcode/),
});

const NO_DELIVERY_TIMES = "Sorry, there are no available times";

/** Delivery to `address` in 2200 (restaurant A's zone), at a time the kitchen can still make when the order is placed. */
async function deliverTo(page, address) {
  const fields = fieldOf(page);
  await page.getByRole("radio", { name: "Delivery", exact: true }).check();
  await fields.address.fill(address);
  await fields.zip.fill("2200");
  await page.getByRole("button", { name: "Check address" }).click();
  await page.getByText("We deliver to this address").waitFor();
  const dates = page.getByRole("group", { name: "Delivery date" }).getByRole("radio");
  await dates.first().waitFor();
  await checkSecondTimeOfFirstDateWithTwo({
    dates,
    times: page.getByRole("group", { name: "Delivery time" }).getByRole("radio", { name: /^\d\d:\d\d$/ }),
    noTimes: page.getByText(NO_DELIVERY_TIMES),
  });
}

/**
 * Places the order. Now and then a press of Place order is followed by no request at all and nothing on the
 * page changes (seen on about one order in eight, on any payloads; not yet explained): the state the page was
 * in is recorded for the report and the guest presses once more, as a guest would. When the hosted page still
 * does not come, the test fails with the answers refused and what the page says (screenshot in e2e/artifacts).
 */
async function placeOrderToHostedPage(page, seen) {
  const button = page.getByRole("button", { name: "Place order" });
  let requests = 0;
  page.on("request", () => {
    requests += 1;
  });
  await button.click();
  const reached = await page
    .waitForURL(/\/api\/payment\/test\//, { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (reached) return;
  if (requests === 0) {
    figures.ignoredPresses.push(await pageStateOf(page));
    await button.click();
  }
  try {
    await page.waitForURL(/\/api\/payment\/test\//);
  } catch (error) {
    await product.screenshot(page, `xss-no-hosted-page-${Date.now()}`).catch(() => {});
    const shown = await page
      .locator("main")
      .innerText()
      .catch(() => "");
    throw new Error(
      `no hosted page at ${page.url()} (refused: ${seen.refusals.join(", ")}); the page says: ${shown.replace(/\s+/g, " ")}`,
      { cause: error },
    );
  }
}

/** What a press of Place order saw: the button, the terms, the checked radios (time, method) and the focus. */
function pageStateOf(page) {
  return page.evaluate(() => {
    const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Place order");
    const terms = [...document.querySelectorAll('input[type="checkbox"]')].map((c) => c.checked).join(",");
    const radios = [...document.querySelectorAll("input[type=radio]:checked")].map((r) => `${r.name}=${r.value}`);
    const focused = document.activeElement;
    return `button disabled=${button?.disabled}, checkboxes ${terms}, radios ${radios.join(" ")}, focus ${focused?.tagName} ${focused?.getAttribute("name") ?? ""}`;
  });
}

/** The payloads of order k, by field. */
function payloadsOfOrder(k) {
  return Object.fromEntries(FIELDS.map((field, i) => [field, PAYLOADS[(k * FIELDS.length + i) % PAYLOADS.length]]));
}

test("every payload, as email, is refused by the API (4xx) and stored nowhere", async () => {
  const unit = await product.productionUnitIdOf(HOST);
  const { token } = await (await fetch(product.url(HOST, `/api/token/${unit}`))).json();
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const module = await (await fetch(product.url(HOST, `/api/module/domain/${HOST}`))).json();
  const query = new URLSearchParams({ instanceId: module.checkoutInstanceId, moduleId: module.id });
  const created = await fetch(product.url(HOST, `/api/checkout?${query}`), { method: "POST", headers: auth });
  assert.ok(created.ok, `create checkout: ${created.status} ${await created.clone().text()}`);
  const checkout = await created.json();
  for (const { id, payload } of PAYLOADS) {
    const response = await fetch(product.url(HOST, `/api/checkout/${checkout.id}/guestInformation`), {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ name: "Anna", phone: GUEST.phone, email: `${payload}@example.dk`, orderComment: null }),
    });
    assert.ok(response.status >= 400 && response.status < 500, `payload ${id} as email: ${response.status}`);
    figures.emailsRefused += 1;
  }
  const after = await (await fetch(product.url(HOST, `/api/checkout/${checkout.id}`), { headers: auth })).json();
  assert.equal(after.guestInformation.email, null);
});

test("each payload in all four fields of one checkout (the address checked by the server) shows as typed; nothing runs", async () => {
  const { page, seen } = await watchedPage();
  await guestAtCheckout(page);
  const fields = fieldOf(page);
  await page.getByRole("radio", { name: "Delivery", exact: true }).check();
  await fields.zip.fill("2200");
  await fields.phone.fill(GUEST.phone);
  await page.getByRole("checkbox", { name: "I accept the terms of trade" }).check();
  // A first attempt turns the field errors on: from then on they follow what is typed.
  await page.getByRole("button", { name: "Place order" }).click();
  for (const { id, payload } of PAYLOADS) {
    const typed = { name: payload, comment: payload, address: payload, email: `${payload}@example.dk` };
    for (const field of FIELDS) await fields[field].fill(typed[field]);
    await page.getByRole("button", { name: "Check address" }).click();
    await page.getByText("We deliver to this address").waitFor();
    await page.getByText("Your input is invalid").waitFor();
    for (const field of FIELDS) assert.equal(await fields[field].inputValue(), typed[field], `payload ${id} ${field}`);
    assertNothingRan(seen, `payload ${id} in every field`);
  }
  assert.match(page.url(), /\/checkout$/);
  await page.close();
});

for (let k = 0; k < ORDERS; k++) {
  const given = payloadsOfOrder(k);
  const ids = FIELDS.map((field) => `${field} #${given[field].id}`).join(", ");
  test(`order ${k + 1} (${ids}): typed, refused email shown, paid on the hosted page, confirmed; nothing runs`, async () => {
    const { page, seen } = await watchedPage();
    await guestAtCheckout(page);
    const fields = fieldOf(page);
    await deliverTo(page, given.address.payload);
    await fields.name.fill(given.name.payload);
    await fields.phone.fill(GUEST.phone);
    await fields.email.fill(`${given.email.payload}@example.dk`);
    await fields.comment.fill(given.comment.payload);
    const typed = {
      name: given.name.payload,
      comment: given.comment.payload,
      address: given.address.payload,
      email: `${given.email.payload}@example.dk`,
    };
    /** What the guest typed shows as they typed it: text, never markup. */
    const assertShownAsTyped = async () => {
      for (const field of FIELDS) assert.equal(await fields[field].inputValue(), typed[field], field);
    };
    await assertShownAsTyped();

    // A reload renders them again from the stored checkout session (the address the server accepted); the
    // checkout starts again without its delivery, so the address is checked again.
    await page.reload();
    await page.getByRole("button", { name: "Place order" }).waitFor();
    await assertShownAsTyped();
    await deliverTo(page, given.address.payload);
    await page.getByRole("checkbox", { name: "I accept the terms of trade" }).check();

    // The email is no plain mailbox: the field says so and the order stays here.
    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByText("Your input is invalid").waitFor();
    figures.storefrontEmailErrors += 1;
    assert.match(page.url(), /\/checkout$/);
    await assertShownAsTyped();
    assertNothingRan(seen, `order ${k + 1} at the checkout`);

    await fields.email.fill(GUEST.email);
    // The field error goes as the email becomes valid: the page holds the new email before the order is placed.
    await page.getByText("Your input is invalid").waitFor({ state: "hidden" });
    await placeOrderToHostedPage(page, seen);
    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.waitForURL(/\/payment\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: "Payment completed" }).waitFor();
    await page.waitForURL(/\/confirmation$/);
    await page.getByRole("heading", { level: 1, name: "Thank you, your order has been accepted" }).waitFor();
    await page.getByText(`Your receipt is sent by email to ${GUEST.email}`).waitFor();
    figures.orders += 1;
    assertNothingRan(seen, `order ${k + 1}`);
    await page.close();
  });
}

test("no page reported a console error or CSP violation", () => {
  assert.deepEqual(product.cspViolations, []);
  assert.deepEqual(product.consoleErrors, []);
});
