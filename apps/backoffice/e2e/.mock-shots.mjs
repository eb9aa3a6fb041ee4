import { chromium } from "playwright-core";

const base = "http://127.0.0.1:45123/admin";
const me = {
  account: {
    id: "8b0c7c1e-0000-4000-8000-000000000001",
    email: "ejer@bistro-norrebro.example",
    name: "Ejer, Bistro Nørrebro",
  },
  memberships: [
    { organisationId: 1, organisationName: "Bistro Nørrebro ApS", role: "owner", productionUnitIds: [1, 3] },
  ],
  csrfToken: "x",
};
const settings = {
  terms: null,
  requiredGuestInformation: { name: true, phone: true, email: true },
  enforceCapacity: true,
  showExpandedCart: true,
  orderIdType: "external",
  receiptType: "email",
  deliveryEnabled: false,
  showClosedFrontpageMessage: false,
  onlinePayment: true,
  mobilepay: false,
  payAtPickup: false,
  startCategory: null,
  precheckoutCategory: null,
  bagFeeItem: null,
  smileyUrl: null,
  primaryColor: "#b34a12",
  requireLogin: true,
  pauseWhenIdle: true,
};
const restaurant = {
  id: 3,
  organisationId: 1,
  moduleId: 3,
  name: "C",
  address: "Cgade 3",
  zipCode: "2200",
  phone: "33 12 34 56",
  receiptEmail: "kvittering@c.example",
  cvrNumber: "12345678",
  timeZone: "Europe/Copenhagen",
  hosts: ["c.localhost"],
  defaultLanguage: "da-DK",
  settings,
  logo: null,
  maintenance: false,
  terms: null,
};
const answers = {
  "/me": me,
  "/restaurants": {
    restaurants: [
      { id: 1, organisationId: 1, name: "Bistro Nørrebro", hosts: ["localhost"], maintenance: false },
      { id: 3, organisationId: 1, name: "C", hosts: ["c.localhost"], maintenance: true },
    ],
  },
  "/restaurants/3": restaurant,
  "/organisations/1/staff": {
    members: [
      {
        accountId: me.account.id,
        email: me.account.email,
        name: me.account.name,
        role: "owner",
        productionUnitIds: [1, 3],
        disabled: false,
        active: true,
      },
      {
        accountId: "8b0c7c1e-0000-4000-8000-000000000002",
        email: "kokken@bistro-norrebro.example",
        name: "Køkkenet, Bistro Nørrebro",
        role: "staff",
        productionUnitIds: [1],
        disabled: false,
        active: true,
      },
    ],
  },
  "/audit": {
    entries: [
      {
        id: 2,
        at: "2026-11-29T00:40:00.000Z",
        organisationId: 1,
        productionUnitId: 3,
        restaurantName: "C",
        accountId: me.account.id,
        actorName: me.account.name,
        actorEmail: me.account.email,
        action: "settings.update",
        before: { ...settings, mobilepay: false },
        after: { ...settings, mobilepay: true, requireLogin: false },
      },
      {
        id: 1,
        at: "2026-11-29T00:39:00.000Z",
        organisationId: 1,
        productionUnitId: 3,
        restaurantName: "C",
        accountId: me.account.id,
        actorName: me.account.name,
        actorEmail: me.account.email,
        action: "restaurant.create",
        before: null,
        after: { name: "C", hosts: ["c.localhost"], zipCode: "2200" },
      },
    ],
    nextBefore: null,
  },
};
const [size, lang] = process.argv.slice(2);
const viewport = size === "phone" ? { width: 390, height: 844 } : { width: 1280, height: 800 };
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const context = await browser.newContext({ viewport });
await context.addInitScript((l) => localStorage.setItem("backoffice.language", l), lang);
await context.route("**/api/admin/**", (route) => {
  const path = new URL(route.request().url()).pathname.replace("/api/admin", "");
  const body = answers[path];
  return route.fulfill({
    status: body ? 200 : 404,
    contentType: "application/json",
    body: JSON.stringify(body ?? { errors: [{ code: "NOT_FOUND", message: "x" }] }),
  });
});
const page = await context.newPage();
page.on("pageerror", (e) => console.log("pageerror:", e.message));
for (const [path, name] of [
  ["/", "dashboard"],
  ["/organisations/1/restaurants/new", "create"],
  ["/restaurants/3", "details"],
  ["/restaurants/3/brand", "brand"],
  ["/restaurants/3/settings", "settings"],
  ["/restaurants/3/terms", "terms"],
  ["/organisations/1/staff", "staff"],
  ["/audit", "audit"],
]) {
  await page.goto(base + path);
  await page.waitForTimeout(700);
  await page.screenshot({ path: `/work/wt/shots-backoffice/mock-${size}-${lang}-${name}.png`, fullPage: true });
}
await browser.close();
