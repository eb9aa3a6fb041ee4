import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedDemoData } from "@app/db";
import { openTestDatabase } from "@app/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { buildApp } from "./app";
import { loadConfig } from "./config";

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
  // Services log through deps.log (the app's logger), not through the request's.
  app.get("/api/test-app-log", { config: { public: true } }, async () => {
    app.log.info("written through the app's logger");
    await new Promise((done) => setTimeout(done, 5));
    app.log.info("after an await");
    return { ok: true };
  });
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

test("lines written through the app's logger while a request runs carry its trace id too, once", async () => {
  const res = await app.inject({ method: "GET", url: "/api/test-app-log" });
  expect(res.statusCode).toBe(200);
  const traceId = res.headers["x-trace-id"];
  expect(lines.map((line) => line.msg)).toEqual(["written through the app's logger", "after an await", "request"]);
  for (const line of lines) expect(line).toMatchObject({ traceId });
  for (const raw of rawLines) expect(raw.split('"traceId"')).toHaveLength(2);
});

test("a line of the app's logger outside any request has no trace id", () => {
  app.log.info("outside");
  expect(lines).toEqual([expect.not.objectContaining({ traceId: expect.anything() })]);
});

test("two requests log two different trace ids", async () => {
  await app.inject({ method: "GET", url: "/api/module/domain/localhost" });
  await app.inject({ method: "GET", url: "/api/module/domain/localhost" });
  const ids = lines.map((line) => line.traceId);
  expect(ids).toHaveLength(2);
  expect(new Set(ids).size).toBe(2);
});

test("the probes write no request line", async () => {
  expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  expect((await app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
  expect(lines).toEqual([]);
});
