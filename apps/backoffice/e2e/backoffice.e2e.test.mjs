// Issue 43, "Must show" (browser part): owner A signs in, creates restaurant C on c.localhost, sets its logo, colour
// and settings, and the storefront on c.localhost shows them; the audit log lists each change; axe finds nothing
// serious on any back-office page; the whole flow by keyboard (phone, Danish); a refused save shows each field's
// error in the person's language and keeps what was typed. Screenshots of every page at 390×844 and 1280×800 in
// both languages. The real product (npm start) on a fresh DATA_DIR, in Debian's Chromium.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  createHarness,
  DESKTOP,
  demoLogin,
  headerMenuButton,
  openHeaderMenu,
  PHONE,
  retype,
  screenshot,
  scrollRowLayout,
  seriousAxeViolations,
  settled,
  solidPng,
  TABLET,
  tabTo,
} from "./harness.mjs";

const product = createHarness();
before(product.start);
after(product.stop);

const OWNER_A = () => demoLogin("Owner", "A");
const C = {
  name: "C",
  address: "Cgade 3",
  zipCode: "2200",
  phone: "33 12 34 56",
  receiptEmail: "kvittering@c.example",
  cvrNumber: "12345678",
  host: "c.localhost",
};
const BRAND = "#7a1f5c";
const LOW_CONTRAST = "#f0c000";
const NEW_MEMBER = { email: "ny@c.example", name: "Ny Medarbejder", password: "lange ord der husker godt" };

const TEXT = {
  "da-DK": {
    email: "E-mail",
    password: "Adgangskode",
    signIn: "Log ind",
    forgot: "Glemt adgangskode?",
    dashboard: "Dine restauranter",
    newRestaurant: "Ny restaurant",
    problem: "Der er et problem",
    required: "Navn: Udfyld feltet.",
    saved: "Gemt",
    audit: "Ændringslog",
    staff: "Personale",
    signOutEverywhere: "Log ud alle steder",
  },
  "en-US": {
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    forgot: "Forgot password?",
    dashboard: "Your restaurants",
    newRestaurant: "New restaurant",
    problem: "There is a problem",
    required: "Name: Fill this in.",
    saved: "Saved",
    audit: "Audit log",
    staff: "Staff",
    signOutEverywhere: "Sign out everywhere",
  },
};

/** Set by the first test: restaurant C's id. */
let restaurantC;

const input = (page, label) => page.getByLabel(label, { exact: true });

test("owner A, phone, Danish, keyboard only: creates C on c.localhost with a logo, a colour and settings", async () => {
  const t = TEXT["da-DK"];
  const page = await product.newPage(PHONE);
  await page.goto(product.url("localhost", "/admin/"));
  await page.waitForURL(/\/admin\/sign-in$/);
  await settled(page, "phone-da-sign-in");

  // Forgot password? and back, by keyboard.
  await tabTo(page, page.getByRole("link", { name: t.forgot }));
  await page.keyboard.press("Enter");
  await settled(page, "phone-da-forgot-password");
  await tabTo(page, input(page, t.email));
  await page.keyboard.type(OWNER_A().email);
  await page.keyboard.press("Enter");
  await page.getByText("er et link på vej").waitFor();
  await settled(page, "phone-da-forgot-password-sent");
  await tabTo(page, page.getByRole("link", { name: "Tilbage til log ind" }));
  await page.keyboard.press("Enter");

  // A wrong password: one message for the form; what was typed stays.
  await tabTo(page, input(page, t.email));
  await page.keyboard.type(OWNER_A().email);
  await page.keyboard.press("Tab");
  await page.keyboard.type("not the password");
  await page.keyboard.press("Enter");
  await page.getByText("Forkert e-mail eller adgangskode.").waitFor();
  assert.equal(await input(page, t.email).inputValue(), OWNER_A().email);
  await screenshot(page, "phone-da-sign-in-refused");
  await tabTo(page, input(page, t.password));
  await retype(page, OWNER_A().password);
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 1, name: t.dashboard }).waitFor();
  await settled(page, "phone-da-dashboard");

  // A new restaurant: an empty save is refused in the browser, field by field.
  await tabTo(page, page.getByRole("link", { name: t.newRestaurant }).first());
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 1, name: "Ny restaurant" }).waitFor();
  await tabTo(page, page.getByRole("button", { name: "Opret restaurant" }));
  await page.keyboard.press("Enter");
  const summary = page.locator(".error-summary");
  await summary.waitFor();
  assert.ok(await summary.evaluate((element) => element === document.activeElement), "the summary has the focus");
  assert.match(await summary.innerText(), /Navn: Udfyld feltet\./);
  assert.match(await summary.innerText(), /Postnummer: Skriv postnummeret med 4 cifre\./);
  await settled(page, "phone-da-create-refused");

  // Filled in by keyboard; first with A's host, which the server refuses on that field — what was typed stays.
  for (const [label, value] of [
    ["Navn", C.name],
    ["Adresse", C.address],
    ["Postnummer", C.zipCode],
    ["Telefon", C.phone],
    ["Kvitterings-e-mail", C.receiptEmail],
    ["CVR-nummer", C.cvrNumber],
    ["Værtsnavn 1", "localhost"],
  ]) {
    await tabTo(page, input(page, label), { back: true });
    await retype(page, value);
  }
  await page.keyboard.press("Enter");
  await page.locator("#field-hosts-0-error").waitFor();
  assert.equal(await input(page, "Navn").inputValue(), C.name);
  assert.equal(await input(page, "CVR-nummer").inputValue(), C.cvrNumber);
  await screenshot(page, "phone-da-create-host-taken");
  await tabTo(page, input(page, "Værtsnavn 1"));
  await retype(page, C.host);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/admin\/restaurants\/\d+\/brand$/);
  restaurantC = Number(/restaurants\/(\d+)/.exec(page.url())[1]);
  await page.getByRole("heading", { level: 1, name: C.name }).waitFor();

  // The logo, chosen and uploaded by keyboard.
  const chooser = page.waitForEvent("filechooser");
  await tabTo(page, page.getByLabel("Vælg et billede"));
  await page.keyboard.press("Space");
  await (await chooser).setFiles({ name: "logo.png", mimeType: "image/png", buffer: solidPng(96, [122, 31, 92]) });
  await page.locator(".logo-frame img").waitFor();
  await tabTo(page, page.getByRole("button", { name: "Upload logo" }));
  await page.keyboard.press("Enter");
  await page.locator("form[aria-labelledby=logo-title] .saved-note").getByText(t.saved).waitFor();

  // A colour too light for white text is refused with its measured contrast; then a dark one is saved.
  await tabTo(page, input(page, "Farve (#rrggbb)"));
  await page.keyboard.type(LOW_CONTRAST);
  await page.getByText(/Kontrast til hvid: 1,\d:1, for lav/).waitFor();
  await page.keyboard.press("Enter");
  await page
    .locator("#field-primaryColor-error")
    .getByText(/Kontrasten til hvid er 1,\d:1/)
    .waitFor();
  assert.equal(await input(page, "Farve (#rrggbb)").inputValue(), LOW_CONTRAST);
  await screenshot(page, "phone-da-brand-refused");
  await tabTo(page, input(page, "Farve (#rrggbb)"));
  await retype(page, BRAND);
  await page.getByText(/læsbar/).waitFor();
  await page.keyboard.press("Enter");
  await page.locator("form[aria-labelledby=colour-title] .saved-note").getByText(t.saved).waitFor();
  await settled(page, "phone-da-brand");

  // Settings: the login gate and the pause screen off, MobilePay on.
  await tabTo(page, page.getByRole("link", { name: "Indstillinger" }), { back: true });
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 2, name: "Indstillinger" }).waitFor();
  await settled(page, "phone-da-settings");
  for (const label of ["Gæster logger ind, før de bestiller", "Pauseskærm efter 2 minutter uden brug", "MobilePay"]) {
    await tabTo(page, page.getByRole("checkbox", { name: label }));
    await page.keyboard.press("Space");
  }
  await tabTo(page, page.locator("form[aria-labelledby=settings-title] button[type=submit]"));
  await page.keyboard.press("Enter");
  await page.locator("form[aria-labelledby=settings-title] .saved-note").getByText(t.saved).waitFor();

  // Terms: one section in Danish.
  await tabTo(page, page.getByRole("link", { name: "Betingelser" }), { back: true });
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 2, name: "Betingelser" }).waitFor();
  await tabTo(page, page.getByRole("button", { name: "Tilføj afsnit" }).first());
  await page.keyboard.press("Enter");
  // The new section's heading takes the focus.
  await page.waitForFunction(() => document.activeElement?.id === "field-texts-0-sections-0-heading");
  await page.keyboard.type("1. Om os");
  await page.keyboard.press("Tab");
  await page.keyboard.type("C sælger mad til afhentning.");
  await tabTo(page, page.getByRole("button", { name: "Gem" }));
  await page.keyboard.press("Enter");
  await page.locator(".saved-note").getByText(t.saved).waitFor();
  await settled(page, "phone-da-terms");

  await tabTo(page, page.getByRole("link", { name: "Oplysninger" }), { back: true });
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 2, name: "Oplysninger" }).waitFor();
  await settled(page, "phone-da-details");

  // The audit log lists each change, newest first, with before → after (on a phone, a link in the header's menu).
  await openHeaderMenu(page, { keyboard: true });
  await tabTo(page, page.getByRole("link", { name: t.audit }));
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 1, name: t.audit }).waitFor();
  const entries = page.locator(".audit-entry").filter({ hasText: C.name });
  await entries.first().waitFor();
  assert.ok((await entries.count()) >= 5, `create, logo, colour, settings, terms: ${await entries.count()} entries`);
  const log = await page.locator(".audit-list").innerText();
  assert.match(log, /MobilePay\s*nej\s*→\s*ændret til\s*ja/);
  assert.match(log, /Gæster logger ind, før de bestiller\s*ja\s*→\s*ændret til\s*nej/);
  assert.match(log, /Brandfarve\s*\(tom\)\s*→\s*ændret til\s*#7a1f5c/);
  assert.match(log, /Logo ændret · C/);
  assert.match(log, /c\.localhost/);
  await settled(page, "phone-da-audit");

  // Staff: invite a kitchen member for C; they choose their password through the emailed link.
  await openHeaderMenu(page, { keyboard: true });
  await tabTo(page, page.getByRole("link", { name: t.staff }));
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 1, name: /^Personale i/ }).waitFor();
  await settled(page, "phone-da-staff");
  const invite = page.locator("section[aria-labelledby=invite-title]");
  await tabTo(page, invite.getByLabel(t.email, { exact: true }));
  await page.keyboard.type(NEW_MEMBER.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(NEW_MEMBER.name);
  await tabTo(page, invite.getByRole("checkbox", { name: C.name }));
  await page.keyboard.press("Space");
  await tabTo(page, invite.getByRole("button", { name: "Send invitation" }));
  await page.keyboard.press("Enter");
  await page.getByText(`Invitation sendt til ${NEW_MEMBER.email}.`).waitFor();
  // An invitation to a wrong address is withdrawn again, after a question: its row goes from the list.
  await invite.getByLabel(t.email, { exact: true }).fill("forkert-adresse@example.dk");
  await invite.getByLabel("Navn").fill("Forkert adresse");
  await invite.getByRole("checkbox", { name: C.name }).check();
  await invite.getByRole("button", { name: "Send invitation" }).click();
  const wrong = page.getByRole("article", { name: "Forkert adresse" });
  await wrong.getByRole("button", { name: "Træk invitation tilbage Forkert adresse" }).click();
  await wrong.getByText("Trække invitationen til forkert-adresse@example.dk tilbage?", { exact: false }).waitFor();
  await wrong.getByRole("button", { name: "Træk invitationen tilbage" }).click();
  await wrong.waitFor({ state: "detached" });
  await page.getByRole("article", { name: NEW_MEMBER.name }).waitFor();

  // Signing out everywhere from the account part of the header's menu.
  await openHeaderMenu(page, { keyboard: true });
  await tabTo(page, page.getByRole("button", { name: t.signOutEverywhere }));
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/admin\/sign-in$/);

  const member = await product.newPage(PHONE);
  await member.goto(product.url("localhost", product.linkEmailedTo(NEW_MEMBER.email)));
  await member.getByRole("heading", { level: 1, name: /^Bliv en del af/ }).waitFor();
  await settled(member, "phone-da-link");
  await tabTo(member, member.getByLabel("Ny adgangskode"));
  await member.keyboard.type("for kort");
  await member.keyboard.press("Enter");
  await member.locator("#field-password-error").getByText("Mindst 12 tegn.").waitFor();
  await tabTo(member, member.getByLabel("Ny adgangskode"));
  await retype(member, NEW_MEMBER.password);
  await member.keyboard.press("Enter");
  // Staff of one restaurant land on its orders, as after signing in (they landed on "Dine restauranter", a list of
  // their one restaurant, and only the next sign-in took them to the orders).
  const ordersOfC = new RegExp(`/admin/restaurants/${restaurantC}/orders$`);
  await member.waitForURL(ordersOfC);
  await member.getByRole("heading", { level: 1, name: `Bestillinger · ${C.name}` }).waitFor();
  await settled(member, "phone-da-orders-after-invitation");
  // The Restaurants link still shows the list: staff see their restaurant, not as a link to settings they may not
  // change.
  await openHeaderMenu(member);
  await member.getByRole("link", { name: "Restauranter", exact: true }).click();
  await member.getByRole("heading", { level: 1, name: t.dashboard }).waitFor();
  await member.locator(".restaurant-name", { hasText: C.name }).waitFor();
  assert.equal(await member.getByRole("link", { name: C.name, exact: true }).count(), 0);
  await settled(member, "phone-da-dashboard-staff");
  // Signing out and in again lands in the same place.
  await openHeaderMenu(member);
  await member.getByRole("button", { name: "Log ud", exact: true }).click();
  await member.waitForURL(/\/admin\/sign-in$/);
  await input(member, t.email).fill(NEW_MEMBER.email);
  await input(member, t.password).fill(NEW_MEMBER.password);
  await member.getByRole("button", { name: t.signIn }).click();
  await member.waitForURL(ordersOfC);
  await member.close();
  await page.close();
});

test("the storefront on c.localhost shows C's logo, colour and settings at the next page load", async () => {
  const page = await product.newPage(PHONE);
  await page.goto(product.url(C.host, "/"));
  await page.getByRole("heading", { level: 1 }).waitFor();
  const brand = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue("--brand").trim(),
  );
  assert.equal(brand.toLowerCase(), BRAND);
  const logo = page.locator('img[src*="/brand-images/"]').first();
  await logo.waitFor();
  // Shown is decoded: on a busy machine the element is in the page a moment before its picture has arrived.
  const width = await logo.evaluate((img) =>
    img.decode().then(
      () => img.naturalWidth,
      () => 0,
    ),
  );
  assert.equal(width, 96, "the uploaded logo is shown");
  // The login gate is off: no session login form on the front page.
  assert.equal(await page.getByLabel("Brugernavn").count(), 0);
  await screenshot(page, "phone-da-storefront-c");
  await page.close();
});

test("owner A, desktop, English: a refused save in English keeps what was typed; a new colour reaches the shop", async () => {
  const t = TEXT["en-US"];
  const page = await product.newPage(DESKTOP);
  await page.goto(product.url("localhost", "/admin/sign-in"));
  await page.getByRole("button", { name: "English" }).click();
  await page.getByRole("heading", { level: 1, name: t.signIn }).waitFor();
  await input(page, t.email).fill(OWNER_A().email);
  await input(page, t.password).fill(OWNER_A().password);
  await page.getByRole("button", { name: t.signIn }).click();
  await page.getByRole("heading", { level: 1, name: t.dashboard }).waitFor();
  await page.getByRole("link", { name: C.name, exact: true }).click();
  await page.getByRole("heading", { level: 2, name: "Details" }).waitFor();

  await input(page, "Zip code").fill("22");
  await input(page, "Host name 1").fill("bad host");
  await page.getByRole("button", { name: "Save" }).click();
  const summary = page.locator(".error-summary");
  assert.match(await summary.innerText(), /Zip code: Write the zip code as 4 digits\./);
  assert.match(await summary.innerText(), /Host name 1: Write a host name like/);
  assert.equal(await input(page, "Zip code").inputValue(), "22");
  await screenshot(page, "desktop-en-details-refused");
  await page.reload();

  await page.getByRole("link", { name: "Brand" }).click();
  await input(page, "Colour (#rrggbb)").fill("#1f4e79");
  await page.locator("form[aria-labelledby=colour-title]").getByRole("button", { name: "Save" }).click();
  await page.locator("form[aria-labelledby=colour-title] .saved-note").getByText(t.saved).waitFor();

  const shop = await product.newPage(DESKTOP);
  await shop.goto(product.url(C.host, "/"));
  await shop.getByRole("heading", { level: 1 }).waitFor();
  assert.equal(
    await shop.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand").trim()),
    "#1f4e79",
  );
  await shop.close();

  // Restaurant A's settings name its categories and products by name, not by id: in English where they have an
  // English name (the seed gives each both), as the English back office's other words are.
  await page.goto(product.url("localhost", "/admin/"));
  await page.getByRole("heading", { level: 1, name: t.dashboard }).waitFor();
  await page.getByRole("link", { name: "Bistro Nørrebro", exact: true }).click();
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("heading", { level: 2, name: "Settings" }).waitFor();
  const picked = (label) => input(page, label).locator("option:checked").innerText();
  assert.equal(await picked("Start category"), "None");
  assert.equal(await picked("Category offered before checkout"), "Have you remembered everything?");
  assert.equal(await picked("Bag fee item"), "Bag");
  const bagChoices = await input(page, "Bag fee item").locator("option").allInnerTexts();
  assert.ok(bagChoices.includes("French fries") && !bagChoices.includes("Pose"), "every product in English");
  await settled(page, "desktop-en-settings-of-a");
  await page.close();
});

const SECTIONS = {
  "da-DK": { nav: "Restaurantens afsnit", last: "Betingelser" },
  "en-US": { nav: "Restaurant sections", last: "Terms" },
};

test("the restaurant's nine sections: one row on desktop, tablet and phone in both languages; the current one in view, every one by keyboard", async () => {
  const module = await (await fetch(product.url("localhost", "/api/module/domain/localhost"))).json();
  for (const language of ["da-DK", "en-US"]) {
    const t = TEXT[language];
    const s = SECTIONS[language];
    for (const [viewport, size] of [
      [DESKTOP, "desktop"],
      [TABLET, "tablet"],
      [PHONE, "phone"],
    ]) {
      const page = await product.newPage(viewport);
      await page.addInitScript((lang) => localStorage.setItem("backoffice.language", lang), language);
      await page.goto(product.url("localhost", "/admin/sign-in"));
      await input(page, t.email).fill(OWNER_A().email);
      await input(page, t.password).fill(OWNER_A().password);
      await page.getByRole("button", { name: t.signIn }).click();
      await page.getByRole("heading", { level: 1, name: t.dashboard }).waitFor();
      await page.goto(product.url("localhost", `/admin/restaurants/${module.productionUnitId}/terms`));
      const nav = page.getByRole("navigation", { name: s.nav });
      const current = nav.getByRole("link", { name: s.last, exact: true });
      await current.waitFor();
      assert.equal(await current.getAttribute("aria-current"), "page");
      const layout = await scrollRowLayout(nav);
      assert.equal(layout.rows, 1, `one row, ${size} ${language}`);
      assert.equal(layout.currentInView, true, `the current section in view, ${size} ${language}`);
      if (size === "desktop") assert.equal(layout.allInView, true, `every section in view on a desktop, ${language}`);
      await settled(page, `${size}-${language.slice(0, 2)}-sections-terms`);

      // By keyboard from the first section to the last: each focused link scrolls into view.
      const links = nav.getByRole("link");
      await tabTo(page, links.first());
      for (let index = 0; index < 9; index++) {
        assert.equal(
          (await scrollRowLayout(nav)).focusedInView,
          true,
          `section ${index + 1} in view, ${size} ${language}`,
        );
        if (index < 8) await page.keyboard.press("Tab");
      }
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/settings$/);
      await nav.locator('[aria-current="page"]').waitFor();
      assert.equal((await scrollRowLayout(nav)).currentInView, true);
      await page.close();
    }
  }
});

const HEADER = {
  "da-DK": { menu: "Menu", nav: "Hovedmenu", audit: "Ændringslog", other: "English" },
  "en-US": { menu: "Menu", nav: "Main", audit: "Audit log", other: "Dansk" },
};

/** The header's shown parts: how many rows they take, its height, and whether the page is wider than the screen. */
const headerLayout = (page) =>
  page.evaluate(() => {
    const header = document.querySelector(".app-header");
    const shown = [
      ...header.querySelectorAll(".app-name, .header-row > * > button, .header-row .menu-button, .app-nav"),
    ]
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0);
    const cut = [...header.querySelectorAll("*")].filter(
      (element) =>
        element.checkVisibility() &&
        !element.closest(".visually-hidden") &&
        element.scrollWidth > element.clientWidth + 1,
    );
    return {
      rows: new Set(shown.map((box) => Math.round(box.top + box.height / 2))).size,
      height: Math.round(header.getBoundingClientRect().height),
      cut: cut.map((element) => element.textContent.trim()),
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });

async function signInAs(viewport, language, login) {
  const t = TEXT[language];
  const page = await product.newPage(viewport);
  await page.addInitScript((lang) => localStorage.setItem("backoffice.language", lang), language);
  await page.goto(product.url("localhost", "/admin/sign-in"));
  await input(page, t.email).fill(login.email);
  await input(page, t.password).fill(login.password);
  await page.getByRole("button", { name: t.signIn }).click();
  // Owners and managers land on their restaurants, a kitchen account on its orders.
  await page.waitForURL((url) => !url.pathname.endsWith("/sign-in"));
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page
    .locator(".loading")
    .first()
    .waitFor({ state: "detached" })
    .catch(() => {});
  return page;
}

test("the header on a phone: one row for owner, manager and kitchen in both languages; its menu opens and closes by keyboard", async () => {
  for (const language of ["da-DK", "en-US"]) {
    const h = HEADER[language];
    for (const kind of ["Owner", "Manager", "Kitchen"]) {
      const page = await signInAs(PHONE, language, demoLogin(kind, "A"));
      const closed = await headerLayout(page);
      assert.equal(closed.rows, 1, `one header row, ${kind} ${language}`);
      assert.ok(closed.height <= 64, `a compact header (${closed.height} px), ${kind} ${language}`);
      assert.deepEqual(closed.cut, [], `no cut text in the header, ${kind} ${language}`);
      assert.equal(closed.overflow, 0, `no sideways scroll, ${kind} ${language}`);
      assert.equal(await page.getByRole("navigation", { name: h.nav }).count(), 0, "the links are in the closed menu");

      // By keyboard: Tab to Menu, Enter opens it, Tab enters its links, Escape closes it and the focus comes back.
      const button = page.getByRole("button", { name: h.menu, exact: true });
      await tabTo(page, button);
      assert.equal(await button.getAttribute("aria-expanded"), "false");
      const panel = page.locator(`#${await button.getAttribute("aria-controls")}`);
      await page.keyboard.press("Enter");
      assert.equal(await button.getAttribute("aria-expanded"), "true");
      await panel.waitFor();
      const nav = page.getByRole("navigation", { name: h.nav });
      await page.keyboard.press("Tab");
      assert.equal(
        await nav.evaluate((element) => element.contains(document.activeElement)),
        true,
        "the first Tab after the button is the menu's first link",
      );
      const open = await headerLayout(page);
      assert.equal(open.overflow, 0, `no sideways scroll with the menu open, ${kind} ${language}`);
      assert.deepEqual(open.cut, [], `nothing cut in the open menu (the account's whole name), ${kind} ${language}`);
      await panel.getByRole("button", { name: h.other }).waitFor();
      await panel.getByText(demoLogin(kind, "A").email).waitFor();
      assert.deepEqual(await seriousAxeViolations(page), [], `axe with the menu open, ${kind} ${language}`);
      if (kind === "Owner") await screenshot(page, `phone-${language.slice(0, 2)}-header-menu-open`);
      await page.keyboard.press("Escape");
      await panel.waitFor({ state: "hidden" });
      assert.equal(await button.getAttribute("aria-expanded"), "false");
      assert.equal(await button.evaluate((element) => element === document.activeElement), true, "focus is back");

      // Tab past the menu's last control closes it; a link followed closes it too.
      await page.keyboard.press("Enter");
      await panel.waitFor();
      await tabTo(page, panel.getByRole("button", { name: h.other }));
      await page.keyboard.press("Tab");
      await panel.waitFor({ state: "hidden" });
      if (kind !== "Kitchen") {
        await openHeaderMenu(page, { keyboard: true });
        await tabTo(page, nav.getByRole("link", { name: h.audit }));
        await page.keyboard.press("Enter");
        await page.getByRole("heading", { level: 1, name: h.audit }).waitFor();
        await panel.waitFor({ state: "hidden" });
        assert.equal(await button.getAttribute("aria-expanded"), "false");
      }
      await page.close();
    }
  }
});

test("the header on a tablet and a desktop: the links and the account in the header, one row of tools and one of links", async () => {
  for (const language of ["da-DK", "en-US"]) {
    const h = HEADER[language];
    for (const [viewport, size] of [
      [TABLET, "tablet"],
      [DESKTOP, "desktop"],
    ]) {
      const page = await signInAs(viewport, language, OWNER_A());
      assert.equal(await headerMenuButton(page), null, `no menu button, ${size} ${language}`);
      await page.getByRole("navigation", { name: h.nav }).getByRole("link", { name: h.audit }).waitFor();
      const layout = await headerLayout(page);
      assert.equal(layout.rows, 2, `the name and the account, then the links, ${size} ${language}`);
      assert.deepEqual(layout.cut, [], `no cut text in the header, ${size} ${language}`);
      assert.equal(layout.overflow, 0);
      await screenshot(page, `${size}-${language.slice(0, 2)}-header`);
      await page.close();
    }
  }
});

test("the dashboard: a restaurant's Orders and Kitchen display are buttons alike, side by side, after its host", async () => {
  const names = { "da-DK": ["Bestillinger", "Køkkenskærm"], "en-US": ["Orders", "Kitchen display"] };
  for (const language of ["da-DK", "en-US"]) {
    const [ordersName, kitchenName] = names[language];
    for (const viewport of [PHONE, TABLET, DESKTOP]) {
      const page = await signInAs(viewport, language, OWNER_A());
      const orders = page.getByRole("link", { name: new RegExp(`^${ordersName} · `) }).first();
      const kitchen = page.getByRole("link", { name: new RegExp(`^${kitchenName} ?: `) }).first();
      const look = (link) =>
        link.evaluate((element) => {
          const style = getComputedStyle(element);
          const box = element.getBoundingClientRect();
          const row = element.closest("li");
          const host = row.querySelector(".muted").getBoundingClientRect();
          return {
            look: [style.borderTopStyle, style.borderTopWidth, style.borderTopColor, style.fontWeight, box.height],
            top: box.top,
            left: box.left,
            right: box.right,
            afterHost: box.top >= host.bottom || box.left >= host.right,
          };
        });
      const [a, b] = [await look(orders), await look(kitchen)];
      const where = `${viewport.width}px ${language}`;
      // The kitchen display was once a borderless link, with the host name between it and Orders.
      assert.deepEqual(b.look, a.look, `alike, ${where}`);
      assert.equal(b.top, a.top, `one row, ${where}`);
      assert.ok(b.left > a.right && b.left - a.right < 16, `side by side, ${where}`);
      assert.ok(a.afterHost, `after the host, ${where}`);
      await page.close();
    }
  }
});

/** Every back-office page in one language at one size: axe on each, a screenshot of each. */
async function tour(viewport, language, size) {
  const t = TEXT[language];
  const page = await product.newPage(viewport);
  const shot = (name) => settled(page, `${size}-${language.slice(0, 2)}-${name}`);
  await page.goto(product.url("localhost", "/admin/sign-in"));
  if (language === "en-US") await page.getByRole("button", { name: "English" }).click();
  await page.getByRole("heading", { level: 1, name: t.signIn }).waitFor();
  await shot("sign-in");
  await page.getByRole("link", { name: t.forgot }).click();
  await shot("forgot-password");
  await page.goto(product.url("localhost", "/admin/link/no-such-link"));
  await shot("link-invalid");
  await page.goto(product.url("localhost", "/admin/sign-in"));
  await input(page, t.email).fill(OWNER_A().email);
  await input(page, t.password).fill(OWNER_A().password);
  await page.getByRole("button", { name: t.signIn }).click();
  await page.getByRole("heading", { level: 1, name: t.dashboard }).waitFor();
  await shot("dashboard");
  const menu = await headerMenuButton(page);
  if (menu) await openHeaderMenu(page);
  else await page.locator(".account-menu > button").click();
  await screenshot(page, `${size}-${language.slice(0, 2)}-${menu ? "header-menu" : "account-menu"}`);
  await page.keyboard.press("Escape");
  await page.getByRole("link", { name: t.newRestaurant }).first().click();
  await shot("create");
  for (const [path, name] of [
    ["", "details"],
    ["/brand", "brand"],
    ["/settings", "settings"],
    ["/terms", "terms"],
  ]) {
    await page.goto(product.url("localhost", `/admin/restaurants/${restaurantC}${path}`));
    await page.getByRole("heading", { level: 2 }).first().waitFor();
    await shot(name);
  }
  await openHeaderMenu(page);
  await page.getByRole("link", { name: t.staff }).first().click();
  await page.locator(".member").first().waitFor();
  await shot("staff");
  await openHeaderMenu(page);
  await page.getByRole("link", { name: t.audit }).click();
  await page.locator(".audit-entry").first().waitFor();
  await shot("audit");
  await page.close();
}

test("every page, phone and desktop, Danish and English: axe finds nothing serious", async () => {
  await tour(PHONE, "en-US", "phone");
  await tour(DESKTOP, "da-DK", "desktop");
  await tour(DESKTOP, "en-US", "desktop");
});

test("no page broke its Content-Security-Policy or logged an error", () => {
  assert.deepEqual(product.cspViolations, []);
  assert.deepEqual(product.consoleErrors, []);
});
