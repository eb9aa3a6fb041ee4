import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";
import { createRateLimiter } from "./rate-limiter";
import { TELEMETRY_BODY_LIMIT, TELEMETRY_RATE } from "./routes";

type LogLine = Record<string, unknown> & { telemetry?: Record<string, unknown> };

/**
 * The lines the app's logger writes. buildApp's logger writes to stdout and takes no stream, so the test swaps
 * pino's destination (kept under its `pino.stream` symbol, inherited by every request's child logger) for an
 * array: the test reads the very line the server writes, request bindings included.
 */
function captureLog(app: FastifyInstance): LogLine[] {
  const lines: LogLine[] = [];
  const stream = Object.getOwnPropertySymbols(app.log).find((symbol) => symbol.description === "pino.stream");
  if (!stream) throw new Error("The app's logger is not pino, or pino keeps its stream elsewhere now");
  (app.log as unknown as Record<symbol, unknown>)[stream] = { write: (line: string) => lines.push(JSON.parse(line)) };
  return lines;
}

const clock = createClock("2026-11-23T10:00:00Z");
let t: TestApp;
let app: FastifyInstance;
let log: LogLine[];
const dataDir = mkdtempSync(join(tmpdir(), "telemetry-"));

beforeAll(async () => {
  t = await createTestApp({ clock });
  // The same database and token secret as `t`, with the app's real logger at warn level.
  const config = loadConfig({
    DATA_DIR: dataDir,
    TOKEN_SECRET: "test-secret-".padEnd(48, "x"),
    LOG_LEVEL: "warn",
  });
  app = await buildApp({ db: t.db, config, now: clock.now });
  await app.ready();
  log = captureLog(app);
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  log.length = 0;
});

let nextAddress = 1;
/** Each test reports from its own client address, so the rate limit of one test never reaches another. */
const freshAddress = () => `203.0.113.${nextAddress++}`;

function report(payload: unknown, options: Partial<InjectOptions> & { remoteAddress?: string } = {}) {
  return app.inject({
    method: "POST",
    url: "/api/telemetry",
    remoteAddress: options.remoteAddress ?? freshAddress(),
    ...options,
    headers: { "content-type": "application/json", "user-agent": "telemetry-test", ...options.headers },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
}

const telemetryLines = () => log.filter((line) => line.telemetry !== undefined);

describe("POST /api/telemetry", () => {
  test("accepts an event with 202 and its trace id, and logs it at warn with both trace ids", async () => {
    const res = await report(
      {
        name: "PaymentError",
        message: "The payment page did not load",
        path: "/payment/5f0c",
        traceId: "failed-answer-trace",
        details: { status: 502, retried: true, provider: "test", checkoutId: null },
      },
      { headers: { "user-agent": "Mozilla/5.0 (test)" } },
    );
    expect(res.statusCode).toBe(202);
    const traceId = res.headers["x-trace-id"];
    expect(res.json()).toEqual({ traceId });
    expect(telemetryLines()).toEqual([
      expect.objectContaining({
        level: 40,
        traceId,
        msg: "telemetry: PaymentError",
        telemetry: {
          name: "PaymentError",
          message: "The payment page did not load",
          path: "/payment/5f0c",
          traceId: "failed-answer-trace",
          details: { status: 502, retried: true, provider: "test", checkoutId: null },
          userAgent: "Mozilla/5.0 (test)",
        },
      }),
    ]);
  });

  test("needs only a name", async () => {
    const res = await report({ name: "AppError" });
    expect(res.statusCode).toBe(202);
    expect(telemetryLines()[0]?.telemetry).toEqual({ name: "AppError", userAgent: "telemetry-test" });
  });

  test("names the production unit of a valid bearer token, and ignores an invalid one", async () => {
    const withToken = await report({ name: "ShopError" }, { headers: t.restaurantA.auth });
    expect(withToken.statusCode).toBe(202);
    const invalid = await report({ name: "ShopError" }, { headers: { authorization: "Bearer not-a-token" } });
    expect(invalid.statusCode).toBe(202);
    expect(telemetryLines().map((line) => line.telemetry?.productionUnitId)).toEqual([
      t.restaurantA.module.productionUnitId,
      undefined,
    ]);
  });

  test("refuses an unknown event name with 400 Input.Invalid", async () => {
    const res = await report({ name: "Oops", message: "x" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: [expect.objectContaining({ code: "Input.Invalid", field: "body.name", message: expect.any(String) })],
    });
    expect(telemetryLines()).toEqual([]);
  });

  test("refuses more than 20 details, a detail that is an object, and a message over 500 characters", async () => {
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    for (const body of [
      { name: "AppError", details: many },
      { name: "AppError", details: { nested: { a: 1 } } },
      { name: "AppError", message: "x".repeat(501) },
    ]) {
      const res = await report(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().errors[0].code).toBe("Input.Invalid");
    }
  });

  test("drops unknown fields", async () => {
    const res = await report({ name: "CheckoutError", path: "/checkout", secret: "s3cret", nested: { a: 1 } });
    expect(res.statusCode).toBe(202);
    expect(telemetryLines()[0]?.telemetry).toEqual({
      name: "CheckoutError",
      path: "/checkout",
      userAgent: "telemetry-test",
    });
    expect(JSON.stringify(log)).not.toContain("s3cret");
  });

  test("refuses a body over 8 KB with 413 BODY_TOO_LARGE", async () => {
    const res = await report({ name: "AppError", details: { a: "x".repeat(TELEMETRY_BODY_LIMIT) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].code).toBe("BODY_TOO_LARGE");
    expect(telemetryLines()).toEqual([]);
  });

  test("answers 429 with Retry-After over the limit per address; another address is still accepted", async () => {
    const flooding = freshAddress();
    for (let i = 0; i < TELEMETRY_RATE.limit; i++) {
      expect((await report({ name: "AppError" }, { remoteAddress: flooding })).statusCode).toBe(202);
    }
    clock.set(new Date(clock.now().getTime() + 20_000));
    const refused = await report({ name: "AppError" }, { remoteAddress: flooding });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("40");
    expect(refused.json()).toEqual({
      errors: [{ code: "TELEMETRY_RATE_LIMITED", message: expect.stringContaining("40 s") }],
    });
    // An invalid body counts too: the limit is checked before the body is read.
    expect((await report("{", { remoteAddress: flooding })).statusCode).toBe(429);
    expect(telemetryLines()).toHaveLength(TELEMETRY_RATE.limit);

    expect((await report({ name: "AppError" }, { remoteAddress: freshAddress() })).statusCode).toBe(202);

    clock.set(new Date(clock.now().getTime() + 40_000));
    expect((await report({ name: "AppError" }, { remoteAddress: flooding })).statusCode).toBe(202);
  });
});

describe("createRateLimiter", () => {
  test("counts per key and starts a new window once the last one is over", () => {
    const time = createClock("2026-11-23T10:00:00Z");
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, maxKeys: 10 }, time.now);
    expect([limiter.take("a"), limiter.take("a"), limiter.take("b")]).toEqual([
      { allowed: true },
      { allowed: true },
      { allowed: true },
    ]);
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    time.set("2026-11-23T10:00:59.500Z");
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    time.set("2026-11-23T10:01:00Z");
    expect(limiter.take("a")).toEqual({ allowed: true });
  });

  test("tracks at most maxKeys keys, forgetting the window started longest ago", () => {
    const time = createClock("2026-11-23T10:00:00Z");
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 3 }, time.now);
    for (const key of ["a", "b", "c", "d"]) expect(limiter.take(key)).toEqual({ allowed: true });
    expect(limiter.size()).toBe(3);
    // "a" was forgotten, so it starts afresh (and "b", the oldest now, goes); "c" and "d" are still counted.
    expect(limiter.take("a")).toEqual({ allowed: true });
    expect(limiter.take("c").allowed).toBe(false);
    expect(limiter.take("d").allowed).toBe(false);
    expect(limiter.take("b")).toEqual({ allowed: true });
    expect(limiter.size()).toBe(3);
  });
});
