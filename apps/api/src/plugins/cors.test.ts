import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createTestApp, type TestApp } from "../testing/test-app";

const SHOP = "https://shop.example.dk";
const OTHER = "https://evil.example.com";

let t: TestApp;
let allowList: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  t = await createTestApp();
  dataDir = mkdtempSync(join(tmpdir(), "cors-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    TOKEN_SECRET: "test-secret-".padEnd(48, "x"),
    LOG_LEVEL: "silent",
    CORS_ORIGINS: `${SHOP}, http://localhost:5173`,
  });
  allowList = await buildApp({ db: t.db, config, now: t.clock.now, logger: false });
  await allowList.ready();
});
afterAll(async () => {
  await allowList.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const preflight = (origin: string) => ({
  method: "OPTIONS" as const,
  url: "/api/basket",
  headers: {
    origin,
    "access-control-request-method": "POST",
    "access-control-request-headers": "authorization, content-type",
  },
});

describe("CORS by default (no CORS_ORIGINS)", () => {
  test("no answer allows another origin", async () => {
    const res = await t.request({
      method: "GET",
      url: "/api/basket",
      headers: { ...t.restaurantA.auth, origin: SHOP },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });

  test("a preflight is not answered with allow headers", async () => {
    const res = await t.request(preflight(SHOP));
    expect(res.statusCode).toBe(404);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    expect(res.headers["access-control-allow-methods"]).toBeUndefined();
    expect(res.headers["access-control-allow-headers"]).toBeUndefined();
  });
});

describe("CORS_ORIGINS", () => {
  test("a listed origin may read the answers", async () => {
    const res = await allowList.inject({
      method: "GET",
      url: "/api/basket",
      headers: { ...t.restaurantA.auth, origin: SHOP },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe(SHOP);
    expect(res.headers.vary).toContain("Origin");
    expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
  });

  test("an origin not listed gets no allow header", async () => {
    const res = await allowList.inject({
      method: "GET",
      url: "/api/basket",
      headers: { ...t.restaurantA.auth, origin: OTHER },
    });
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });

  test("a preflight of a listed origin allows the API's methods and the Authorization and Content-Type headers", async () => {
    const res = await allowList.inject(preflight(SHOP));
    expect(res.statusCode).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe(SHOP);
    expect(String(res.headers["access-control-allow-methods"]).split(/,\s*/)).toEqual(
      expect.arrayContaining(["GET", "POST", "PUT", "DELETE"]),
    );
    expect(String(res.headers["access-control-allow-headers"]).toLowerCase().split(/,\s*/)).toEqual(
      expect.arrayContaining(["authorization", "content-type"]),
    );
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  test("a preflight of an origin not listed is not allowed", async () => {
    const res = await allowList.inject(preflight(OTHER));
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
