// The /checkout form as issue 42 asked for it, in Debian's Chromium on the real product (npm start, fresh DATA_DIR):
// one word per total, the bag fee as a priced choice, "+45 12 34 56 78" stored as 12345678, "as soon as possible"
// first, the disabled button's hint, focus on the first error, delivery named and priced where the address is
// entered, and the terms tick kept after a declined or cancelled payment. Phone and desktop, Danish and English;
// every state screenshotted into e2e/artifacts/ and checked with axe-core; no console error, no CSP violation.
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
    pickup: "Afhentning",
    delivery: "Levering",
    terms: "Jeg accepterer handelsbetingelserne",
    placeOrder: "Afgiv bestilling",
    hint: "Sæt flueben ved handelsbetingelserne for at afgive bestillingen",
    withBag: /^Ja tak, en bærepose/,
    ownBag: "Jeg medbringer selv en pose",
    asap: /^Hurtigst muligt ca\. \d\d:\d\d$/,
    timeGroup: "Tidspunkt",
    payAtPickup: "Betal ved afhentning",
    card: "Betalingskort (betal online)",
    thanks: "Tak, din bestilling er modtaget",
    goBack: "Gå tilbage",
    failed: "Betalingen mislykkedes",
    cancelled: "Betalingen er annulleret",
    drinks: "Drikkevarer",
    /** A counter's plus, by the units already in the basket: "Tilføj Cola" at none, then "Tilføj én Cola mere". */
    plus: (name, count) => (count === 0 ? `Tilføj ${name}` : `Tilføj én ${name} mere`),
    missing: "Tjek, at du har udfyldt alle de påkrævede oplysninger: tidspunkt og bærepose",
    pickupTitle: "Afhentningstidspunkt",
    deliveryTitle: "Levering",
    address: /^Adresse/,
    floorDoor: /^Etage og dør/,
    zip: /^Postnummer/,
    checkAddress: "Tjek adressen",
    fee: "Levering til 2200 koster 39 kr.",
    labels: ["Subtotal", "Rabat", "Bærepose", "Levering", "Gavekort", "Allerede betalt", "At betale"],
  },
  "en-US": {
    checkoutTitle: "Complete your order",
    name: /^Name/,
    phone: /^Phone number/,
    email: /^Email/,
    pickup: "Pickup",
    delivery: "Delivery",
    terms: "I accept the terms of trade",
    placeOrder: "Place order",
    hint: "Tick the terms of trade to place the order",
    withBag: /^Yes please, a carrier bag/,
    ownBag: "I will bring my own bag",
    asap: /^As soon as possible about \d\d:\d\d$/,
    timeGroup: "Time",
    payAtPickup: "Pay at pickup",
    card: "Card (pay online)",
    thanks: "Thank you, your order has been accepted",
    goBack: "Go back",
    failed: "Payment failed",
    cancelled: "Payment cancelled",
    drinks: "Drinks",
    plus: (name, count) => (count === 0 ? `Add ${name}` : `Add one more ${name}`),
    missing: "Please check that you have entered all required information: time & carrier bag",
    pickupTitle: "Pickup time",
    deliveryTitle: "Delivery",
    address: /^Address/,
    floorDoor: /^Floor and door/,
    zip: /^Zipcode/,
    checkAddress: "Check address",
    fee: "Delivery to 2200 costs 39 DKK",
    labels: ["Subtotal", "Discount", "Carrier bag", "Delivery", "Gift card", "Already paid", "Total to pay"],
  },
};

const NO_TIMES = /Beklager, der er ingen ledige tidspunkter|Sorry, there are no available times/;

const GUEST = { name: "Anna Jensen", phone: "+45 12 34 56 78", email: "anna@example.dk" };

/** Screenshot and accessibility check of the page as it is now. */
async function visit(page, name) {
  await product.screenshot(page, `checkout-form-${name}`);
  assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${name}`);
}

async function logInEnglish(page, password) {
  await page.getByLabel("Username").fill("e2e-guest");
  await page.getByLabel("Password").fill(String(password));
  await page.getByRole("button", { name: "Log in" }).click();
}

/** A logged-in guest on restaurant A in `language` with `count` Coca-Colas in the basket, on /checkout. */
async function guestAtCheckout(viewport, language, count = 2, page = null) {
  const t = TEXT[language];
  if (!page) {
    page = await product.newPage(viewport);
    await page.addInitScript((lang) => {
      if (!localStorage.getItem("language")) localStorage.setItem("language", lang);
    }, language);
    await page.goto(product.url(HOST));
    await page.getByRole("heading", { level: 1 }).waitFor();
    if (language === "da-DK") await logIn(page, await product.productionUnitIdOf(HOST));
    else await logInEnglish(page, await product.productionUnitIdOf(HOST));
    await page.locator(".category-tile").first().waitFor();
  } else {
    await page.goto(product.url(HOST));
    await page.locator(".category-tile").first().waitFor();
  }
  await page.getByRole("link", { name: t.drinks, exact: true }).first().click();
  await page.getByRole("heading", { level: 1, name: t.drinks }).waitFor();
  for (let i = 1; i <= count; i++) {
    await page
      .getByRole("button", { name: t.plus("Coca-Cola", i - 1), exact: true })
      .first()
      .click();
    await page.waitForFunction(
      (n) => new RegExp(`\\b${n}\\b`).test(document.querySelector(".minicart-button")?.ariaLabel ?? ""),
      i,
    );
  }
  await page.goto(product.url(HOST, "/checkout"));
  await page.getByRole("heading", { level: 1, name: t.checkoutTitle }).waitFor();
  await page.getByRole("button", { name: t.placeOrder }).waitFor();
  return page;
}

/** A token of restaurant A, to read what the server holds (as the restaurant's systems would). */
async function apiGet(path) {
  const unit = await product.productionUnitIdOf(HOST);
  const { token } = await (await fetch(product.url(HOST, `/api/token/${unit}`))).json();
  const response = await fetch(product.url(HOST, `/api${path}`), { headers: { authorization: `Bearer ${token}` } });
  assert.equal(response.status, 200, `GET ${path}`);
  return response.json();
}

/** Every total the page shows, as [label, amount text]: the cart's subtotal and the payment section's rows. */
async function totalsShown(page) {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll(".checkout-total, .payment-totals-row")];
    return rows.map((row) => [
      row.querySelector("span, dt")?.textContent?.trim() ?? "",
      row.querySelector("strong, dd")?.textContent?.trim() ?? "",
    ]);
  });
}

/** One label per meaning: no label shows two different amounts, and each label is one of the set's words. */
async function assertOneLabelPerMeaning(page, language) {
  const shown = await totalsShown(page);
  const amounts = new Map();
  for (const [label, amount] of shown) {
    assert.ok(TEXT[language].labels.includes(label), `"${label}" is one of the totals' words`);
    if (amounts.has(label)) assert.equal(amount, amounts.get(label), `"${label}" shows one amount`);
    amounts.set(label, amount);
  }
  assert.ok(amounts.size >= 2, `subtotal and total to pay at least: ${JSON.stringify(shown)}`);
}

const totalToPay = (page) => page.locator('[data-row="totalToPay"] dd').textContent();

async function fillGuest(page, t) {
  await page.getByLabel(t.name).fill(GUEST.name);
  await page.getByLabel(t.phone).fill(GUEST.phone);
  await page.getByLabel(t.email).fill(GUEST.email);
}

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
]) {
  for (const language of ["da-DK", "en-US"]) {
    // Phone in Danish, desktop in English: each point at both sizes and in both languages, in half the CI time.
    if ((size === "phone") !== (language === "da-DK")) continue;
    const lang = language.slice(0, 2);
    const t = TEXT[language];
    describe(`at the ${size} size in ${language}`, () => {
      test("totals in one set of words, the bag as a priced choice, ASAP first, the phone stored as its digits", async () => {
        const page = await guestAtCheckout(viewport, language);
        const placeOrder = page.getByRole("button", { name: t.placeOrder });

        // Place order is grey, and next to it the guest reads why.
        assert.equal(await placeOrder.isDisabled(), true);
        const hint = page.getByText(t.hint);
        await hint.waitFor();
        assert.equal(await placeOrder.getAttribute("aria-describedby"), await hint.getAttribute("id"));
        await assertOneLabelPerMeaning(page, language);
        await visit(page, `${size}-${lang}-start`);

        // The bag: nothing chosen; its price on the choice; choosing it changes the total to pay, visibly.
        const withBag = page.getByRole("radio", { name: t.withBag });
        const ownBag = page.getByRole("radio", { name: t.ownBag });
        assert.equal(await withBag.isChecked(), false);
        assert.equal(await ownBag.isChecked(), false);
        assert.match(await withBag.evaluate((input) => input.closest("label").textContent), /\+4\u00a0(kr\.|DKK)$/);
        const before = await totalToPay(page);
        await withBag.check();
        await page.locator('[data-row="bagFee"]').waitFor();
        await page.waitForFunction((old) => {
          const now = document.querySelector('[data-row="totalToPay"] dd')?.textContent;
          return now && now !== old;
        }, before);
        assert.match(await page.locator('[data-row="bagFee"] dd').textContent(), /^4\u00a0(kr\.|DKK)$/);
        await assertOneLabelPerMeaning(page, language);
        await visit(page, `${size}-${lang}-with-bag`);
        await ownBag.check();
        await page.locator('[data-row="bagFee"]').waitFor({ state: "detached" });
        await page.waitForFunction(
          (old) => document.querySelector('[data-row="totalToPay"] dd')?.textContent === old,
          before,
        );

        // Pickup; "as soon as possible" is the first time, with its time.
        await fillGuest(page, t);
        await page.getByRole("radio", { name: t.pickup, exact: true }).check();
        await page.getByRole("heading", { level: 2, name: t.pickupTitle }).waitFor();
        const times = page.getByRole("group", { name: t.timeGroup, exact: true }).getByRole("radio");
        await times.first().or(page.getByText(NO_TIMES)).first().waitFor();
        if ((await times.count()) === 0) {
          // Late at night today is over: a later date has no "as soon as possible", its first time is a time.
          await page
            .getByRole("group", { name: /^(Dato|Date)$/ })
            .getByRole("radio")
            .nth(1)
            .check();
          await times.first().waitFor();
          assert.match(await times.first().evaluate((input) => input.closest("label").textContent), /^\d\d:\d\d$/);
        } else {
          const asapName = await times.first().evaluate((input) => input.closest("label").textContent);
          assert.match(asapName.replace(/\s+/g, " ").trim(), t.asap);
        }
        const asap = times.first();
        await asap.check();
        await page.getByRole("radio", { name: t.payAtPickup }).check();
        await page.getByRole("checkbox", { name: t.terms }).check();
        assert.equal(await placeOrder.isDisabled(), false);
        await page.getByText(t.hint).waitFor({ state: "detached" });
        await visit(page, `${size}-${lang}-filled`);
        const slot = await asap.getAttribute("value");

        await placeOrder.click();
        await page.waitForURL(/\/confirmation$/);
        await page.getByRole("heading", { level: 1, name: t.thanks }).waitFor();
        const checkoutId = await page.evaluate(
          () => JSON.parse(sessionStorage.getItem("confirmedOrder") ?? "{}").checkoutId,
        );
        const checkout = await apiGet(`/checkout/${checkoutId}`);
        assert.equal(checkout.guestInformation.phone, "12345678", "+45 12 34 56 78 is stored as its digits");
        assert.equal(checkout.orderReadyTime, slot, "the order is placed for the earliest slot");
        const order = await apiGet(`/order/${checkout.orderId}`);
        assert.equal(order.orderReadyTime ?? checkout.orderReadyTime, slot);

        // A new order starts with the terms unticked.
        await guestAtCheckout(viewport, language, 1, page);
        assert.equal(await page.getByRole("checkbox", { name: t.terms }).isChecked(), false);
        await page.close();
      });
    });
  }
}

for (const [size, viewport] of [
  ["phone 390", PHONE],
  ["phone 360", { width: 360, height: 740 }],
]) {
  test(`${size}: the discount code and gift card inputs line up, in Danish and in English`, async () => {
    for (const language of ["da-DK", "en-US"]) {
      const page = await guestAtCheckout(viewport, language, 1);
      const rows = page.locator(".payment-code-row");
      await rows.nth(1).waitFor();
      const inputs = await page.locator(".payment-code-input").evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          return { left: Math.round(box.left), right: Math.round(box.right) };
        }),
      );
      assert.equal(inputs.length, 2, "two code inputs");
      assert.deepEqual(inputs[0], inputs[1], `${language}: the same left and right edges`);
      assert.ok(
        inputs[0].right - inputs[0].left >= 120,
        `${language}: room for a code (${inputs[0].right - inputs[0].left} px)`,
      );
      await page.close();
    }
  });
}

test("phone 390: a refused discount code's message is brought into view, the focus stays in the field (da, en)", async () => {
  for (const [language, refusal] of [
    ["da-DK", "Rabatkoden er ugyldig"],
    ["en-US", "The discount code is invalid"],
  ]) {
    const page = await guestAtCheckout(PHONE, language, 1);
    const input = page.locator(".payment-code-input").first();
    // The field at the screen's bottom edge, as when the guest has scrolled it just above the on-screen keyboard:
    // the message appears under it, below the edge.
    await input.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().bottom - window.innerHeight));
    await input.fill("NO-SUCH-CODE");
    await input.press("Enter");
    const message = page.getByRole("alert").filter({ hasText: refusal });
    await message.waitFor();
    const box = await message.evaluate((element) => {
      const { top, bottom } = element.getBoundingClientRect();
      return { top, bottom, height: window.innerHeight };
    });
    assert.ok(
      box.top >= 0 && box.bottom <= box.height,
      `${language}: the message (${Math.round(box.top)}–${Math.round(box.bottom)}) is inside the ${box.height} px window`,
    );
    assert.equal(await input.evaluate((element) => element === document.activeElement), true, "the focus stays");
    await product.screenshot(page, `checkout-phone-${language}-discount-refused`);
    await page.close();
  }
});

for (const [size, viewport, language, remove, heading, empty] of [
  ["phone", PHONE, "da-DK", "Fjern Coca-Cola", "Din bestilling", "Din kurv er tom"],
  ["desktop", DESKTOP, "en-US", "Remove Coca-Cola", "Your order", "Your basket is empty"],
]) {
  test(`${size}, ${language}: removing the last line by keyboard puts the focus on the empty cart's heading`, async () => {
    const page = await guestAtCheckout(viewport, language, 1);
    await page.getByRole("button", { name: remove }).focus();
    await page.keyboard.press("Enter");
    await page.getByText(empty).waitFor();
    // Once it took the focus with it to the page's body: a keyboard user started again at the top.
    await page.waitForFunction(() => document.activeElement !== document.body);
    assert.equal(
      await page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`),
      `H2 ${heading}`,
    );
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.close();
  });
}

describe("refused submits and delivery", () => {
  for (const [size, viewport, language] of [
    ["desktop", DESKTOP, "en-US"],
    ["phone", PHONE, "da-DK"],
  ]) {
    const lang = language.slice(0, 2);
    const t = TEXT[language];
    test(`a refused submit moves focus to the first field in error, and names each field once (${size}, ${language})`, async () => {
      const page = await guestAtCheckout(viewport, language);
      await page.getByRole("checkbox", { name: t.terms }).check();
      await page.getByRole("button", { name: t.placeOrder }).click();
      await page.waitForFunction(() => document.activeElement?.getAttribute("aria-invalid") === "true");
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("name")), "name");
      await visit(page, `${size}-${lang}-errors`);

      // Details entered, time and bag left: focus goes to the time, the message names time and bag once each.
      await fillGuest(page, t);
      await page.getByRole("radio", { name: t.pickup, exact: true }).check();
      const times = page.getByRole("group", { name: t.timeGroup, exact: true }).getByRole("radio");
      await times.first().or(page.getByText(NO_TIMES)).first().waitFor();
      await page.getByRole("button", { name: t.placeOrder }).click();
      await page.getByText(t.missing, { exact: true }).waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute("type") === "radio");
      // The first field in error: today's first time ("as soon as possible"), or, late at night with no time
      // left today, the bag choice.
      const firstInvalid = (await times.count()) > 0 ? times.first() : page.getByRole("radio", { name: t.withBag });
      assert.equal(await firstInvalid.evaluate((input) => input === document.activeElement), true);
      await visit(page, `${size}-${lang}-errors-time-bag`);
      await page.close();
    });
  }

  for (const [size, viewport, language] of [
    ["desktop", DESKTOP, "da-DK"],
    ["phone", PHONE, "en-US"],
  ]) {
    const lang = language.slice(0, 2);
    const t = TEXT[language];
    test(`delivery: named for what it is, no pay at pickup, the fee at the address, floor and door kept (${size}, ${language})`, async () => {
      const page = await guestAtCheckout(viewport, language);
      await page.getByRole("radio", { name: t.pickup, exact: true }).check();
      await page.getByRole("radio", { name: t.payAtPickup }).check();
      await page.getByRole("radio", { name: t.delivery, exact: true }).check();
      await page.getByRole("heading", { level: 2, name: t.deliveryTitle }).waitFor();
      assert.equal(await page.getByRole("radio", { name: t.payAtPickup }).count(), 0, "no pay at pickup");
      const card = page.getByRole("radio", { name: t.card });
      assert.equal(await card.isChecked(), true, "the online method is chosen instead");
      // The bag comes with a delivery: no choice to make, the line says so.
      assert.equal(await page.getByRole("radio", { name: t.ownBag }).count(), 0);

      await page.getByLabel(t.address).fill("Vestergade 1");
      await page.getByLabel(t.floorDoor).fill("3. tv.");
      await page.getByLabel(t.zip).fill("2200");
      if (size === "desktop") {
        // The street on its own row; floor and door beside the zip code, their inputs on one line.
        const tops = await Promise.all(
          [t.floorDoor, t.zip].map(async (label) => (await page.getByLabel(label).boundingBox()).y),
        );
        assert.equal(new Set(tops).size, 1, `floor/door and zip on one line: ${tops}`);
      }
      await page.getByRole("button", { name: t.checkAddress }).click();
      await page.getByText(t.fee).waitFor();
      await page.locator('[data-row="deliveryFee"]').waitFor();
      await visit(page, `${size}-${lang}-delivery`);

      const checkoutId = await page.evaluate(() => localStorage.getItem("checkoutId"));
      const checkout = await apiGet(`/checkout/${checkoutId}`);
      assert.equal(checkout.delivery.address, "Vestergade 1, 3. tv.");
      assert.equal(checkout.delivery.deliveryFee, 39);
      await page.close();
    });
  }

  test("delivery by keyboard: the focus stays where the guest is while the address, the date and the time are saved (phone, Danish)", async () => {
    const t = TEXT["da-DK"];
    const page = await guestAtCheckout(PHONE, "da-DK");
    await page.getByRole("radio", { name: t.delivery, exact: true }).check();
    await page.getByLabel(t.address).fill("Vestergade 1");
    const zip = page.getByLabel(t.zip);
    await zip.fill("2200");
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return element === document.body ? "the page's body" : (element?.getAttribute("name") ?? element?.tagName);
      });
    // Enter in the zip code checks the address: the fields and the button were disabled meanwhile, and a
    // disabled control drops the focus to the body.
    await zip.press("Enter");
    await page.getByText(t.fee).waitFor();
    assert.equal(await focused(), "zipCode", "the focus stays in the zip code");
    const dates = page.getByRole("group", { name: "Leveringsdato" }).getByRole("radio");
    await dates.first().focus();
    await page.keyboard.press("Space");
    const times = page.getByRole("group", { name: "Leveringstidspunkt" }).getByRole("radio");
    await times.first().waitFor();
    assert.equal(await dates.first().isChecked(), true);
    assert.equal(await dates.first().evaluate((radio) => radio === document.activeElement), true, "on the date");
    await times.first().focus();
    await page.keyboard.press("Space");
    await page.waitForFunction((radio) => radio.checked, await times.first().elementHandle());
    // The choice is saved (the checkout has it) before the focus is looked at.
    await page.waitForFunction(() => !document.querySelector("fieldset[aria-busy]"));
    await page.waitForTimeout(300);
    assert.equal(await times.first().evaluate((radio) => radio === document.activeElement), true, "on the time");
    await page.close();
  });

  test("the terms tick is kept after a declined and after a cancelled payment (phone, Danish; desktop, English)", async () => {
    for (const [viewport, language, button] of [
      [PHONE, "da-DK", "Afvis betaling"],
      [DESKTOP, "en-US", "Cancel"],
    ]) {
      const t = TEXT[language];
      const page = await guestAtCheckout(viewport, language);
      await fillGuest(page, t);
      await page.getByRole("radio", { name: t.pickup, exact: true }).check();
      await checkSecondTimeOfFirstDateWithTwo({
        dates: page.getByRole("group", { name: /^(Dato|Date)$/ }).getByRole("radio"),
        times: page.getByRole("group", { name: t.timeGroup, exact: true }).getByRole("radio"),
        noTimes: page.getByText(NO_TIMES),
      });
      await page.getByRole("radio", { name: t.ownBag }).check();
      await page.getByRole("radio", { name: t.card }).check();
      await page.getByRole("checkbox", { name: t.terms }).check();
      await page.getByRole("button", { name: t.placeOrder }).click();
      await page.waitForURL(/\/api\/payment\/test\//);
      await page.getByRole("button", { name: button }).click();
      await page
        .getByRole("heading", { level: 1, name: button.startsWith("Afvis") ? t.failed : t.cancelled })
        .waitFor();
      await page.goto(product.url(HOST, "/checkout"));
      await page.getByRole("button", { name: t.placeOrder }).waitFor();
      assert.equal(await page.getByRole("checkbox", { name: t.terms }).isChecked(), true, `${language}: kept`);
      assert.equal(await page.getByRole("button", { name: t.placeOrder }).isDisabled(), false);
      await page.close();
    }
  });
});

// Last: what every page above reported.
test("no page of the checkout form logged a console error or a Content-Security-Policy violation", () => {
  assert.deepEqual(product.cspViolations, []);
  assert.deepEqual(product.consoleErrors, []);
});
