/**
 * A restaurant set up without SQL (issue 43, point 5): who may read, create and edit which restaurant, host
 * names unique across the server, the logo checked by its bytes, the brand colour's contrast, the maintenance
 * flag per restaurant, an audit entry per change — and the storefront on the new host showing each change at
 * its next page load. On PGlite and on PostgreSQL.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CreateRestaurantRequest, Restaurant } from "@app/contracts";
import { LOGO_MAX_BYTES } from "@app/contracts";
import { schema } from "@app/db";
import { asc, desc, eq } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { type AdminSession, organisationOf, signInAs } from "../../testing/admin-session";
import { JPEG_1X1, PNG_1X1, pngDeclaring, SVG, WEBP_LOSSY_1X1 } from "../../testing/image-fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { withHostsClaimed } from "./host-names";
import { readRestaurant } from "./read-restaurant";

/** A storefront build of one page, so GET / on a host answers the shop's page with its data blocks and head. */
const dist = mkdtempSync(join(tmpdir(), "restaurant-setup-dist-"));
mkdirSync(join(dist, "assets"));
writeFileSync(
  join(dist, "index.html"),
  '<!doctype html><html><head><meta name="description" content="food" /><title>shop</title></head><body></body></html>',
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const newRestaurant = (name: string, hosts: string[]): CreateRestaurantRequest => ({
  name,
  address: "Jægergårdsgade 1, 8000 Aarhus C",
  zipCode: "8000",
  phone: "86000000",
  receiptEmail: "kvittering@example.dk",
  cvrNumber: "12345678",
  timeZone: "Europe/Copenhagen",
  hosts,
  defaultLanguage: "da-DK",
});

describe.each(await testDbKinds())("restaurants in the back office, on %s", (kind) => {
  let t: TestApp;
  let unitA: number;
  let unitB: number;
  let orgA: number;
  let orgB: number;
  let ownerA: AdminSession;
  let ownerB: AdminSession;
  let managerA: AdminSession;
  let managerB: AdminSession;
  let staffA: AdminSession;
  /** A restaurant owner A creates for the edits below. */
  let created: Restaurant;
  let hostCounter = 0;
  const freshHost = () => `r${++hostCounter}-${kind}.example.dk`;

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { STOREFRONT_DIST: dist } });
    unitA = t.restaurantA.module.productionUnitId;
    unitB = t.restaurantB.module.productionUnitId;
    [orgA, orgB] = await Promise.all([organisationOf(t.db, unitA), organisationOf(t.db, unitB)]);
    const now = t.clock.now();
    ownerA = await signInAs(t.db, { organisationId: orgA, role: "owner", now });
    ownerB = await signInAs(t.db, { organisationId: orgB, role: "owner", now });
    managerA = await signInAs(t.db, { organisationId: orgA, role: "manager", productionUnitIds: [unitA], now });
    managerB = await signInAs(t.db, { organisationId: orgB, role: "manager", productionUnitIds: [unitB], now });
    staffA = await signInAs(t.db, { organisationId: orgA, role: "staff", productionUnitIds: [unitA], now });
    created = await create(ownerA, orgA, newRestaurant("Restaurant C", ["c.localhost"]));
  }, 60_000);
  afterAll(() => t?.close());

  async function create(who: AdminSession, organisationId: number, body: CreateRestaurantRequest) {
    const res = await t.request({
      method: "POST",
      url: `/api/admin/organisations/${organisationId}/restaurants`,
      headers: who.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Restaurant>();
  }

  /** A save as the back office sends it: every section with its version as stored just before (section-versions.test.ts pins stale ones). */
  const put = async (who: AdminSession, id: number, payload: object) => {
    const versions = (await readRestaurant(t.db, id).catch(() => undefined))?.versions ?? {};
    return t.request({
      method: "PUT",
      url: `/api/admin/restaurants/${id}`,
      headers: who.headers,
      payload: { ...payload, versions },
    });
  };
  const get = (who: AdminSession, url: string) => t.request({ method: "GET", url, headers: who.readHeaders });
  const upload = (who: AdminSession, id: number, bytes: Buffer, contentType: string) =>
    t.request({
      method: "POST",
      url: `/api/admin/restaurants/${id}/logo`,
      headers: { ...who.headers, "content-type": contentType },
      payload: bytes,
    });
  const firstError = (res: { json: () => { errors: { code: string; field?: string; message: string }[] } }) =>
    res.json().errors[0]!;

  /** The shop's page on `host` as a guest's browser loads it. */
  const shopPage = async (host: string) => (await t.request({ method: "GET", url: "/", headers: { host } })).body;

  describe("creating", () => {
    test("an owner creates a restaurant of their organisation, ready to sell on its host at once", async () => {
      expect(created).toMatchObject({
        organisationId: orgA,
        name: "Restaurant C",
        hosts: ["c.localhost"],
        defaultLanguage: "da-DK",
        logo: null,
        maintenance: false,
        terms: null,
      });
      // The spec's defaults (SPEC §3).
      expect(created.settings).toMatchObject({
        enforceCapacity: true,
        showExpandedCart: true,
        orderIdType: "external",
      });

      const module = await t.request({ method: "GET", url: "/api/module/domain/c.localhost" });
      expect(module.statusCode).toBe(200);
      expect(module.json()).toMatchObject({ id: created.moduleId, productionUnitId: created.id, type: 0 });
      const { token } = (await t.request({ method: "GET", url: `/api/token/${created.id}` })).json();
      const auth = { authorization: `Bearer ${token}` };
      const menus = await t.request({
        method: "GET",
        url: `/api/menu?instanceId=${module.json().menuInstanceId}`,
        headers: auth,
      });
      expect(menus.json()).toEqual([expect.objectContaining({ active: true })]);
      const hours = await t.request({
        method: "GET",
        url: `/api/productionunit/${created.id}/OpeningHour/v2/today`,
        headers: auth,
      });
      expect(hours.json()).toMatchObject({ open: "11:00", close: "21:00" });
      expect(await shopPage("c.localhost")).toContain("Restaurant C");
    });

    test("the new restaurant is in its owner's list, and only theirs", async () => {
      const mine = (await get(ownerA, "/api/admin/restaurants")).json().restaurants;
      expect(mine.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([unitA, created.id]));
      const theirs = (await get(ownerB, "/api/admin/restaurants")).json().restaurants;
      expect(theirs.map((r: { id: number }) => r.id)).toEqual([unitB]);
    });

    test("is refused to an owner of another organisation (404), a manager and staff (403), no session (401)", async () => {
      const body = newRestaurant("Not made", [freshHost()]);
      const url = `/api/admin/organisations/${orgA}/restaurants`;
      const as = async (headers: Record<string, string>) =>
        (await t.request({ method: "POST", url, headers, payload: body })).statusCode;
      expect(await as(ownerB.headers)).toBe(404);
      expect(await as(managerA.headers)).toBe(403);
      expect(await as(staffA.headers)).toBe(403);
      expect(await as({ host: "localhost", origin: "http://localhost" })).toBe(401);
    });

    test("is refused without the CSRF token or from a foreign origin", async () => {
      const url = `/api/admin/organisations/${orgA}/restaurants`;
      const payload = newRestaurant("Not made", [freshHost()]);
      const { "x-csrf-token": _token, ...withoutToken } = ownerA.headers;
      expect((await t.request({ method: "POST", url, headers: withoutToken, payload })).statusCode).toBe(403);
      const foreign = { ...ownerA.headers, origin: "https://evil.example" };
      expect((await t.request({ method: "POST", url, headers: foreign, payload })).statusCode).toBe(403);
    });

    test("a host another restaurant answers on is 409, naming which one, however it is typed", async () => {
      const res = await t.request({
        method: "POST",
        url: `/api/admin/organisations/${orgB}/restaurants`,
        headers: ownerB.headers,
        payload: newRestaurant("Copy", [freshHost(), "C.Localhost:8080"]),
      });
      expect(res.statusCode).toBe(409);
      expect(firstError(res)).toMatchObject({ code: "Input.HostTaken", field: "hosts.1" });
      expect(firstError(res).message).toContain("c.localhost");
    });

    test("a save that loses the race for a host (the primary key refuses it) is answered like the check", async () => {
      const refused = await withHostsClaimed(t.db, ["free.example.dk", "Localhost"], "hosts", undefined, () =>
        t.db.insert(schema.moduleDomain).values({ host: "localhost", moduleId: t.restaurantB.module.id }),
      ).catch((error: unknown) => error);
      expect(refused).toMatchObject({ status: 409, code: "Input.HostTaken", field: "hosts.1" });
    });

    test("two owners claiming the same new host at once: one gets it, the other 409", async () => {
      const host = freshHost();
      const answers = await Promise.all(
        [
          [ownerA, orgA],
          [ownerB, orgB],
        ].map(([who, organisationId]) =>
          t.request({
            method: "POST",
            url: `/api/admin/organisations/${organisationId}/restaurants`,
            headers: (who as AdminSession).headers,
            payload: newRestaurant("Race", [host]),
          }),
        ),
      );
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      expect(firstError(answers.find((res) => res.statusCode === 409)!)).toMatchObject({ field: "hosts.0" });
    });
  });

  describe("reading", () => {
    test("owners and managers of the restaurant read it whole, with the spec's default settings", async () => {
      for (const who of [ownerA, managerA]) {
        const res = await get(who, `/api/admin/restaurants/${unitA}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: unitA, hosts: ["localhost"], organisationId: orgA });
      }
      const b = await get(ownerB, `/api/admin/restaurants/${unitB}`);
      expect(b.statusCode, b.body).toBe(200);
      expect(b.json()).toMatchObject({ id: unitB, hosts: ["127.0.0.1"], organisationId: orgB });
    });

    test("every restaurant route is in the OpenAPI document under the back office's tag", async () => {
      const doc = (await t.request({ method: "GET", url: "/api/openapi.json" })).json();
      for (const [path, method] of [
        ["/api/admin/restaurants", "get"],
        ["/api/admin/restaurants/{restaurantId}", "get"],
        ["/api/admin/restaurants/{restaurantId}", "put"],
        ["/api/admin/organisations/{organisationId}/restaurants", "post"],
        ["/api/admin/restaurants/{restaurantId}/logo", "post"],
        ["/api/admin/restaurants/{restaurantId}/logo", "delete"],
      ] as const) {
        expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(["Back office"]);
      }
    });

    test("a new restaurant has nothing for its category and product settings to pick", async () => {
      expect(created.catalogue).toEqual({ categories: [], products: [] });
    });

    test("the category pickers offer the categories guests see on the active menu, in their order", async () => {
      const { auth, module } = t.restaurantA;
      const menus = await t.request({
        method: "GET",
        url: `/api/menu?instanceId=${module.menuInstanceId}`,
        headers: auth,
      });
      const active = menus.json<{ id: number; active: boolean }[]>().find((menu) => menu.active)!;
      const shown = await t.request({
        method: "GET",
        url: `/api/category/menu/${active.id}?instanceId=${module.menuInstanceId}`,
        headers: auth,
      });
      const guestsSee = shown.json<{ id: number; name: Record<string, string> }[]>();
      expect(guestsSee.length).toBeGreaterThan(0);

      const restaurant = (await get(managerA, `/api/admin/restaurants/${unitA}`)).json<Restaurant>();
      expect(restaurant.catalogue.categories).toEqual(
        guestsSee.map((category) => ({ id: category.id, name: category.name["da-DK"], names: category.name })),
      );
    });

    test("the bag fee picker offers every product of the restaurant, by Danish name in alphabetical order", async () => {
      const restaurant = (await get(managerA, `/api/admin/restaurants/${unitA}`)).json<Restaurant>();
      const { products } = restaurant.catalogue;
      const names = products.map((product) => product.name);
      expect(names).toEqual([...names].sort(new Intl.Collator("da-DK").compare));
      expect(names).toEqual(expect.arrayContaining(["Dips", "Salat", "Sauce", "Bagt kartoffel", "Pose"]));
      // The seed's bag fee item is among them under its name: what the form shows as picked.
      expect(products.find((product) => product.id === restaurant.settings.bagFeeItem)?.name).toBe("Pose");
      // And by its name in each language it has, so the English back office shows "Bag".
      expect(products.find((product) => product.id === restaurant.settings.bagFeeItem)?.names).toEqual({
        "da-DK": "Pose",
        "en-US": "Bag",
      });
      const ofA = await t.db
        .select({ id: schema.product.id })
        .from(schema.product)
        .where(eq(schema.product.productInstanceId, t.restaurantA.module.productInstanceId));
      const byId = (a: number, b: number) => a - b;
      expect(products.map((product) => product.id).sort(byId)).toEqual(ofA.map((product) => product.id).sort(byId));
    });

    test("staff list their restaurants' names but do not read a restaurant's settings (403)", async () => {
      const list = (await get(staffA, "/api/admin/restaurants")).json().restaurants;
      expect(list).toEqual([expect.objectContaining({ id: unitA, name: expect.any(String) })]);
      expect((await get(staffA, `/api/admin/restaurants/${unitA}`)).statusCode).toBe(403);
    });

    test("a restaurant of another organisation, or not in a manager's membership, is 404", async () => {
      expect((await get(ownerB, `/api/admin/restaurants/${unitA}`)).statusCode).toBe(404);
      expect((await get(managerB, `/api/admin/restaurants/${unitA}`)).statusCode).toBe(404);
      expect((await get(managerA, `/api/admin/restaurants/${created.id}`)).statusCode).toBe(404);
    });
  });

  describe("editing", () => {
    test("an owner edits the details and host names; the storefront answers on the new host at once", async () => {
      const host = freshHost();
      const res = await put(ownerA, created.id, {
        details: { ...newRestaurant("Restaurant C2", ["c.localhost", host]), defaultLanguage: "en-US" },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ name: "Restaurant C2", hosts: ["c.localhost", host].sort() });
      expect(await shopPage(host)).toContain("Restaurant C2");
      expect(await shopPage("c.localhost")).toContain("Restaurant C2");
      // The restaurant's default language reaches its guests' GET /language.
      const { token } = (await t.request({ method: "GET", url: `/api/token/${created.id}` })).json();
      const languages = await t.request({
        method: "GET",
        url: "/api/language",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(languages.json().defaultLanguage).toBe("en-US");
      const demo = await t.request({ method: "GET", url: "/api/language", headers: t.restaurantA.auth });
      expect(demo.json().defaultLanguage).toBe("da-DK");
    });

    test("a host taken by another restaurant is 409 on edit too, with the field's path in the body", async () => {
      const res = await put(ownerA, created.id, {
        details: newRestaurant("Restaurant C2", ["c.localhost", "127.0.0.1"]),
      });
      expect(res.statusCode).toBe(409);
      expect(firstError(res)).toMatchObject({ code: "Input.HostTaken", field: "details.hosts.1" });
    });

    test("a manager edits settings but not details (403); staff edit nothing (403)", async () => {
      const current = (await get(managerA, `/api/admin/restaurants/${unitA}`)).json<Restaurant>();
      const settings = { ...current.settings, showExpandedCart: !current.settings.showExpandedCart };
      expect((await put(managerA, unitA, { settings })).statusCode).toBe(200);
      expect((await put(managerA, unitA, { details: { ...current, hosts: current.hosts } })).statusCode).toBe(403);
      expect((await put(staffA, unitA, { settings })).statusCode).toBe(403);
      expect((await put(staffA, unitA, { maintenance: true })).statusCode).toBe(403);
      await put(managerA, unitA, { settings: current.settings });
    });

    test("an owner or manager of another organisation or restaurant gets 404", async () => {
      expect((await put(ownerB, unitA, { maintenance: false })).statusCode).toBe(404);
      expect((await put(managerB, unitA, { maintenance: false })).statusCode).toBe(404);
      expect((await put(managerA, created.id, { maintenance: false })).statusCode).toBe(404);
    });

    test("a name with a line break or a bidirectional override is refused (400) and nothing is saved", async () => {
      for (const name of ["Restaurant\nC", "Restaurant C \u202Eevil"]) {
        const res = await put(ownerA, created.id, {
          details: newRestaurant(name, ["c.localhost", "127.0.0.1"]),
        });
        expect(res.statusCode).toBe(400);
        expect(firstError(res)).toMatchObject({
          field: "body.details.name",
          message: "body.details.name: Input.SingleLine",
        });
      }
      expect((await get(ownerA, `/api/admin/restaurants/${created.id}`)).json().name).not.toMatch(/\n|\u202E/);
    });

    test("a brand colour white text cannot be read on is refused with the measured ratio", async () => {
      const res = await put(ownerA, created.id, { settings: { ...created.settings, primaryColor: "#ff0000" } });
      expect(res.statusCode).toBe(400);
      expect(firstError(res)).toMatchObject({ code: "Input.LowContrast", field: "settings.primaryColor" });
      expect(firstError(res).message).toContain("3.9:1");
    });

    test("a readable brand colour is saved and is the storefront's theme colour at the next page load", async () => {
      const res = await put(ownerA, created.id, { settings: { ...created.settings, primaryColor: "#1b5e20" } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().settings.primaryColor).toBe("#1b5e20");
      expect(await shopPage("c.localhost")).toContain('<meta name="theme-color" content="#1b5e20">');
    });

    test("a start category or bag fee item of another restaurant is refused, naming the setting", async () => {
      const [ofB] = await t.db
        .select({ id: schema.category.id })
        .from(schema.category)
        .innerJoin(schema.menu, eq(schema.menu.id, schema.category.menuId))
        .where(eq(schema.menu.menuInstanceId, t.restaurantB.module.menuInstanceId))
        .limit(1);
      const current = (await get(managerA, `/api/admin/restaurants/${unitA}`)).json<Restaurant>();
      const res = await put(managerA, unitA, { settings: { ...current.settings, startCategory: ofB!.id } });
      expect(res.statusCode).toBe(400);
      expect(firstError(res)).toMatchObject({ code: "Input.UnknownReference", field: "settings.startCategory" });
      const bagFee = await put(managerA, unitA, { settings: { ...current.settings, bagFeeItem: 999_999 } });
      expect(firstError(bagFee)).toMatchObject({ code: "Input.UnknownReference", field: "settings.bagFeeItem" });
    });

    test("terms are saved per language and served to the storefront", async () => {
      const terms = {
        effectiveFrom: "2026-11-01",
        texts: [{ language: "da-DK", sections: [{ heading: "Betaling", body: "Du betaler ved bestilling." }] }],
      };
      const res = await put(managerA, unitA, { terms });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().terms).toEqual(terms);
      const served = await t.request({
        method: "GET",
        url: `/api/terms/${t.restaurantA.module.id}`,
        headers: t.restaurantA.auth,
      });
      expect(served.json().texts).toEqual(terms.texts);
    });
  });

  describe("the logo", () => {
    test("a PNG, JPEG or WebP is stored by its hash and served for a year with its own type", async () => {
      for (const [bytes, type] of [
        [JPEG_1X1, "image/jpeg"],
        [WEBP_LOSSY_1X1, "image/webp"],
        [PNG_1X1, "image/png"],
      ] as const) {
        const res = await upload(ownerA, created.id, bytes, "application/octet-stream");
        expect(res.statusCode, res.body).toBe(200);
        const logo: string = res.json().logo;
        expect(logo).toMatch(/^\/api\/brand-images\/[0-9a-f]{64}$/);
        const served = await t.request({ method: "GET", url: logo });
        expect(served.statusCode).toBe(200);
        expect(served.headers["content-type"]).toBe(type);
        expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(served.headers["x-content-type-options"]).toBe("nosniff");
        expect(served.rawPayload.equals(bytes)).toBe(true);
      }
    });

    test("the storefront shows the new logo at the next page load", async () => {
      const logo = (await get(ownerA, `/api/admin/restaurants/${created.id}`)).json().logo;
      expect(await shopPage("c.localhost")).toContain(logo);
    });

    test("the bytes decide: a PNG sent as SVG is a PNG, an SVG is refused", async () => {
      const renamed = await upload(managerA, unitA, PNG_1X1, "image/svg+xml");
      expect(renamed.statusCode).toBe(200);
      expect((await t.request({ method: "GET", url: renamed.json().logo })).headers["content-type"]).toBe("image/png");
      const svg = await upload(managerA, unitA, SVG, "image/svg+xml");
      expect(svg.statusCode).toBe(400);
      expect(firstError(svg)).toMatchObject({ code: "Input.InvalidImage", field: "logo" });
    });

    test("more than 2 MB is 413, and nothing is stored", async () => {
      const big = Buffer.concat([PNG_1X1, Buffer.alloc(LOGO_MAX_BYTES + 1 - PNG_1X1.length)]);
      const before = (await get(ownerA, `/api/admin/restaurants/${created.id}`)).json().logo;
      const res = await upload(ownerA, created.id, big, "image/png");
      expect(res.statusCode).toBe(413);
      expect((await get(ownerA, `/api/admin/restaurants/${created.id}`)).json().logo).toBe(before);
    });

    test("more than 4 megapixels is 422 naming the limit, not a wrong format; nothing is stored", async () => {
      const before = (await get(ownerA, `/api/admin/restaurants/${created.id}`)).json().logo;
      for (const [side, megapixels] of [
        [20_000, 400],
        [8000, 64],
      ] as const) {
        const res = await upload(ownerA, created.id, pngDeclaring(side, side), "image/png");
        expect(res.statusCode).toBe(422);
        expect(firstError(res)).toMatchObject({
          code: "Input.ImageTooManyPixels",
          field: "logo",
          message: `The image may have at most 4 megapixels (this one has ${megapixels})`,
        });
      }
      expect((await get(ownerA, `/api/admin/restaurants/${created.id}`)).json().logo).toBe(before);
      expect((await upload(ownerA, created.id, pngDeclaring(2000, 2000), "image/png")).statusCode).toBe(200);
    });

    test("staff may not change it (403); another organisation's owner gets 404", async () => {
      expect((await upload(staffA, unitA, PNG_1X1, "image/png")).statusCode).toBe(403);
      expect((await upload(ownerB, unitA, PNG_1X1, "image/png")).statusCode).toBe(404);
    });

    test("removing the logo leaves the restaurant without one", async () => {
      const res = await t.request({
        method: "DELETE",
        url: `/api/admin/restaurants/${unitA}/logo`,
        headers: managerA.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().logo).toBeNull();
    });

    test("an unknown image is 404", async () => {
      const res = await t.request({ method: "GET", url: `/api/brand-images/${"0".repeat(64)}` });
      expect(res.statusCode).toBe(404);
    });
  });

  describe("maintenance", () => {
    const flagOn = async (host: string) =>
      (await t.request({ method: "GET", url: "/static/maintenanceMode.json", headers: { host } })).json()
        .isDownForMaintenance;

    test("a restaurant's own flag sends its storefront, and only its, to the maintenance page", async () => {
      const res = await put(managerA, unitA, { maintenance: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().maintenance).toBe(true);
      expect(await flagOn("localhost")).toBe(true);
      expect(await flagOn("localhost:5173")).toBe(true);
      expect(await flagOn("127.0.0.1")).toBe(false);
      expect(await flagOn("c.localhost")).toBe(false);
      await put(managerA, unitA, { maintenance: false });
      expect(await flagOn("localhost")).toBe(false);
    });

    test("the server's own flag file still sends every restaurant to maintenance", async () => {
      const file = join(t.config.dataDir, "static", "maintenanceMode.json");
      writeFileSync(file, JSON.stringify({ isDownForMaintenance: true }));
      try {
        await vi.waitFor(async () => expect(await flagOn("c.localhost")).toBe(true));
        expect(await flagOn("localhost")).toBe(true);
      } finally {
        writeFileSync(file, JSON.stringify({ isDownForMaintenance: false }));
        await vi.waitFor(async () => expect(await flagOn("c.localhost")).toBe(false));
      }
    });
  });

  describe("the audit log", () => {
    test("every change is recorded with who, which restaurant, before and after", async () => {
      const entries = await t.db
        .select()
        .from(schema.auditLog)
        .where(eq(schema.auditLog.productionUnitId, created.id))
        .orderBy(desc(schema.auditLog.id));
      const actions = entries.map((entry) => entry.action);
      expect(actions).toEqual(
        expect.arrayContaining([
          "restaurant.create",
          "restaurant.details.update",
          "restaurant.hosts.update",
          "settings.update",
          "logo.update",
        ]),
      );
      const colour = entries.find(
        (entry) => entry.action === "settings.update" && (entry.after as { primaryColor?: string }).primaryColor,
      );
      expect(colour).toMatchObject({ accountId: ownerA.accountId, organisationId: orgA });
      expect((colour!.before as { primaryColor: string | null }).primaryColor).toBeNull();
      expect((colour!.after as { primaryColor: string }).primaryColor).toBe("#1b5e20");
      const maintenance = await t.db
        .select()
        .from(schema.auditLog)
        .where(eq(schema.auditLog.action, "maintenance.update"))
        .orderBy(asc(schema.auditLog.id));
      expect(maintenance.map((entry) => [entry.before, entry.after])).toEqual([
        [false, true],
        [true, false],
      ]);
    });
  });
});
