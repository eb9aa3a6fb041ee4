import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { registerErrorHandler } from "./error-handler";
import { registerStorefront } from "./storefront";

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "storefront-dist-"));
  mkdirSync(join(dist, "assets"));
  mkdirSync(join(dist, "images"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>shop</title>");
  writeFileSync(join(dist, "assets/index-abc123.js"), "console.log('shop');");
  writeFileSync(join(dist, "images/logo.svg"), "<svg/>");
  app = Fastify();
  registerErrorHandler(app);
  await registerStorefront(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("pages", () => {
  test("any page path gets index.html, never cached, so the client router decides", async () => {
    const res = await app.inject({ method: "GET", url: "/menu/12?x=1" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>shop</title>");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  test("HEAD of a page answers like GET without a body (link checkers, uptime monitors)", async () => {
    const res = await app.inject({ method: "HEAD", url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toBe("");
  });

  test("an unknown API path is ROUTE_NOT_FOUND, not the page", async () => {
    for (const url of ["/api", "/api/nope"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errors[0].code, url).toBe("ROUTE_NOT_FOUND");
    }
  });

  test("a POST to a page path is ROUTE_NOT_FOUND", async () => {
    const res = await app.inject({ method: "POST", url: "/checkout" });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe("ROUTE_NOT_FOUND");
  });
});

describe("files", () => {
  test("fingerprinted assets are cached for a year", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("files without a fingerprint are revalidated", async () => {
    const res = await app.inject({ method: "GET", url: "/images/logo.svg" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });
});
