// The guest's way from /checkout to /confirmation (SPEC §2, §4, §5), in Debian's Chromium on the real product
// (npm start, fresh DATA_DIR): paid on the built-in test provider's hosted page, declined, cancelled, paid at
// pickup, paid by a gift card, with a discount code, refused fields, no times left, delivery refused, the
// maintenance flag, and the whole order by keyboard alone. Every page of the journey is screenshotted into
// e2e/artifacts/ at both sizes in both languages and checked with axe-core; no console error, no CSP violation.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  checkSecondTimeOfFirstDateWithTwo,
  createHarness,
  DESKTOP,
  logIn,
  PHONE,
  seriousAxeViolations,
} from "./harness.mjs";

const product = createHarness();

before(product.start);
after(product.stop);

const HOST = "localhost";

/** The texts the tests look for, in the two languages (the locale files' words). */
const TEXT = {
  "da-DK": {
    checkoutTitle: "Gennemfør din bestilling",
    name: /^Navn/,
    phone: /^Telefonnummer/,
    email: /^E-mail/,
    comment: "Kommentar til restauranten",
    pickup: "Afhentning",
    delivery: "Levering",
    terms: "Jeg accepterer handelsbetingelserne",
    ownBag: "Jeg medbringer selv en pose",
    placeOrder: "Afgiv bestilling",
    // The hosted test page, in the guest's language only.
    hosted: {
      lang: "da",
      approve: "Godkend betaling",
      decline: "Afvis betaling",
      cancel: "Annuller",
      other: /Approve|Test mode/,
    },
    paid: "Betalingen er gennemført",
    failed: "Betalingen mislykkedes",
    cancelled: "Betalingen er annulleret",
    goBack: "Gå tilbage",
    thanks: "Tak, din bestilling er modtaget",
    orderNumber: "Ordrenummer",
    backToStart: "Tilbage til start",
    drinks: "Drikkevarer",
    /** A counter's plus, by the units already in the basket: "Tilføj Cola" at none, then "Tilføj én Cola mere". */
    plus: (name, count) => (count === 0 ? `Tilføj ${name}` : `Tilføj én ${name} mere`),
    basket: /^Kurv, \d+ varer?$/,
    toCheckout: "Gå til kassen",
  },
  "en-US": {
    checkoutTitle: "Complete your order",
    name: /^Name/,
    phone: /^Phone number/,
    email: /^Email/,
    comment: "Comment for the restaurant",
    pickup: "Pickup",
    delivery: "Delivery",
    terms: "I accept the terms of trade",
    ownBag: "I will bring my own bag",
    placeOrder: "Place order",
    hosted: {
      lang: "en",
      approve: "Approve payment",
      decline: "Decline payment",
      cancel: "Cancel",
      other: /Godkend|Testtilstand|Beløb|kr\./,
    },
    paid: "Payment completed",
    failed: "Payment failed",
    cancelled: "Payment cancelled",
    goBack: "Go back",
    thanks: "Thank you, your order has been accepted",
    orderNumber: "Order number",
    backToStart: "Back to start",
    drinks: "Drinks",
    plus: (name, count) => (count === 0 ? `Add ${name}` : `Add one more ${name}`),
    basket: /^Basket, \d+ items?$/,
    toCheckout: "Go to checkout",
  },
};

const GUEST = { name: "Anna Jensen", phone: "20304050", email: "anna@example.dk" };

/** Screenshot and accessibility check of the page as it is now. */
async function visit(page, name) {
  await product.screenshot(page, name);
  assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${name}`);
}

/**
 * A logged-in guest on restaurant A in `language`, with `drinks` (name → count) in the basket, on /checkout
 * (`open: false`: still on the menu).
 */
async function guestAtCheckout(viewport, language, drinks = { "Coca-Cola": 2 }, { open = true } = {}) {
  const page = await product.newPage(viewport);
  await page.addInitScript((lang) => {
    if (!localStorage.getItem("language")) localStorage.setItem("language", lang);
  }, language);
  await page.goto(product.url(HOST));
  await page.getByRole("heading", { level: 1 }).waitFor();
  if (language === "da-DK") await logIn(page, await product.productionUnitIdOf(HOST));
  else await logInEnglish(page, await product.productionUnitIdOf(HOST));
  await page.locator(".category-tile").first().waitFor();
  const t = TEXT[language];
  await page.getByRole("link", { name: t.drinks, exact: true }).first().click();
  await page.getByRole("heading", { level: 1, name: t.drinks }).waitFor();
  let count = 0;
  for (const [name, amount] of Object.entries(drinks)) {
    for (let i = 0; i < amount; i++) {
      await page
        .getByRole("button", { name: t.plus(name, i), exact: true })
        .first()
        .click();
      count += 1;
      await page.waitForFunction(
        (n) => new RegExp(`\\b${n}\\b`).test(document.querySelector(".minicart-button")?.ariaLabel ?? ""),
        count,
      );
    }
  }
  if (!open) return page;
  await page.goto(product.url(HOST, "/checkout"));
  await page.getByRole("heading", { level: 1, name: t.checkoutTitle }).waitFor();
  await page.getByRole("button", { name: t.placeOrder }).waitFor();
  return page;
}

async function logInEnglish(page, password) {
  await page.getByLabel("Username").fill("e2e-guest");
  await page.getByLabel("Password").fill(String(password));
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Fills the guest's details, picks a time (chooseTime) and accepts the terms. */
async function fillCheckout(page, language, guest = GUEST) {
  const t = TEXT[language];
  await page.getByLabel(t.name).fill(guest.name);
  await page.getByLabel(t.phone).fill(guest.phone);
  await page.getByLabel(t.email).fill(guest.email);
  // Restaurant A delivers too: the guest says pickup first.
  await page.getByRole("radio", { name: t.pickup, exact: true }).check();
  await chooseTime(page);
  // The bag fee is the guest's explicit choice (decision 029); their own bag keeps the figures below as they were.
  await page.getByRole("radio", { name: t.ownBag }).check();
  await page.getByRole("checkbox", { name: t.terms }).check();
}

const SLOT = /^\d\d:\d\d$/;
const NO_TIMES = /Beklager, der er ingen ledige tidspunkter|Sorry, there are no available times/;

/** A pickup time the kitchen can still make when the order is placed (checkSecondTimeOfFirstDateWithTwo). */
async function chooseTime(page) {
  await checkSecondTimeOfFirstDateWithTwo({
    dates: page.getByRole("group", { name: /^(Dato|Date)$/ }).getByRole("radio"),
    times: page.getByRole("radio", { name: SLOT }),
    noTimes: page.getByText(NO_TIMES),
  });
}

/** A token of restaurant A, to read what the server holds (as the restaurant's systems would). */
async function apiGet(path) {
  const unit = await product.productionUnitIdOf(HOST);
  const { token } = await (await fetch(product.url(HOST, `/api/token/${unit}`))).json();
  const response = await fetch(product.url(HOST, `/api${path}`), { headers: { authorization: `Bearer ${token}` } });
  assert.equal(response.status, 200, `GET ${path}`);
  return response.json();
}

/** What a gift card has left, as the API answers it. */
async function giftcardBalance(code) {
  const module = await (await fetch(product.url(HOST, `/api/module/domain/${HOST}`))).json();
  return apiGet(`/giftcard/${module.giftcardInstanceId}/${code}/amount`);
}

/** The hosted test page: press one of its buttons. */
async function onHostedPage(page, button) {
  await page.waitForURL(/\/api\/payment\/test\//);
  await page.getByRole("button", { name: button }).click();
}

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
]) {
  for (const language of ["da-DK", "en-US"]) {
    const lang = language.slice(0, 2);
    describe(`at the ${size} size in ${language}`, () => {
      test("a full order paid on the hosted test page ends on /confirmation with the server's order number", async () => {
        const t = TEXT[language];
        const page = await guestAtCheckout(viewport, language);
        await visit(page, `${size}-${lang}-checkout`);
        await fillCheckout(page, language);
        await visit(page, `${size}-${lang}-checkout-filled`);
        await page.getByRole("button", { name: t.placeOrder }).click();

        await page.waitForURL(/\/api\/payment\/test\//);
        await product.screenshot(page, `${size}-${lang}-hosted-payment`);
        // The guest's language, and only that: the shop told the page which one.
        assert.equal(await page.locator("html").getAttribute("lang"), t.hosted.lang);
        const hostedText = await page.locator("body").innerText();
        assert.doesNotMatch(hostedText, t.hosted.other, `${language}: one language on the hosted page`);
        assert.equal(
          await page.locator("body").evaluate((b) => b.scrollWidth <= innerWidth),
          true,
          "no sideways scroll",
        );
        assert.deepEqual(
          await termsTouchingTheirValues(page),
          [],
          "each term of the payment's details clear of its value",
        );
        if (size === "phone") {
          await page.setViewportSize({ width: 320, height: 640 });
          assert.deepEqual(await termsTouchingTheirValues(page), [], "also on a 320 px phone");
          await page.setViewportSize(viewport);
        }
        await page.getByRole("button", { name: t.hosted.approve }).click();

        await page.waitForURL(/\/payment\/[0-9a-f-]{36}$/);
        const checkoutId = page.url().split("/").at(-1);
        await page.getByRole("heading", { level: 1, name: t.paid }).waitFor();
        await visit(page, `${size}-${lang}-payment-authorized`);

        await page.waitForURL(/\/order\/|\/confirmation$/);
        if (page.url().includes("/order/")) await product.screenshot(page, `${size}-${lang}-order`);
        await page.waitForURL(/\/confirmation$/);
        await page.getByRole("heading", { level: 1, name: t.thanks }).waitFor();
        await visit(page, `${size}-${lang}-confirmation`);

        const checkout = await apiGet(`/checkout/${checkoutId}`);
        assert.equal(checkout.state, 2, "the checkout is done");
        const order = await apiGet(`/order/${checkout.orderId}`);
        const shown = await page.locator("main").textContent();
        assert.ok(shown.includes(order.externalId), `the confirmation shows ${order.externalId}: ${shown}`);
        assert.ok(shown.includes(GUEST.email), "and where the receipt goes");

        // The order is cleared: a new visit starts with an empty basket.
        const stored = await page.evaluate(() => Object.keys(localStorage));
        assert.deepEqual(
          stored.filter((key) => key === "basketId" || key.startsWith("checkout")),
          [],
          "basket and checkout keys are wiped",
        );
        await page
          .getByRole("link", { name: t.backToStart })
          .or(page.getByRole("button", { name: t.backToStart }))
          .click();
        await page.waitForURL(product.url(HOST, "/"));
        await page.close();
      });
    });
  }
}

describe("what can go wrong, and the other ways to pay", () => {
  test("a declined payment goes back to /checkout with the entered details kept (phone, English)", async () => {
    const t = TEXT["en-US"];
    const page = await guestAtCheckout(PHONE, "en-US");
    await page.getByRole("textbox", { name: t.comment }).fill("Extra napkins, please");
    await fillCheckout(page, "en-US");
    await page.getByRole("button", { name: t.placeOrder }).click();
    await onHostedPage(page, t.hosted.decline);
    await page.getByRole("heading", { level: 1, name: t.failed }).waitFor();
    await visit(page, "phone-en-payment-failed");
    await page
      .getByRole("button", { name: t.goBack })
      .or(page.getByRole("link", { name: t.goBack }))
      .click();
    await page.waitForURL(/\/checkout$/);
    await page.getByRole("button", { name: t.placeOrder }).waitFor();
    assert.equal(await page.getByLabel(t.name).inputValue(), GUEST.name);
    assert.equal(await page.getByLabel(t.phone).inputValue(), GUEST.phone);
    assert.equal(await page.getByLabel(t.email).inputValue(), GUEST.email);
    assert.equal(await page.getByRole("textbox", { name: t.comment }).inputValue(), "Extra napkins, please");
    await page.close();
  });

  test("a cancelled payment goes back to / (desktop, Danish)", async () => {
    const t = TEXT["da-DK"];
    const page = await guestAtCheckout(DESKTOP, "da-DK");
    await fillCheckout(page, "da-DK");
    await page.getByRole("button", { name: t.placeOrder }).click();
    await onHostedPage(page, t.hosted.cancel);
    await page.getByRole("heading", { level: 1, name: t.cancelled }).waitFor();
    await visit(page, "desktop-da-payment-cancelled");
    await page
      .getByRole("button", { name: t.goBack })
      .or(page.getByRole("link", { name: t.goBack }))
      .click();
    await page.waitForURL(product.url(HOST, "/"));
    await page.close();
  });

  test("Back from the hosted page: the waiting payment is given up, the details kept, and the order placed anew (phone, Danish)", async () => {
    const t = TEXT["da-DK"];
    const page = await guestAtCheckout(PHONE, "da-DK");
    await fillCheckout(page, "da-DK");
    await page.getByRole("button", { name: t.placeOrder }).click();
    await page.waitForURL(/\/api\/payment\/test\//);
    const firstPayment = page.url();
    await page.goBack();
    await page.waitForURL(/\/checkout$/);
    await page.getByRole("button", { name: t.placeOrder }).waitFor();
    assert.equal(await page.getByLabel(t.name).inputValue(), GUEST.name);
    await page.getByRole("checkbox", { name: t.terms }).check();
    await page.getByRole("button", { name: t.placeOrder }).click();
    await page.waitForURL(/\/api\/payment\/test\//);
    assert.notEqual(page.url(), firstPayment, "a new payment, the abandoned one was cancelled");
    await page.getByRole("button", { name: "Godkend betaling" }).click();
    await page.waitForURL(/\/confirmation$/);
    await page.getByRole("heading", { level: 1, name: t.thanks }).waitFor();
    await page.close();
  });

  test("a reload while the checkout starts (the basket linked, the answer not back yet) opens the same checkout, not the error page (desktop, English)", async () => {
    const t = TEXT["en-US"];
    const page = await guestAtCheckout(DESKTOP, "en-US", { "Coca-Cola": 1 }, { open: false });
    let linked = () => {};
    const linkDone = new Promise((resolve) => (linked = resolve));
    let links = 0;
    await page.route(/\/api\/checkout\/[^/]+\/basket\b/, async (route) => {
      links += 1;
      if (links > 1) return route.continue();
      await route.fetch(); // The server links the basket; its answer never reaches the page.
      linked();
    });
    await page.goto(product.url(HOST, "/checkout"));
    await linkDone;
    await page.reload();
    await page.getByRole("button", { name: t.placeOrder }).waitFor();
    assert.match(new URL(page.url()).pathname, /^\/checkout$/);
    await fillCheckout(page, "en-US");
    await page.getByRole("button", { name: t.placeOrder }).click();
    await page.waitForURL(/\/api\/payment\/test\//);
    await page.close();
  });

  test("pay at pickup: no hosted step, straight to the order and its confirmation (phone, Danish)", async () => {
    const t = TEXT["da-DK"];
    const page = await guestAtCheckout(PHONE, "da-DK");
    await fillCheckout(page, "da-DK");
    await page.getByRole("radio", { name: "Betal ved afhentning" }).check();
    await page.getByRole("button", { name: t.placeOrder }).click();
    await page.waitForURL(/\/confirmation$/);
    await page.getByRole("heading", { level: 1, name: t.thanks }).waitFor();
    assert.match(await page.locator("main").textContent(), /A-\d{4}/);
    await page.close();
  });

  test("a gift card that covers everything: nothing left to pay, no hosted step, the card's balance drawn (desktop, English)", async () => {
    const t = TEXT["en-US"];
    const page = await guestAtCheckout(DESKTOP, "en-US");
    await fillCheckout(page, "en-US");
    const before = await giftcardBalance("GAVE-500");
    await page.getByRole("textbox", { name: "Gift card" }).fill("gave-500");
    await page.getByRole("textbox", { name: "Gift card" }).press("Enter");
    await page.locator('[data-row="giftcard"]').waitFor();
    await visit(page, "desktop-en-checkout-giftcard");
    const totals = await page.locator(".checkout-section").last().textContent();
    assert.match(totals, /Total to pay\s*0\u00a0DKK/);
    await page.getByRole("button", { name: t.placeOrder }).click();
    await page.waitForURL(/\/confirmation$/);
    await page.getByRole("heading", { level: 1, name: t.thanks }).waitFor();
    assert.equal(await giftcardBalance("GAVE-500"), before - 70, "the basket's 70 DKK came off the card");
    await page.close();
  });

  test("a discount code: a wrong one is refused with its message, a right one lowers the total the order is paid at (phone, English)", async () => {
    const t = TEXT["en-US"];
    const page = await guestAtCheckout(PHONE, "en-US", { "Coca-Cola": 3 });
    await fillCheckout(page, "en-US");
    const code = page.getByRole("textbox", { name: "Discount code" });
    await code.fill("NO-SUCH-CODE");
    await page.getByRole("button", { name: "Use code" }).click();
    await page.getByText("The discount code is invalid").waitFor();
    await code.fill("sommer10");
    await page.getByRole("button", { name: "Use code" }).click();
    await page.getByText(/Total to pay\s*94\.50\u00a0DKK/).waitFor();
    await visit(page, "phone-en-checkout-discount");
    await page.getByRole("button", { name: t.placeOrder }).click();
    await onHostedPage(page, t.hosted.approve);
    await page.waitForURL(/\/confirmation$/);
    const checkoutId = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem("confirmedOrder") ?? "{}").checkoutId,
    );
    assert.ok(checkoutId, "the confirmation keeps its checkout");
    const checkout = await apiGet(`/checkout/${checkoutId}`);
    const order = await apiGet(`/order/${checkout.orderId}`);
    assert.deepEqual(order.discounts, [{ code: "SOMMER10", amount: 10.5 }]);
    assert.equal(order.totalAmount, 94.5);
    await page.close();
  });

  test("an invalid phone, a missing name and a 126th comment character are refused with their messages (desktop, Danish)", async () => {
    const t = TEXT["da-DK"];
    const page = await guestAtCheckout(DESKTOP, "da-DK");
    const comment = page.getByRole("textbox", { name: t.comment });
    await comment.fill("x".repeat(130));
    assert.equal((await comment.inputValue()).length, 125, "the comment stops at 125 characters");
    await comment.press("End");
    await comment.press("y");
    assert.equal((await comment.inputValue()).length, 125, "a 126th typed character is refused");
    await page.getByText("125 af 125 tegn").waitFor();
    await page.getByLabel(t.phone).fill("12ab");
    await page.getByLabel(t.email).fill(GUEST.email);
    await page.getByRole("radio", { name: t.pickup, exact: true }).check();
    await chooseTime(page);
    await page.getByRole("radio", { name: t.ownBag }).check();
    await page.getByRole("checkbox", { name: t.terms }).check();
    await page.getByRole("button", { name: t.placeOrder }).click();
    await page.getByText("Ugyldigt indhold. Feltet må kun indeholde tal").waitFor();
    await page.getByText("Skriv dit navn").waitFor();
    await page.getByText("Tjek, at du har udfyldt alle de påkrævede oplysninger: navn").waitFor();
    assert.equal(await page.getByLabel(t.name).getAttribute("aria-invalid"), "true");
    assert.equal(await page.getByLabel(t.phone).getAttribute("aria-invalid"), "true");
    await visit(page, "desktop-da-checkout-errors");
    // Nothing was sent: still on /checkout, and after putting it right the order goes through.
    assert.match(page.url(), /\/checkout$/);
    await page.getByLabel(t.name).fill(GUEST.name);
    await page.getByLabel(t.phone).fill(GUEST.phone);
    await page.getByRole("button", { name: t.placeOrder }).click();
    await page.waitForURL(/\/api\/payment\/test\//);
    await page.close();
  });

  test("a basket no pickup slot can take (31 items, 30 per slot) is called too large, with the restaurant's phone (phone, English)", async () => {
    const page = await guestAtCheckout(PHONE, "en-US", { "Coca-Cola": 31 });
    await page.getByRole("radio", { name: "Pickup", exact: true }).check();
    const dates = page.getByRole("group", { name: "Date" }).getByRole("radio");
    for (let day = 0; day < (await dates.count()); day++) {
      await dates.nth(day).check();
      // A one-item order would get a slot that day: it is the basket's size, not a fully booked kitchen.
      await page.getByText("Your order is too large for the kitchen to make for one pickup time.").waitFor();
      assert.equal(await page.getByRole("radio", { name: SLOT }).count(), 0);
      assert.equal(await page.getByText("Sorry, there are no available times").count(), 0);
    }
    await page.getByText("Remove some items from your basket, or call the restaurant:").waitFor();
    assert.equal(await page.getByRole("link", { name: "35 36 11 22" }).getAttribute("href"), "tel:+4535361122");
    await visit(page, "phone-en-checkout-too-large");
    await page.close();
  });

  test("delivery: a zip outside the zones is refused with its message, one inside adds its fee (desktop, English)", async () => {
    const page = await guestAtCheckout(DESKTOP, "en-US");
    await page.getByRole("radio", { name: "Delivery", exact: true }).check();
    await page.getByLabel(/^Address/).fill("Vestergade 1");
    await page.getByLabel(/^Zipcode/).fill("9999");
    await page.getByRole("button", { name: "Check address" }).click();
    await page.getByText("Unfortunately, we cannot deliver to this address").waitFor();
    await visit(page, "desktop-en-checkout-delivery-refused");
    await page.getByLabel(/^Zipcode/).fill("2200");
    await page.getByRole("button", { name: "Check address" }).click();
    await page.getByText("Delivery to 2200 costs 39 DKK").waitFor();
    await page.getByText(/Delivery\s*39\u00a0DKK/).waitFor();
    await page.getByRole("group", { name: "Delivery date" }).getByRole("radio").first().waitFor();
    await visit(page, "desktop-en-checkout-delivery");
    await page.close();
  });

  test("the maintenance flag switched on while the guest is at the checkout stops them at the next step (phone)", async () => {
    const page = await guestAtCheckout(PHONE, "da-DK");
    await product.setMaintenance(true);
    try {
      // The shop reads the flag again at most every 10 s.
      await page.waitForTimeout(10_500);
      await page.getByRole("link", { name: /Tilbage til menuen/ }).click();
      await page.waitForURL(/\/maintenance$/);
      await page.getByRole("heading", { level: 1, name: "Vi opdaterer butikken" }).waitFor();
    } finally {
      await product.setMaintenance(false);
    }
    await page.close();
  });
});

/** Presses Tab (or Shift+Tab) until the focused element's name, label, text or value matches. */
async function tabTo(page, pattern, { shift = false, max = 150 } = {}) {
  for (let step = 0; step < max; step++) {
    await page.keyboard.press(shift ? "Shift+Tab" : "Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element) return "";
      const labels = [...(element.labels ?? [])].map((label) => label.textContent).join(" ");
      const labelledBy = (element.getAttribute("aria-labelledby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ");
      return [element.getAttribute("aria-label"), labels, labelledBy, element.textContent, element.value]
        .filter(Boolean)
        .join(" | ");
    });
    if (pattern.test(focused)) return;
  }
  throw new Error(`Tab never reached ${pattern}`);
}

test("the whole order by keyboard alone at the phone size: Tab, Shift+Tab, Enter, Space and arrows", async () => {
  const t = TEXT["da-DK"];
  const page = await product.newPage(PHONE);
  await page.goto(product.url(HOST));
  await page.getByRole("heading", { level: 1 }).waitFor();
  await tabTo(page, /Brugernavn/);
  await page.keyboard.type("keyboard-guest");
  await page.keyboard.press("Tab");
  await page.keyboard.type(String(await product.productionUnitIdOf(HOST)));
  await page.keyboard.press("Enter");
  await page.locator(".category-tile").first().waitFor();

  await tabTo(page, /^Drikkevarer/);
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 1, name: t.drinks }).waitFor();
  // "Tilføj Coca-Cola | +": the plus of Coca-Cola, none in the basket yet (not Coca-Cola Zero's).
  await tabTo(page, /^Tilføj Coca-Cola \| /);
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => /1 vare$/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));
  await page.keyboard.press("Space");
  await page.waitForFunction(() => /2 varer$/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));

  await tabTo(page, /^Kurv, 2 varer/, { shift: true });
  await page.keyboard.press("Enter");
  await page.getByRole("dialog", { name: "Din bestilling" }).waitFor();
  await tabTo(page, /Gå til kassen/);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/precheckout$/);
  await page.getByRole("heading", { level: 1, name: "Har du husket det hele?" }).waitFor();
  await tabTo(page, /Fortsæt til kassen/);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/checkout$/);
  await page.getByRole("button", { name: t.placeOrder }).waitFor();

  await tabTo(page, /Navn/);
  await page.keyboard.type(GUEST.name);
  await page.keyboard.press("Tab");
  await page.keyboard.type("2030");
  await page.keyboard.press("Tab");
  await page.keyboard.type(GUEST.email);
  // Back to the phone number to finish it.
  await tabTo(page, /Telefonnummer/, { shift: true });
  await page.keyboard.press("End");
  await page.keyboard.type("4050");
  await tabTo(page, /^Afhentning \|/);
  await page.keyboard.press("Space");
  // Today's second time, or late in the evening, with fewer than two left today, the next day's (by the arrow key):
  // the first time passes its notice every 15 minutes (checkSecondTimeOfFirstDateWithTwo).
  await page.getByRole("radio", { name: SLOT }).first().or(page.getByText(NO_TIMES)).first().waitFor();
  if ((await page.getByRole("radio", { name: SLOT }).count()) < 2) {
    await tabTo(page, /I dag/);
    await page.keyboard.press("ArrowRight");
    await page.getByRole("radio", { name: SLOT }).nth(1).waitFor(); // the next day's times, not today's last one
  }
  // The first time is "Hurtigst muligt (ca. …)" on today's list (issue 42); the arrow goes on to the next time.
  await tabTo(page, /^(Hurtigst muligt|\d\d:\d\d) /);
  await page.keyboard.press("ArrowRight");
  // The bag choice: Tab reaches the pair at its first answer, Space chooses it.
  await tabTo(page, /Ja tak, en bærepose/);
  await page.keyboard.press("Space");
  await tabTo(page, /Jeg accepterer handelsbetingelserne/);
  await page.keyboard.press("Space");
  await tabTo(page, /^Afgiv bestilling$/);
  await page.keyboard.press("Enter");

  await page.waitForURL(/\/api\/payment\/test\//);
  await tabTo(page, /Godkend betaling/);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/confirmation$/);
  await page.getByRole("heading", { level: 1, name: t.thanks }).waitFor();
  const saved = await page.evaluate(() => JSON.parse(sessionStorage.getItem("confirmedOrder") ?? "null"));
  assert.ok(saved, "the confirmation is kept for a reload");
  await page.close();
});

// Last: what every page above reported.
test("no page of the checkout journeys logged a console error or a Content-Security-Policy violation", () => {
  assert.deepEqual(product.cspViolations, []);
  assert.deepEqual(product.consoleErrors, []);
});

/** The hosted page's details (a term beside its value) whose term runs into its value: less than 8 px between. */
function termsTouchingTheirValues(page) {
  return page.locator("dl").evaluate((list) =>
    [...list.querySelectorAll("dt")].flatMap((term) => {
      const value = term.nextElementSibling;
      const range = document.createRange();
      range.selectNodeContents(term);
      const text = range.getBoundingClientRect();
      const box = value.getBoundingClientRect();
      const beside = box.top < text.bottom && text.top < box.bottom;
      return beside && box.left - text.right < 8 ? [`${term.textContent} | ${value.textContent}`] : [];
    }),
  );
}
