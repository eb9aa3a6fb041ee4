import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openTestDatabase } from "@app/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { createTestApp, type TestApp } from "./testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every call of SPEC §7, as OpenAPI paths under /api. */
const SPEC_PATHS = [
  "get /api/token/{productionUnitId}",
  "get /api/module/{id}/module",
  "get /api/module/domain/{domain}",
  "get /api/productionunit/{id}",
  "get /api/productionunit/{id}/OpeningHour/v2/today",
  "get /api/productionunit/{id}/DeliveryHour/today",
  "get /api/frontend/module/{moduleId}",
  "get /api/language",
  "get /api/basket",
  "get /api/basket/{id}",
  "post /api/basket/{id}/products",
  "put /api/basket/{id}/products/{itemId}",
  "delete /api/basket/{id}/products/{itemId}",
  "get /api/menu",
  "get /api/category/menu/{menuId}",
  "get /api/product/{id}",
  "get /api/label",
  "post /api/context",
  "get /api/blockedProduct",
  "get /api/blockedChoice",
];

describe("OpenAPI", () => {
  test("/api/openapi.json documents every call of the spec", async () => {
    const res = await t.request({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const spec = res.json();
    expect(spec.openapi).toMatch(/^3\./);
    const documented = Object.entries(spec.paths as Record<string, object>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(documented).toEqual(expect.arrayContaining(SPEC_PATHS));
  });

  test("/api/docs serves a browsable page", async () => {
    const res = await t.request({ method: "GET", url: "/api/docs/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
  });
});

describe("schemas", () => {
  test("are compiled by zod's compilers only: Fastify's own (ajv, fast-json-stringify) are never loaded", async () => {
    // fast-json-stringify's own serializer is Fastify's error serializer: small, and always there.
    const COMPILERS = /\/ajv\/|ajv-compiler|fast-json-stringify-compiler/;
    const cache = createRequire(import.meta.url).cache;
    // A test file that ran before this one in the same worker (isolate: false) may have loaded them for a bare
    // Fastify of its own: forgotten first, so what is loaded below is what building our app loads.
    for (const path of Object.keys(cache)) if (COMPILERS.test(path)) delete cache[path];
    const fresh = await createTestApp();
    try {
      await fresh.app.inject({ method: "GET", url: "/api/token/1" });
    } finally {
      await fresh.close();
    }
    expect(Object.keys(cache).filter((path) => COMPILERS.test(path))).toEqual([]);
  });
});

describe("errors", () => {
  test("an unknown API path is a 404 in the errors shape", async () => {
    const res = await t.request({ method: "GET", url: "/api/no/such/thing", headers: t.restaurantA.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe("ROUTE_NOT_FOUND");
  });

  test("invalid JSON is a 400 INVALID_JSON", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/context?instanceId=1",
      headers: { ...t.restaurantA.auth, "content-type": "application/json" },
      payload: "{ not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe("INVALID_JSON");
  });

  test("a body over the limit is a 413 in the errors shape", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/context?instanceId=1",
      headers: { ...t.restaurantA.auth, "content-type": "application/json" },
      payload: JSON.stringify({ productIds: [1], padding: "x".repeat(100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].code).toBe("BODY_TOO_LARGE");
  });

  test("NUL characters in a body or URL are a 400 Input.Invalid, not a database fault", async () => {
    const body = await t.request({
      method: "GET",
      url: "/api/basket",
      headers: t.restaurantA.auth,
    });
    const basketId = body.json().id;
    const res = await t.request({
      method: "POST",
      url: `/api/basket/${basketId}/products`,
      headers: { ...t.restaurantA.auth, "content-type": "application/json" },
      payload: '{"productId": 1, "amount": 1, "choices": [], "imageUrl": "a\\u0000b"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe("Input.Invalid");
    const url = await t.request({ method: "GET", url: "/api/module/domain/local%00host" });
    expect(url.statusCode).toBe(400);
  });

  test("an empty body with a JSON content type counts as no body", async () => {
    const basket = (await t.request({ method: "GET", url: "/api/basket", headers: t.restaurantA.auth })).json();
    const res = await t.request({
      method: "DELETE",
      url: `/api/basket/${basket.id}/products/00000000-0000-4000-8000-000000000000`,
      headers: { ...t.restaurantA.auth, "content-type": "application/json" },
      payload: "",
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe("NOT_FOUND");
  });

  test("a body in a content type the API does not read is a 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    const basket = (await t.request({ method: "GET", url: "/api/basket", headers: t.restaurantA.auth })).json();
    const res = await t.request({
      method: "POST",
      url: `/api/basket/${basket.id}/products`,
      headers: { ...t.restaurantA.auth, "content-type": "application/x-www-form-urlencoded" },
      payload: "productId=1&amount=1",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      errors: [{ code: "UNSUPPORTED_MEDIA_TYPE", message: expect.stringContaining("application/json") }],
    });
  });

  test("a malformed percent-encoding in the path is a 400 BAD_URL", async () => {
    const res = await t.request({ method: "GET", url: "/api/module/domain/%E0%A4%A" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe("BAD_URL");
  });

  test("a body shorter than its Content-Length says is a 400 INVALID_CONTENT_LENGTH", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/context?instanceId=1",
      headers: { ...t.restaurantA.auth, "content-type": "application/json", "content-length": "3" },
      payload: JSON.stringify({ productIds: [1] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe("INVALID_CONTENT_LENGTH");
  });

  test("every answer carries its trace id in x-trace-id", async () => {
    const res = await t.request({ method: "GET", url: "/api/module/domain/localhost" });
    expect(res.headers["x-trace-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("an unexpected fault is a 500 with a trace id and no stack trace", async () => {
    const database = await openTestDatabase("pglite");
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), "fault-")), LOG_LEVEL: "silent" });
    const app = await buildApp({ db: database.db, config, logger: false });
    await database.close(); // every query now fails
    const res = await app.inject({ method: "GET", url: "/api/module/domain/localhost" });
    await app.close();
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      errors: [{ code: "INTERNAL", message: "Sorry, an error has occurred" }],
      traceId: res.headers["x-trace-id"],
    });
    expect(res.body).not.toMatch(/at .*\.ts|stack/i);
  });
});

/** Sends raw bytes to the listening server and answers the status and the JSON body it got back. */
function rawRequest(port: number, bytes: Buffer): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", body = ""] = text.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), body: JSON.parse(body) });
    });
  });
}

describe("requests Node's HTTP parser refuses (before any route)", () => {
  // Only a listening server parses raw bytes (inject builds the request object itself).
  let server: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    server = await buildApp({ db: t.db, config: t.config, now: t.clock.now, logger: false });
    await server.listen({ port: 0, host: "127.0.0.1" });
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  const request = (target: Buffer, headers = "") =>
    Buffer.concat([
      Buffer.from("POST "),
      target,
      Buffer.from(` HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n${headers}\r\n`),
    ]);

  test("a raw non-ASCII byte in the URL is a 400 BAD_URL in the errors shape", async () => {
    for (const encoding of ["utf8", "latin1"] as const) {
      const target = Buffer.from("/api/checkout/x/delivery/address?address=Nørre", encoding);
      const res = await rawRequest(port, request(target));
      expect(res.status, encoding).toBe(400);
      expect(res.body, encoding).toEqual({
        errors: [{ code: "BAD_URL", message: expect.stringContaining("percent-encoded") }],
      });
    }
  });

  test("a malformed request line is a 400 BAD_REQUEST in the errors shape", async () => {
    const res = await rawRequest(port, request(Buffer.from("/api/basket two words")));
    expect(res).toEqual({ status: 400, body: { errors: [{ code: "BAD_REQUEST", message: expect.any(String) }] } });
  });

  test("headers over Node's size limit are a 431 HEADERS_TOO_LARGE in the errors shape", async () => {
    const res = await rawRequest(port, request(Buffer.from("/api/basket"), `X-Padding: ${"x".repeat(20_000)}\r\n`));
    expect(res).toEqual({
      status: 431,
      body: { errors: [{ code: "HEADERS_TOO_LARGE", message: expect.any(String) }] },
    });
  });
});

describe("/api itself", () => {
  test("is a 404 in the errors shape, not the storefront page", async () => {
    const res = await t.request({ method: "GET", url: "/api" });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe("ROUTE_NOT_FOUND");
  });
});
