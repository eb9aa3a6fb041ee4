import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createTestApp, type TestApp } from "../testing/test-app";

const STOREFRONT_CSP =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self';img-src 'self' data:;" +
  "font-src 'self';connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";
const API_CSP = "default-src 'none';frame-ancestors 'none'";
const DOCS_CSP =
  "default-src 'none';script-src 'self';style-src 'self';img-src 'self' data:;connect-src 'self';" +
  "base-uri 'none';form-action 'none';frame-ancestors 'none'";

/** The headers every answer carries, whatever its kind. */
function expectBaseHeaders(res: LightMyRequestResponse) {
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(res.headers["x-frame-options"]).toBe("DENY");
  expect(res.headers["strict-transport-security"]).toBeUndefined();
  expect(res.headers["x-powered-by"]).toBeUndefined();
}

let t: TestApp;
let app: FastifyInstance;
let dist: string;
let dataDir: string;

/** The whole app over a small stand-in storefront build, with two routes that fail on purpose. */
async function appWith(env: Record<string, string> = {}) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    TOKEN_SECRET: "test-secret-".padEnd(48, "x"),
    LOG_LEVEL: "silent",
    STOREFRONT_DIST: dist,
    ...env,
  });
  const built = await buildApp({ db: t.db, config, now: t.clock.now, logger: false });
  built.get("/api/test-fault", { config: { public: true } }, async () => {
    throw new Error("an unexpected fault");
  });
  // A route in its own encapsulation context: the headers' hook must reach it too.
  await built.register(async (child) => {
    child.get("/api/test-child", { config: { public: true } }, async () => ({ ok: true }));
  });
  await built.ready();
  return built;
}

beforeAll(async () => {
  t = await createTestApp();
  dist = mkdtempSync(join(tmpdir(), "storefront-dist-"));
  dataDir = mkdtempSync(join(tmpdir(), "headers-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), '<!doctype html><script type="module" src="/assets/index-abc.js"></script>');
  writeFileSync(join(dist, "assets/index-abc.js"), "console.log('storefront');");
  app = await appWith();
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the storefront", () => {
  test("the front page gets the storefront's policy", async () => {
    const res = await app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["content-security-policy"]).toBe(STOREFRONT_CSP);
    expectBaseHeaders(res);
  });

  test("a page the client router decides (served by the not-found handler) gets the storefront's policy", async () => {
    const res = await app.inject({ method: "GET", url: "/menu/12?x=1" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-security-policy"]).toBe(STOREFRONT_CSP);
    expectBaseHeaders(res);
  });

  test("a hashed asset gets the headers", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/index-abc.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-security-policy"]).toBe(STOREFRONT_CSP);
    expectBaseHeaders(res);
  });
});

describe("the API", () => {
  test("a JSON answer gets the strict policy", async () => {
    const res = await app.inject({ method: "GET", url: "/api/module/domain/localhost" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-security-policy"]).toBe(API_CSP);
    expectBaseHeaders(res);
  });

  test("the maintenance flag gets the strict policy", async () => {
    const res = await app.inject({ method: "GET", url: "/static/maintenanceMode.json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-security-policy"]).toBe(API_CSP);
    expectBaseHeaders(res);
  });

  test("the router's 404 for an unknown API route, and for /api itself, gets the strict policy", async () => {
    for (const [method, url] of [
      ["POST", "/api/no/such/thing"],
      ["GET", "/api"],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errors[0].code, url).toBe("ROUTE_NOT_FOUND");
      expect(res.headers["content-security-policy"], url).toBe(API_CSP);
      expectBaseHeaders(res);
    }
  });

  test("a 404 for a page when no storefront is built gets the headers", async () => {
    const pageLess = await appWith({ STOREFRONT_DIST: join(dataDir, "no-build") });
    try {
      const res = await pageLess.inject({ method: "GET", url: "/menu/12" });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].code).toBe("ROUTE_NOT_FOUND");
      expect(res.headers["content-security-policy"]).toBe(STOREFRONT_CSP);
      expectBaseHeaders(res);
    } finally {
      await pageLess.close();
    }
  });

  test("an unexpected fault (500) gets the strict policy", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test-fault" });
    expect(res.statusCode).toBe(500);
    expect(res.json().errors[0].code).toBe("INTERNAL");
    expect(res.headers["content-security-policy"]).toBe(API_CSP);
    expectBaseHeaders(res);
  });

  test("an error thrown by a later onRequest hook gets the headers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/module/domain/local%00host" });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-security-policy"]).toBe(API_CSP);
    expectBaseHeaders(res);
  });

  test("a route in another encapsulation context gets the headers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test-child" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-security-policy"]).toBe(API_CSP);
    expectBaseHeaders(res);
  });

  test("a URL the router refuses (400 BAD_URL) gets the headers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/module/domain/%E0%A4%A" });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-security-policy"]).toBe(API_CSP);
    expectBaseHeaders(res);
  });
});

describe("the API docs", () => {
  test("the Swagger UI page gets the docs' policy", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-security-policy"]).toBe(DOCS_CSP);
    expectBaseHeaders(res);
  });

  test("Swagger UI's static files get the headers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs/static/swagger-ui.css" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-security-policy"]).toBe(DOCS_CSP);
    expectBaseHeaders(res);
  });
});

describe("Strict-Transport-Security", () => {
  test("is absent over http", async () => {
    for (const url of ["/", "/api/module/domain/localhost", "/api/docs/"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.headers["strict-transport-security"], url).toBeUndefined();
    }
  });

  test("is absent when X-Forwarded-Proto: https comes without TRUST_PROXY", async () => {
    const res = await app.inject({ method: "GET", url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  test("is sent with TRUST_PROXY when the proxy says the request came over https", async () => {
    const proxied = await appWith({ TRUST_PROXY: "127.0.0.1" });
    try {
      for (const url of ["/", "/api/module/domain/localhost", "/api/no/such/thing", "/api/docs/"]) {
        const res = await proxied.inject({ method: "GET", url, headers: { "x-forwarded-proto": "https" } });
        expect(res.headers["strict-transport-security"], url).toBe("max-age=31536000");
      }
      const http = await proxied.inject({ method: "GET", url: "/", headers: { "x-forwarded-proto": "http" } });
      expect(http.headers["strict-transport-security"]).toBeUndefined();
      // A proxy TRUST_PROXY does not name is not believed.
      const stranger = await proxied.inject({
        method: "GET",
        url: "/",
        remoteAddress: "203.0.113.9",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(stranger.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
