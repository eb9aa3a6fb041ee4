import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { registerBackoffice } from "./backoffice";
import { registerErrorHandler } from "./error-handler";
import { registerSecurityHeaders } from "./security-headers";
import { registerStorefront } from "./storefront";

const PAGE = '<!doctype html><html lang="da"><head><title>Back office</title></head><body></body></html>';
const SCRIPT = "console.log('back office');";

let storefrontDist: string;
let backofficeDist: string;
let app: FastifyInstance;

beforeAll(async () => {
  storefrontDist = mkdtempSync(join(tmpdir(), "storefront-dist-"));
  writeFileSync(join(storefrontDist, "index.html"), "<!doctype html><title>shop</title>");
  backofficeDist = mkdtempSync(join(tmpdir(), "backoffice-dist-"));
  mkdirSync(join(backofficeDist, "assets"));
  writeFileSync(join(backofficeDist, "index.html"), PAGE);
  writeFileSync(join(backofficeDist, "assets/index-abc123.js"), SCRIPT);
  app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await registerSecurityHeaders(app);
  registerErrorHandler(app);
  // Both, in the app's order: the storefront's static files decorate the reply first, and its not-found handler
  // answers every unknown page — but never one under /admin.
  await registerStorefront(app, storefrontDist);
  await registerBackoffice(app, backofficeDist);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(storefrontDist, { recursive: true, force: true });
  rmSync(backofficeDist, { recursive: true, force: true });
});

describe("the back office at /admin/", () => {
  test.each(["/admin", "/admin/", "/admin/sign-in", "/admin/restaurants/3/settings", "/admin/link/abc-DEF_123"])(
    "%s is the back office's page, never cached, not indexed",
    async (url) => {
      const response = await app.inject({ url, headers: { host: "c.localhost" } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(PAGE);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.headers["x-robots-tag"]).toBe("noindex");
    },
  );

  test("its fingerprinted files are cached for good", async () => {
    const response = await app.inject({ url: "/admin/assets/index-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SCRIPT);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("a missing file of the build is a 404, not the page", async () => {
    const response = await app.inject({ url: "/admin/assets/gone-123.js" });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe("ROUTE_NOT_FOUND");
  });

  test("its pages carry the storefront's Content-Security-Policy: scripts, styles and fetches of its own origin only", async () => {
    const response = await app.inject({ url: "/admin/" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-frame-options"]).toBe("DENY");
  });
});

test("without a build there are no /admin routes (the server still starts)", async () => {
  const bare = Fastify();
  await registerBackoffice(bare, join(tmpdir(), "no-such-backoffice-dist"));
  await bare.ready();
  expect(bare.hasRoute({ method: "GET", url: "/admin/*" })).toBe(false);
  expect(bare.hasRoute({ method: "GET", url: "/admin" })).toBe(false);
  await bare.close();
});

test("a file of a newer build, written while the server runs, is served at once", async () => {
  writeFileSync(join(backofficeDist, "assets/index-new456.js"), SCRIPT);
  const response = await app.inject({ url: "/admin/assets/index-new456.js" });
  expect(response.statusCode).toBe(200);
  expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
});
