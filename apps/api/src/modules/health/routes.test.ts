import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "@app/db/orm";
import { openTestDatabase, testDbKinds } from "@app/db/testing";
import { afterAll, describe, expect, test } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";

const dataDir = mkdtempSync(join(tmpdir(), "api-health-"));
const config = loadConfig({ DATA_DIR: dataDir, TOKEN_SECRET: "test-secret-".padEnd(48, "x"), LOG_LEVEL: "silent" });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function appOn(database: Awaited<ReturnType<typeof openTestDatabase>>) {
  const app = await buildApp({ db: database.db, config, logger: false });
  await app.ready();
  return app;
}

describe.each(await testDbKinds())("on %s", (kind) => {
  test("health answers 200 ok without a token", async () => {
    const database = await openTestDatabase(kind);
    const app = await appOn(database);
    try {
      const res = await app.inject({ method: "GET", url: "/api/health" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ok" });
    } finally {
      await app.close();
      await database.close();
    }
  });

  test("ready answers 200 when the database answers and every migration is applied", async () => {
    const database = await openTestDatabase(kind);
    const app = await appOn(database);
    try {
      const res = await app.inject({ method: "GET", url: "/api/ready" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ready" });
    } finally {
      await app.close();
      await database.close();
    }
  });

  test("ready answers 503 NOT_READY while a migration is not applied", async () => {
    const database = await openTestDatabase(kind);
    const app = await appOn(database);
    try {
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const res = await app.inject({ method: "GET", url: "/api/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        errors: [{ code: "NOT_READY", message: "Database migrations are still pending" }],
      });
    } finally {
      await app.close();
      await database.close();
    }
  });

  test("ready answers 503 NOT_READY when the database is closed, while health still answers 200", async () => {
    const database = await openTestDatabase(kind);
    const app = await appOn(database);
    try {
      await database.close();
      const ready = await app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ errors: [{ code: "NOT_READY", message: "The database does not answer" }] });
      const health = await app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

test("both probes are in the OpenAPI document, with no security", async () => {
  const database = await openTestDatabase("pglite");
  const app = await appOn(database);
  try {
    const doc = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(doc.paths["/api/health"].get.security).toEqual([]);
    expect(doc.paths["/api/ready"].get.responses).toHaveProperty("503");
    expect(doc.paths["/api/ready"].get.responses).toHaveProperty("200");
  } finally {
    await app.close();
    await database.close();
  }
});
