import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedDemoData } from "@app/db";
import { openTestDatabase } from "@app/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import type { PaymentProvider } from "./modules/payment/providers/provider";
import { testPaymentProvider } from "./modules/payment/providers/test-provider";
import { pay, preparedCheckout } from "./testing/order-fixtures";
import { createTestApp, type TestApp } from "./testing/test-app";

const dataDir = mkdtempSync(join(tmpdir(), "api-request-log-"));
let lines: Record<string, unknown>[] = [];
let rawLines: string[] = [];
let app: FastifyInstance;
let closeDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await openTestDatabase("pglite");
  await seedDemoData(database.db);
  closeDatabase = database.close;
  const config = loadConfig({ DATA_DIR: dataDir, TOKEN_SECRET: "test-secret-".padEnd(48, "x"), LOG_LEVEL: "info" });
  const logStream = {
    write: (line: string) => {
      rawLines.push(line);
      lines.push(JSON.parse(line));
    },
  };
  app = await buildApp({ db: database.db, config, logStream });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  lines = [];
  rawLines = [];
});

test("every log line of a request carries its trace id, the one answered in x-trace-id", async () => {
  // Telemetry writes a warn line of its own during the request; the request line follows.
  const res = await app.inject({
    method: "POST",
    url: "/api/telemetry",
    payload: { name: "AppError", message: "boom" },
  });
  expect(res.statusCode).toBe(202);
  const traceId = res.headers["x-trace-id"];
  expect(traceId).toMatch(/^[0-9a-f-]{36}$/);
  expect(lines.map((line) => line.msg)).toEqual([expect.any(String), "request"]);
  for (const line of lines) expect(line).toMatchObject({ traceId });
  for (const raw of rawLines) expect(raw.split('"traceId"')).toHaveLength(2);
  expect(lines[1]).toMatchObject({ method: "POST", url: "/api/telemetry", statusCode: 202 });
});

test("a line of the app's logger outside any request has no trace id", () => {
  app.log.info("outside");
  expect(lines).toEqual([expect.not.objectContaining({ traceId: expect.anything() })]);
});

test("two requests log two different trace ids", async () => {
  // Not a cached read: those log at warn (plugins/answer-cache.ts).
  await app.inject({ method: "GET", url: "/api/token/1" });
  await app.inject({ method: "GET", url: "/api/token/1" });
  const ids = lines.map((line) => line.traceId);
  expect(ids).toHaveLength(2);
  expect(new Set(ids).size).toBe(2);
});

test("the probes write no request line", async () => {
  expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  expect((await app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
  expect(lines).toEqual([]);
});

describe("a use case a request runs", () => {
  // A provider that starts payments but cannot void them: the void is best effort, after the answer.
  const provider: PaymentProvider = {
    ...testPaymentProvider(),
    cancel: async () => {
      throw new Error("provider unreachable");
    },
  };
  const logStream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: "info" }, logStream, paymentProviders: [provider] });
  });
  afterAll(() => t.close());

  test("logs with the trace id of that request, also after its answer", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    lines = [];
    const res = await t.request({
      method: "POST",
      url: "/api/payment/cancel",
      headers: t.restaurantA.auth,
      payload: { paymentId: id },
    });
    expect(res.statusCode).toBe(200);
    const notVoided = await vi.waitFor(() => {
      const line = lines.find((candidate) => candidate.msg === "payment not voided at its provider");
      expect(line).toBeDefined();
      return line!;
    });
    expect(notVoided).toMatchObject({ level: 40, paymentId: id, traceId: res.headers["x-trace-id"] });
  });
});
