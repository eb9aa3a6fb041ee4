import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseFeatures } from "@app/contracts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
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
  test("follows the file in DATA_DIR without a restart", async () => {
    const file = join(t.config.dataDir, "static", "maintenanceMode.json");
    expect((await t.request({ method: "GET", url: "/static/maintenanceMode.json" })).json()).toEqual({
      isDownForMaintenance: false,
    });
    writeFileSync(file, '{"isDownForMaintenance": true}');
    expect((await t.request({ method: "GET", url: "/static/maintenanceMode.json" })).json()).toEqual({
      isDownForMaintenance: true,
    });
    writeFileSync(file, "{ broken");
    expect((await t.request({ method: "GET", url: "/static/maintenanceMode.json" })).json()).toEqual({
      isDownForMaintenance: false,
    });
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
