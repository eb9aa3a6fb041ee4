/**
 * Issue 43: a restaurant set up in the back office shows on the storefront at the next page load in every API
 * process. Two apps on one PostgreSQL database, each with its own connections and change feed, as two
 * processes behind a load balancer: the owner saves through the first, a guest loads pages from the second,
 * whose pages and answers are warm in memory from before the save.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MenuEditor, Restaurant } from "@app/contracts";
import { openDatabase } from "@app/db";
import { postgresReachable, TEST_POSTGRES_URL } from "@app/db/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AdminSession, organisationOf, signInAs } from "../../testing/admin-session";
import { PNG_1X1 } from "../../testing/image-fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { readRestaurant } from "./read-restaurant";

const reachable = await postgresReachable();

describe.skipIf(!reachable)("two API processes on one PostgreSQL", () => {
  const name = `t_setup_${randomBytes(4).toString("hex")}`;
  const dist = mkdtempSync(join(tmpdir(), "restaurant-setup-two-"));
  let editor: TestApp;
  let guest: TestApp;
  let owner: AdminSession;
  let restaurant: Restaurant;

  beforeAll(async () => {
    mkdirSync(join(dist, "assets"));
    writeFileSync(
      join(dist, "index.html"),
      '<!doctype html><html><head><meta name="description" content="food" /><title>shop</title></head><body></body></html>',
    );
    await adminQuery(`create database "${name}"`);
    const url = new URL(TEST_POSTGRES_URL);
    url.pathname = `/${name}`;
    const env = { STOREFRONT_DIST: dist };
    // One after the other: the first migrates and seeds, the second opens what is there.
    const open = () => openDatabase({ kind: "postgres", url: url.toString() });
    editor = await createTestApp({ env, database: await open(), seed: true });
    guest = await createTestApp({ env, database: await open() });
    const unitA = editor.restaurantA.module.productionUnitId;
    owner = await signInAs(editor.db, {
      organisationId: await organisationOf(editor.db, unitA),
      role: "owner",
      now: editor.clock.now(),
    });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([editor?.close(), guest?.close()]);
    await adminQuery(`drop database if exists "${name}" with (force)`);
    rmSync(dist, { recursive: true, force: true });
  });

  const page = async (app: TestApp, host: string) =>
    (await app.request({ method: "GET", url: "/", headers: { host } })).body;
  const maintenance = async (app: TestApp, host: string) =>
    (await app.request({ method: "GET", url: "/static/maintenanceMode.json", headers: { host } })).json()
      .isDownForMaintenance;
  /** A save as the back office sends it: every section with its version as stored just before. */
  const edit = async (payload: object) => {
    const { versions } = await readRestaurant(editor.db, restaurant.id);
    const res = await editor.request({
      method: "PUT",
      url: `/api/admin/restaurants/${restaurant.id}`,
      headers: owner.headers,
      payload: { ...payload, versions },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Restaurant>();
  };

  test("the other process answers on a new host as soon as the owner's save returns", async () => {
    // The host is asked for before it exists: the other process keeps a page without a shop for it.
    expect(await page(guest, "d.localhost")).not.toContain("Restaurant D");
    const res = await editor.request({
      method: "POST",
      url: `/api/admin/organisations/${await organisationOf(editor.db, editor.restaurantA.module.productionUnitId)}/restaurants`,
      headers: owner.headers,
      payload: {
        name: "Restaurant D",
        address: "Nørregade 1, 1165 København K",
        zipCode: "1165",
        phone: "33000000",
        receiptEmail: "kvittering@d.example.dk",
        cvrNumber: "87654321",
        hosts: ["d.localhost"],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    restaurant = res.json<Restaurant>();
    expect(await page(guest, "d.localhost")).toContain("Restaurant D");
    expect((await guest.request({ method: "GET", url: "/api/module/domain/d.localhost" })).statusCode).toBe(200);
  });

  test("the other process shows a new name, colour and logo at its next page load", async () => {
    await page(guest, "d.localhost"); // warm
    await edit({ details: { ...restaurant, name: "Restaurant D2" } });
    expect(await page(guest, "d.localhost")).toContain("Restaurant D2");

    await edit({ settings: { ...restaurant.settings, primaryColor: "#0d47a1" } });
    expect(await page(guest, "d.localhost")).toContain('<meta name="theme-color" content="#0d47a1">');

    const uploaded = await editor.request({
      method: "POST",
      url: `/api/admin/restaurants/${restaurant.id}/logo`,
      headers: { ...owner.headers, "content-type": "image/png" },
      payload: PNG_1X1,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const logo: string = uploaded.json().logo;
    expect(await page(guest, "d.localhost")).toContain(logo);
    const served = await guest.request({ method: "GET", url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  test("the restaurant's maintenance flag is on in the other process at once, on its host only", async () => {
    expect(await maintenance(guest, "d.localhost")).toBe(false); // warm
    await edit({ maintenance: true });
    expect(await maintenance(guest, "d.localhost")).toBe(true);
    expect(await maintenance(guest, "localhost")).toBe(false);
    await edit({ maintenance: false });
    expect(await maintenance(guest, "d.localhost")).toBe(false);
  });

  test("a menu edit (issue 45) is in the other process's product answer as soon as the save returns", async () => {
    const a = editor.restaurantA;
    const editorUrl = `/api/admin/restaurants/${a.module.productionUnitId}/menu-editor`;
    const read = await editor.request({ method: "GET", url: editorUrl, headers: owner.readHeaders });
    const cola = read.json<MenuEditor>().products.find((row) => row.internalName === "cola")!;
    const productUrl = `/api/product/${cola.id}?instanceId=${a.module.productInstanceId}`;
    const shown = async () =>
      (await guest.request({ method: "GET", url: productUrl, headers: guest.restaurantA.auth })).json().price;
    expect(await shown()).toBe(35); // warm
    const { id: _id, updatedAt: _at, updatedBy: _by, archivedAt: _archived, modifiers: _groups, ...fields } = cola;
    const saved = await editor.request({
      method: "PUT",
      url: `${editorUrl}/products/${cola.id}`,
      headers: owner.headers,
      payload: { ...fields, priceMinor: 3700 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await shown()).toBe(37);
  });
});

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
