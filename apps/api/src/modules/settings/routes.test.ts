import { renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseFeatures } from "@app/contracts";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/frontend/module/:moduleId", () => {
  test("answers every app setting JSON-encoded", async () => {
    const res = await t.request({
      method: "GET",
      url: `/api/frontend/module/${t.restaurantA.module.id}`,
      headers: t.restaurantA.auth,
    });
    expect(res.statusCode).toBe(200);
    const names = res.json().features.map((f: { name: string }) => f.name);
    expect(names).toEqual(
      expect.arrayContaining(["terms", "requiredGuestInformation", "enforceCapacity", "bagFeeItem", "smileyUrl"]),
    );
    const settings = parseFeatures(res.json().features);
    expect(settings.requiredGuestInformation).toEqual({ name: true, phone: true, email: true });
    expect(settings.precheckoutCategory).toEqual(expect.any(Number));
  });

  test("is 404 for another restaurant's module", async () => {
    const res = await t.request({
      method: "GET",
      url: `/api/frontend/module/${t.restaurantA.module.id}`,
      headers: t.restaurantB.auth,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /api/language", () => {
  test("answers Danish as default and both languages", async () => {
    const res = await t.request({ method: "GET", url: "/api/language", headers: t.restaurantA.auth });
    expect(res.json()).toEqual({
      defaultLanguage: "da-DK",
      languages: [
        { code: "da-DK", name: "Dansk" },
        { code: "en-US", name: "English" },
      ],
    });
  });
});

describe("GET /static/maintenanceMode.json", () => {
  const flag = async () => (await t.request({ method: "GET", url: "/static/maintenanceMode.json" })).json();
  /** The file is watched: a change shows once the watch event has been handled, within moments. */
  const flagSoon = (expected: unknown) => vi.waitFor(async () => expect(await flag()).toEqual(expected));

  test("follows the file in DATA_DIR without a restart, also when it is replaced by a rename", async () => {
    const file = join(t.config.dataDir, "static", "maintenanceMode.json");
    expect(await flag()).toEqual({ isDownForMaintenance: false });
    writeFileSync(file, '{"isDownForMaintenance": true}');
    await flagSoon({ isDownForMaintenance: true });
    writeFileSync(`${file}.tmp`, '{"isDownForMaintenance": false}');
    renameSync(`${file}.tmp`, file);
    await flagSoon({ isDownForMaintenance: false });
    writeFileSync(file, '{"isDownForMaintenance": true}');
    await flagSoon({ isDownForMaintenance: true });
  });

  test("a broken or missing file means not in maintenance", async () => {
    const file = join(t.config.dataDir, "static", "maintenanceMode.json");
    writeFileSync(file, '{"isDownForMaintenance": true}');
    await flagSoon({ isDownForMaintenance: true });
    writeFileSync(file, "{ broken");
    await flagSoon({ isDownForMaintenance: false });
    writeFileSync(file, '{"isDownForMaintenance": true}');
    await flagSoon({ isDownForMaintenance: true });
    rmSync(file);
    await flagSoon({ isDownForMaintenance: false });
  });
});

describe("parseFeatures", () => {
  test("keeps known names, JSON-parses values and falls back to defaults", () => {
    const settings = parseFeatures([
      { name: "showExpandedCart", value: "false" },
      { name: "unknownThing", value: "1" },
      { name: "bagFeeItem", value: "not json" },
    ]);
    expect(settings.showExpandedCart).toBe(false);
    expect(settings.bagFeeItem).toBeNull();
    expect(settings).not.toHaveProperty("unknownThing");
  });
});

describe("GET /api/terms/:moduleId", () => {
  test("answers the restaurant's own terms in Danish and English, with its name and CVR number", async () => {
    const res = await t.request({
      method: "GET",
      url: `/api/terms/${t.restaurantA.module.id}`,
      headers: t.restaurantA.auth,
    });
    expect(res.statusCode).toBe(200);
    const terms = res.json();
    expect(terms.moduleId).toBe(t.restaurantA.module.id);
    expect(terms.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(terms.texts.map((text: { language: string }) => text.language)).toEqual(["da-DK", "en-US"]);
    const [da, en] = terms.texts.map((text: { sections: { heading: string; body: string }[] }) =>
      text.sections.map((section) => `${section.heading}\n${section.body}`).join("\n"),
    );
    expect(da).toContain("Bistro Nørrebro");
    expect(da).toContain("CVR-nr. 38472915");
    expect(da).toContain("Fortrydelsesret");
    expect(da).toContain("Center for Klageløsning");
    expect(en).toContain("Right of withdrawal");
    expect(en).not.toContain("Pizzeria Aarhus C");
  });

  test("each restaurant reads its own terms: B's token on B's module gets B's name and CVR number", async () => {
    const res = await t.request({
      method: "GET",
      url: `/api/terms/${t.restaurantB.module.id}`,
      headers: t.restaurantB.auth,
    });
    expect(res.statusCode).toBe(200);
    const text = JSON.stringify(res.json());
    expect(text).toContain("Pizzeria Aarhus C");
    expect(text).toContain("41257839");
    expect(text).not.toContain("Bistro Nørrebro");
  });

  test("is 404 for another restaurant's module, and 401 without a token", async () => {
    const other = await t.request({
      method: "GET",
      url: `/api/terms/${t.restaurantA.module.id}`,
      headers: t.restaurantB.auth,
    });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain("Bistro Nørrebro");
    const anonymous = await t.request({ method: "GET", url: `/api/terms/${t.restaurantA.module.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
