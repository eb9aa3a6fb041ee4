// Issue 42, points 1 and 6: a shop the restaurant puts its name on. The terms page (/terms) with the restaurant's
// own terms in both languages, reachable without the session login, and Back to the checkout as the guest left
// it; the restaurant's name in every tab title and in the server's page; the front page's band (today's hours,
// open now, the earliest pickup); the status pages with the logo, the brand colour and the phone. The real
// product (npm start) on a fresh DATA_DIR, in Debian's Chromium, phone and desktop, Danish and English.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { createHarness, DESKTOP, PHONE, screenshotDir, seriousAxeViolations } from "./harness.mjs";

const product = createHarness();
before(product.start);
after(product.stop);

const A = { host: "localhost", name: "Bistro Nørrebro", cvr: "38472915", phone: "35 36 11 22", brand: "#b34a12" };
const B = { host: "127.0.0.1", name: "Pizzeria Aarhus C", cvr: "41257839" };

const TEXT = {
  "da-DK": {
    username: "Brugernavn",
    password: "Adgangskode",
    logIn: "Log ind",
    termsLink: "Læs handelsbetingelserne",
    termsTitle: "Handelsbetingelser",
    withdrawal: "5. Fortrydelsesret og annullering",
    cvr: `CVR-nr. ${A.cvr}`,
    back: "Tilbage",
    otherLanguage: "Read in English",
    checkoutTitle: "Gennemfør din bestilling",
    name: /^Navn/,
    phone: /^Telefonnummer/,
    email: /^E-mail/,
    drinks: "Drikkevarer",
    /** A counter's plus, by the units already in the basket: "Tilføj Cola" at none, then "Tilføj én Cola mere". */
    plus: (name, count) => (count === 0 ? `Tilføj ${name}` : `Tilføj én ${name} mere`),
    frontTitle: "Hvad har du lyst til?",
    notFound: "Siden findes ikke",
    maintenance: /^Vi opdaterer/,
    error: "Beklager, der er opstået en fejl",
    call: `Ring på ${A.phone}`,
    openNow: "Åbent nu",
    allDay: "Døgnåbent",
    readyIn: /^Klar om ca\. \d+ min$/,
    noMore: "Ingen flere afhentninger i dag",
    bPickup: /^(Klar om ca\. \d+ min|Åbner kl\. \d\d:\d\d|Ingen flere afhentninger i dag)$/,
    bState: /^(Åbent nu|Lukket nu)$/,
    ordersAgain: /^Bestil online igen fra kl\. \d\d:\d\d$/,
    pausedNotice: /^Vi tager ikke imod onlinebestillinger lige nu — prøv igen efter \d\d:\d\d$/,
  },
  "en-US": {
    username: "Username",
    password: "Password",
    logIn: "Log in",
    termsLink: "Read the terms of trade",
    termsTitle: "Terms of trade",
    withdrawal: "5. Right of withdrawal and cancellation",
    cvr: `CVR no. ${A.cvr}`,
    back: "Back",
    otherLanguage: "Læs på dansk",
    checkoutTitle: "Complete your order",
    name: /^Name/,
    phone: /^Phone number/,
    email: /^Email/,
    drinks: "Drinks",
    plus: (name, count) => (count === 0 ? `Add ${name}` : `Add one more ${name}`),
    frontTitle: "What do you feel like?",
    notFound: "Page not found",
    maintenance: /^We are updating/,
    error: "Sorry, an error has occurred",
    call: `Call ${A.phone}`,
    openNow: "Open now",
    allDay: "Open 24 hours",
    readyIn: /^Ready in about \d+ min$/,
    noMore: "No more pickups today",
    bPickup: /^(Ready in about \d+ min|Opens at \d\d:\d\d|No more pickups today)$/,
    bState: /^(Open now|Closed now)$/,
    ordersAgain: /^Online orders again from \d\d:\d\d$/,
    pausedNotice: /^We are not taking online orders right now — please try again after \d\d:\d\d$/,
  },
};

const SIZES = { phone: PHONE, desktop: DESKTOP };

/** Screenshot and accessibility check of the page as it is now. */
async function visit(page, name) {
  await product.screenshot(page, `brand-${name}`);
  assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${name}`);
}

/** A page of `host` in `language` (the guest's stored choice), not logged in. */
async function pageIn(viewport, language) {
  const page = await product.newPage(viewport);
  await page.addInitScript((lang) => {
    if (!localStorage.getItem("language")) localStorage.setItem("language", lang);
  }, language);
  return page;
}

async function logInAs(page, language, host = A.host) {
  const t = TEXT[language];
  await page.getByLabel(t.username).fill("e2e-guest");
  await page.getByLabel(t.password).fill(String(await product.productionUnitIdOf(host)));
  await page.getByRole("button", { name: t.logIn }).click();
  await page.locator(".category-tile").first().waitFor();
}

/** From restaurant A's menu, logged in: one Coca-Cola in the basket, then the checkout, shown. */
async function openCheckoutWithACola(page, language) {
  const t = TEXT[language];
  await page.getByRole("link", { name: t.drinks, exact: true }).first().click();
  await page
    .getByRole("button", { name: t.plus("Coca-Cola", 0), exact: true })
    .first()
    .click();
  await page.waitForFunction(() => /\b1\b/.test(document.querySelector(".minicart-button")?.ariaLabel ?? ""));
  await page.goto(product.url(A.host, "/checkout"));
  await page.getByRole("heading", { level: 1, name: t.checkoutTitle }).waitFor();
}

/** The minutes past midnight in Copenhagen now: restaurant A's last pickup slot of the day is at 23:45. */
function copenhagenMinutes() {
  const [h, m] = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Copenhagen", hour: "2-digit", minute: "2-digit" })
    .format(new Date())
    .split(":")
    .map(Number);
  return h * 60 + m;
}

describe("the server's page", () => {
  test("/terms answers 200 with each restaurant's name in its title and its Open Graph tags", async () => {
    for (const { host, name } of [A, B]) {
      const response = await fetch(product.url(host, "/terms"));
      assert.equal(response.status, 200, host);
      const html = await response.text();
      assert.match(html, new RegExp(`<title>Handelsbetingelser · ${name}</title>`), host);
      assert.match(html, new RegExp(`<meta property="og:site_name" content="${name}">`), host);
      assert.match(html, /<meta property="og:image" content="http:\/\/[^"]+\/images\/logo-[ab]\.svg">/, host);
      assert.match(html, /<link rel="icon" href="\/images\/logo-[ab]\.svg">/, host);
      assert.match(
        html,
        new RegExp(`<meta name="description" content="Bestil mad online til afhentning hos ${name}, `),
      );
    }
  });
});

for (const language of ["da-DK", "en-US"]) {
  const t = TEXT[language];
  for (const [size, viewport] of Object.entries(SIZES)) {
    // Phone in Danish, desktop in English: each point at both sizes and in both languages, in half the CI time.
    if ((size === "phone") !== (language === "da-DK")) continue;
    describe(`${size}, ${language}`, () => {
      test("the terms open from the checkout, in both languages, and Back returns to the checkout as it was", async () => {
        const page = await pageIn(viewport, language);
        await page.goto(product.url(A.host));
        await page.getByRole("heading", { level: 1 }).waitFor();
        await logInAs(page, language);
        await openCheckoutWithACola(page, language);
        await page.getByLabel(t.name).fill("Anna Jensen");
        await page.getByLabel(t.phone).fill("20304050");
        await page.getByLabel(t.email).fill("anna@example.dk");

        await page.getByRole("link", { name: t.termsLink }).click();
        await page.getByRole("heading", { level: 1, name: t.termsTitle }).waitFor();
        assert.equal(new URL(page.url()).pathname, "/terms");
        assert.equal(await page.evaluate(() => window.scrollY), 0, "the terms start at their top");
        // The full page is long: the first screen as the guest sees it, too.
        await page.screenshot({ path: join(screenshotDir, `brand-${size}-${language}-terms-first-screen.png`) });
        await page.getByRole("heading", { level: 2, name: t.withdrawal }).waitFor();
        assert.ok(await page.getByText(t.cvr, { exact: true }).isVisible(), "the seller's CVR number");
        await page.waitForFunction((name) => document.title.includes(name), A.name);
        await visit(page, `${size}-${language}-terms`);

        // The other language, from the page itself.
        const other = language === "da-DK" ? TEXT["en-US"] : TEXT["da-DK"];
        await page.getByRole("button", { name: t.otherLanguage }).click();
        await page.getByRole("heading", { level: 2, name: other.withdrawal }).waitFor();
        await page.getByRole("button", { name: other.otherLanguage }).click();
        await page.getByRole("heading", { level: 2, name: t.withdrawal }).waitFor();

        await page.getByRole("button", { name: t.back }).first().click();
        await page.getByRole("heading", { level: 1, name: t.checkoutTitle }).waitFor();
        assert.equal(new URL(page.url()).pathname, "/checkout");
        assert.equal(await page.getByLabel(t.name).inputValue(), "Anna Jensen");
        assert.equal(await page.getByLabel(t.phone).inputValue(), "20304050");
        assert.equal(await page.getByLabel(t.email).inputValue(), "anna@example.dk");
        await page.close();
      });

      test("the terms open without the session login, opened on their own", async () => {
        const page = await pageIn(viewport, language);
        await page.goto(product.url(B.host, "/terms"));
        await page.getByRole("heading", { level: 1, name: t.termsTitle }).waitFor();
        assert.ok(await page.getByText(B.cvr, { exact: false }).first().isVisible(), "B's own CVR number");
        assert.equal(await page.getByText(A.name).count(), 0, "nothing of restaurant A");
        assert.equal(await page.getByLabel(t.password).count(), 0, "no login form");
        await page.getByRole("link", { name: t.back }).first().click();
        await page.getByRole("heading", { level: 1, name: t.frontTitle }).waitFor();
        await page.close();
      });

      test("every tab title carries the restaurant's name: /, /menu/{id}, /checkout, /notfound", async () => {
        const page = await pageIn(viewport, language);
        await page.goto(product.url(A.host));
        await page.getByRole("heading", { level: 1, name: t.frontTitle }).waitFor();
        await logInAs(page, language);
        await page.waitForFunction((title) => document.title === title, `${t.frontTitle} · ${A.name}`);
        const menuPath = await page.locator("a.category-tile").first().getAttribute("href");
        for (const path of [menuPath, "/checkout", "/notfound"]) {
          await page.goto(product.url(A.host, path));
          await page.getByRole("heading", { level: 1 }).waitFor();
          await page.waitForFunction((name) => document.title.endsWith(` · ${name}`), A.name);
        }
        await page.close();
      });

      test("the front page's band: today's hours, open now, and when an order would be ready", async () => {
        const page = await pageIn(viewport, language);
        await page.goto(product.url(A.host));
        const band = page.locator(".restaurant-band");
        await band.waitFor();
        await band.getByText(t.openNow, { exact: true }).waitFor();
        await band.getByText(t.allDay, { exact: true }).waitFor();
        const pickup = band.locator(".band-pickup span:not(.skeleton)");
        await pickup.waitFor();
        const late = copenhagenMinutes() >= 23 * 60 + 25;
        if (late) assert.match((await pickup.textContent()) ?? "", new RegExp(`${t.readyIn.source}|^${t.noMore}$`));
        else assert.match((await pickup.textContent()) ?? "", t.readyIn);
        console.log(`band height ${size} ${language}: ${(await band.boundingBox())?.height}`);
        await visit(page, `${size}-${language}-front-login`);
        await logInAs(page, language);
        await band.waitFor();
        await visit(page, `${size}-${language}-front`);

        // Restaurant B keeps ordinary hours: whatever the hour, the band says open or closed and a pickup line.
        const b = await pageIn(viewport, language);
        await b.goto(product.url(B.host));
        const bBand = b.locator(".restaurant-band");
        await bBand.locator(".band-pickup span:not(.skeleton)").waitFor();
        assert.match((await bBand.locator(".band-state").textContent()) ?? "", t.bState);
        assert.match((await bBand.locator(".band-pickup").textContent()) ?? "", t.bPickup);
        await visit(b, `${size}-${language}-front-b`);
        await page.close();
        await b.close();
      });

      test("not found, maintenance and error keep the logo, the brand colour and the phone", async () => {
        const page = await pageIn(viewport, language);
        const pages = [
          ["notfound", "/no/such/page", t.notFound],
          ["error", "/error", t.error],
        ];
        for (const [name, path, title] of pages) {
          await page.goto(product.url(A.host, path));
          await page.getByRole("heading", { level: 1, name: title }).waitFor();
          await assertBranded(page, t);
          await visit(page, `${size}-${language}-${name}`);
        }
        await product.setMaintenance(true);
        try {
          // The flag is watched: the next page load reads it within moments.
          for (let tries = 0; tries < 20; tries++) {
            await page.goto(product.url(A.host));
            if (new URL(page.url()).pathname === "/maintenance") break;
            await page.waitForTimeout(250);
          }
          await page.getByRole("heading", { level: 1, name: t.maintenance }).waitFor();
          await assertBranded(page, t);
          await visit(page, `${size}-${language}-maintenance`);
        } finally {
          await product.setMaintenance(false);
        }
        await page.close();
      });
    });
  }
}

/** The restaurant's logo, its brand colour on the page, its phone as a tel: link and its address. */
async function assertBranded(page, t) {
  const logo = page.locator(".brand-bar img.logo-image");
  await logo.waitFor();
  assert.equal(await logo.getAttribute("src"), "/images/logo-a.svg");
  const brand = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue("--brand").trim(),
  );
  assert.equal(brand, A.brand);
  const call = page.getByRole("link", { name: t.call });
  assert.equal(await call.getAttribute("href"), "tel:+4535361122");
  assert.ok(await page.getByText("Nørrebrogade 42, 2200 København N").isVisible(), "the address");
  await page.waitForFunction((name) => document.title.endsWith(` · ${name}`), A.name);
}

/**
 * Restaurant A's manager (the README's demo login) pauses or resumes online orders through the back office's
 * own API, as its "Sold out and pause" dialog does: signed in, with the session's CSRF token.
 */
async function setOrderingPause(body) {
  const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
  const [, email, password] = /Manager login A: `([^`]+)` \/ `([^`]+)`/.exec(readme);
  const page = await product.newPage(DESKTOP);
  try {
    await page.goto(product.url(A.host, "/admin/sign-in"));
    const answer = await page.evaluate(
      async ({ email, password, body }) => {
        const json = { "content-type": "application/json" };
        await fetch("/api/admin/session", { method: "POST", headers: json, body: JSON.stringify({ email, password }) });
        const { csrfToken } = await (await fetch("/api/admin/me")).json();
        const headers = { ...json, "x-csrf-token": csrfToken };
        const { restaurants } = await (await fetch("/api/admin/restaurants")).json();
        const id = restaurants.find((r) => r.hosts.includes("localhost")).id;
        const paused = await fetch(`/api/admin/restaurants/${id}/pause`, {
          method: "POST",
          headers,
          body: JSON.stringify(body),
        });
        return paused.status;
      },
      { email, password, body },
    );
    assert.equal(answer, 200, `pause ${JSON.stringify(body)}`);
  } finally {
    await page.close();
  }
}

describe("online orders paused by the restaurant", () => {
  test("the band says when orders open again instead of 'ready in', and the checkout says it before the details", async () => {
    await setOrderingPause({ kind: "pause", minutes: 30 });
    try {
      for (const [size, language] of [
        ["phone", "da-DK"],
        ["desktop", "en-US"],
      ]) {
        const t = TEXT[language];
        const page = await pageIn(SIZES[size], language);
        await page.goto(product.url(A.host));
        await logInAs(page, language);
        const pickup = page.locator(".restaurant-band .band-pickup span:not(.skeleton)");
        await pickup.waitFor();
        assert.match((await pickup.textContent()) ?? "", t.ordersAgain);
        await page.locator(".ordering-notice").waitFor();
        await visit(page, `${size}-${language}-paused-front`);

        await openCheckoutWithACola(page, language);
        const notice = page.locator(".ordering-notice");
        await notice.waitFor();
        assert.match((await notice.textContent()) ?? "", t.pausedNotice);
        const name = page.getByLabel(t.name);
        await name.waitFor();
        assert.ok((await notice.boundingBox()).y < (await name.boundingBox()).y, "said before the guest types");
        await visit(page, `${size}-${language}-paused-checkout`);
        await page.close();
      }
    } finally {
      await setOrderingPause({ kind: "resume" });
    }
  });
});

describe("a pause that starts after the front page loaded", () => {
  test("the band and the notice change together when staff pause, and again when they lift the pause early", async () => {
    const t = TEXT["en-US"];
    const page = await pageIn(DESKTOP, "en-US");
    try {
      await page.goto(product.url(A.host));
      await logInAs(page, "en-US");
      const pickup = page.locator(".restaurant-band .band-pickup span:not(.skeleton)");
      const orderable = new RegExp(`${t.readyIn.source}|^${t.noMore}$`);
      await pickup.waitFor();
      assert.match((await pickup.textContent()) ?? "", orderable);
      // The guest coming back to the tab reads the hours at once, as the 30 s read would.
      const cameBack = () => page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await setOrderingPause({ kind: "pause", minutes: 30 });
      try {
        await cameBack();
        await page.locator(".ordering-notice").waitFor();
        await page.waitForFunction(
          (source) => new RegExp(source).test(document.querySelector(".band-pickup")?.textContent ?? ""),
          t.ordersAgain.source,
        );
        await visit(page, "desktop-en-US-paused-after-load");
      } finally {
        await setOrderingPause({ kind: "resume" });
      }
      await cameBack();
      await page.locator(".ordering-notice").waitFor({ state: "detached" });
      await page.waitForFunction(
        (source) => new RegExp(source).test(document.querySelector(".band-pickup")?.textContent ?? ""),
        orderable.source,
      );
    } finally {
      await page.close();
    }
  });
});

test("no page broke the CSP or logged an error", () => {
  assert.deepEqual(product.cspViolations, []);
  assert.deepEqual(product.consoleErrors, []);
});
