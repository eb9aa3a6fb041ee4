import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openTestDatabase } from "@app/db/testing";
import { expect, test } from "vitest";
import { buildApp, SERVER_TIMEOUTS } from "./app";
import { loadConfig } from "./config";

test("the HTTP server has the request, idle-socket and keep-alive timeouts of README: Operations", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "api-timeouts-"));
  const database = await openTestDatabase("pglite");
  const app = await buildApp({
    db: database.db,
    config: loadConfig({ DATA_DIR: dataDir, TOKEN_SECRET: "test-secret-".padEnd(48, "x") }),
    logger: false,
  });
  try {
    expect(SERVER_TIMEOUTS).toEqual({ requestTimeout: 30_000, connectionTimeout: 60_000, keepAliveTimeout: 72_000 });
    expect(app.server.requestTimeout).toBe(30_000);
    expect(app.server.timeout).toBe(60_000);
    expect(app.server.keepAliveTimeout).toBe(72_000);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("every body the API reads is bounded: a form post to the test provider's page over 64 KB is 413", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "api-timeouts-"));
  const database = await openTestDatabase("pglite");
  const app = await buildApp({
    db: database.db,
    config: loadConfig({ DATA_DIR: dataDir, TOKEN_SECRET: "test-secret-".padEnd(48, "x") }),
    logger: false,
  });
  try {
    const res = await app.inject({
      method: "POST",
      url: "/api/payment/test/00000000-0000-0000-0000-000000000000/approve",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `x=${"y".repeat(70 * 1024)}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].code).toBe("BODY_TOO_LARGE");
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
