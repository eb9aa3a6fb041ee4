// Issue 45 point 4 in the browser: restaurant A's owner edits tomorrow's opening hours by keyboard only (a time
// that does not parse is refused on its field and stays as typed; then two ranges, lunch and evening), and the
// storefront's API answers tomorrow's pickup slots from them at once. A save someone else overtook says who saved
// and keeps what was typed. axe finds nothing serious; screenshots at 390×844 and 1280×800 in both languages.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  createHarness,
  DESKTOP,
  demoLogin,
  PHONE,
  retype,
  screenshot,
  seriousAxeViolations,
  signIn,
  tabTo,
} from "./harness.mjs";

const product = createHarness();
before(product.start);
after(product.stop);

const OWNER_A = () => demoLogin("Owner", "A");
const ZONE = "Europe/Copenhagen";
const TEXT = {
  "da-DK": { link: "Åbningstider", saved: "Gemt" },
  "en-US": { link: "Hours", saved: "Saved" },
};

/** Restaurant A's local date `days` from now, and its ISO weekday (1 = Monday). */
function localDate(days) {
  const instant = new Date(Date.now() + days * 86_400_000);
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(instant);
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
  return { date, weekday };
}

/** Restaurant A's pickup slots of a date, as the storefront asks for them (a guest token). */
async function guestSlots(date) {
  const url = (path) => product.url("localhost", path);
  const module = await (await fetch(url("/api/module/domain/localhost"))).json();
  const { token } = await (await fetch(url(`/api/token/${module.productionUnitId}`))).json();
  const res = await fetch(url(`/api/availableordertime/${module.capacityInstanceId}/${date}`), {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).map((slot) => slot.time);
}

/** Local HH:MM of a slot time, in the restaurant's zone. */
const hhmm = (time) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(time),
  );

async function openHours(viewport, language) {
  const t = TEXT[language];
  const page = await product.newPage(viewport);
  await signIn(page, product, OWNER_A(), language);
  const restaurants = await page.evaluate(
    async () => (await (await fetch("/api/admin/restaurants")).json()).restaurants,
  );
  const restaurantA = restaurants.find((r) => r.hosts.includes("localhost")) ?? restaurants[0];
  await page.goto(product.url("localhost", `/admin/restaurants/${restaurantA.id}`));
  const link = page.getByRole("link", { name: t.link, exact: true });
  await tabTo(page, link);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/hours$/);
  await page.locator(".hours-form").first().waitFor();
  return { page, restaurantId: restaurantA.id };
}

async function axeClean(page, name) {
  assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${name}`);
}

test("owner A, desktop, Danish, keyboard only: a refused time stays on its field; two ranges tomorrow reach the storefront's slots", async () => {
  const tomorrow = localDate(1);
  const { page } = await openHours(DESKTOP, "da-DK");
  await axeClean(page, "the hours page");
  await screenshot(page, "desktop-da-hours");

  const day = page.locator("fieldset.day").filter({ has: page.getByRole("button", { name: /Tilføj et tidsrum/ }) });
  const opening = page.getByRole("region", { name: "Åbningstider (afhentning)" });
  const tomorrowDay = opening.locator("fieldset.day").nth(tomorrow.weekday - 1);
  assert.ok((await day.count()) >= 14, "seven days of opening and of delivery hours");
  // The day's legend starts with a capital; inside a sentence a Danish weekday does not ("Kopiér Mandag" read wrong).
  const monday = opening.locator("fieldset.day").first();
  assert.equal(await monday.locator("legend").innerText(), "Mandag");
  await monday.getByRole("button", { name: "Kopiér mandag til alle dage", exact: true }).waitFor({ timeout: 5_000 });
  await monday
    .getByRole("button", { name: /^Fjern \d\d:\d\d–\d\d:\d\d om mandagen$/ })
    .first()
    .waitFor({ timeout: 5_000 });

  // A is open 00:00–24:00 every day: tomorrow becomes 12:00–25:00 first (refused), then 12:00–13:00.
  await tabTo(page, tomorrowDay.getByLabel("Åbner"), { limit: 150 });
  await retype(page, "12:00");
  await page.keyboard.press("Tab");
  await retype(page, "25:00");
  await tabTo(page, page.getByRole("button", { name: "Gem tider" }), { limit: 150 });
  await page.keyboard.press("Enter");
  const summary = page.getByRole("alert").filter({ hasText: "Der er et problem" });
  await summary.waitFor();
  const closes = tomorrowDay.getByLabel("Lukker");
  assert.equal(await closes.inputValue(), "25:00", "what was typed stays");
  await tomorrowDay.getByText("Skriv et tidspunkt som TT:MM, f.eks. 11:30.").waitFor();
  assert.equal(await closes.getAttribute("aria-invalid"), "true");
  await axeClean(page, "the refused hours");
  await screenshot(page, "desktop-da-hours-refused");

  await tabTo(page, closes);
  await retype(page, "13:00");
  // A second range, the evening: the new row's first field takes the focus.
  await tabTo(page, tomorrowDay.getByRole("button", { name: /Tilføj et tidsrum/ }));
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.activeElement?.getAttribute("name")?.endsWith(".opens"));
  await retype(page, "18:00");
  await page.keyboard.press("Tab");
  await retype(page, "19:00");
  await tabTo(page, page.getByRole("button", { name: "Gem tider" }), { limit: 150 });
  await page.keyboard.press("Enter");
  await page.getByRole("status").filter({ hasText: "Gemt" }).first().waitFor();

  const times = (await guestSlots(tomorrow.date)).map(hhmm);
  assert.deepEqual(times, ["12:00", "12:15", "12:30", "12:45", "18:00", "18:15", "18:30", "18:45"]);
  await screenshot(page, "desktop-da-hours-saved");
  await page.close();
});

test("phone and desktop, English and Danish: a save someone else overtook names them and keeps what was typed", async () => {
  const { page, restaurantId } = await openHours(PHONE, "en-US");
  await axeClean(page, "the hours page on a phone");
  await screenshot(page, "phone-en-hours");
  // Someone else saves a closed date after this page read the hours.
  const other = await page.evaluate(async (id) => {
    const me = await (await fetch("/api/admin/me")).json();
    const hours = await (await fetch(`/api/admin/restaurants/${id}/hours`)).json();
    const body = { ...hours, closed: [...hours.closed, { date: "2030-12-24", reason: "Christmas" }] };
    const res = await fetch(`/api/admin/restaurants/${id}/hours`, {
      method: "PUT",
      headers: { "content-type": "application/json", "x-csrf-token": me.csrfToken },
      body: JSON.stringify(body),
    });
    return res.status;
  }, restaurantId);
  assert.equal(other, 200);
  const lead = page.getByLabel("Minutes the kitchen needs (lead time)");
  // From the save button back to the closed dates' add button, just above it.
  await page.getByRole("button", { name: "Save hours" }).focus();
  await tabTo(page, page.getByRole("button", { name: "Add a closed date" }), { back: true });
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.activeElement?.getAttribute("name")?.startsWith("closed."));
  // A screen reader hears which row a remove button takes away, also before its date is typed.
  await page.getByRole("button", { name: "Remove this new closed date", exact: true }).waitFor();
  // Chromium's date field: month, day, year as the browser's locale (en-US) orders them; Tab walks its parts.
  await page.keyboard.type("12312030");
  await tabTo(page, page.getByLabel("Reason (only shown here)").last());
  await page.keyboard.type("New year");
  // The field shows the browser's order (12/31/2030 here, 31.12.2030 on a Danish browser); the app says the day in
  // its own language beside it, and names the row's remove button by it.
  await page.getByText("Tue, Dec 31, 2030", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Remove closed date Tue, Dec 31, 2030", exact: true }).waitFor();
  await tabTo(page, page.getByRole("button", { name: "Save hours" }));
  await page.keyboard.press("Enter");
  const notice = page.getByRole("alert").filter({ hasText: "Someone saved first" });
  await notice.waitFor();
  assert.match(await notice.innerText(), /saved this at/);
  assert.equal(await page.getByLabel("Reason (only shown here)").last().inputValue(), "New year");
  await axeClean(page, "the conflict notice");
  await screenshot(page, "phone-en-hours-conflict");
  await notice.getByRole("button", { name: "Load the latest version" }).click();
  await notice.waitFor({ state: "detached" });
  await lead.waitFor();
  await screenshot(page, "phone-en-hours-ordering");
  await page.close();

  for (const [viewport, language, name] of [
    [PHONE, "da-DK", "phone-da-hours"],
    [DESKTOP, "en-US", "desktop-en-hours"],
  ]) {
    const opened = await openHours(viewport, language);
    await axeClean(opened.page, name);
    await screenshot(opened.page, name);
    await opened.page.close();
  }
});
