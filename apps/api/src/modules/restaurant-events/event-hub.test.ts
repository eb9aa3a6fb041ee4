/**
 * The event hub's timers, on a small app with short ones (the route's own are 15 s and 30 s): a heartbeat on
 * every stream, a stream whose session ended is told and ended, screen presence marked while a stream is open
 * (with the app's clock), and the server's close ends every stream at once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, schema } from "@app/db";
import { eq } from "@app/db/orm";
import { openTestDatabase } from "@app/db/testing";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { createDeps } from "../../app";
import { loadConfig } from "../../config";
import { registerErrorHandler } from "../../plugins/error-handler";
import { organisationOf, signInAs } from "../../testing/admin-session";
import { connectSse } from "../../testing/sse-client";
import { createClock } from "../../testing/test-app";
import { registerAdminScope } from "../staff";
import { restaurantEventRoutesWith } from "./routes";

const TIMING = { heartbeatMs: 150, safetyNetMs: 1_000, presenceMs: 200, blockedLimitMs: 1_000 };

let database: Database;
let app: FastifyInstance;
let base: string;
let dataDir: string;
let restaurant: number;
const clock = createClock("2026-11-23T10:00:00Z");

beforeEach(async () => {
  database = await openTestDatabase("pglite", "demoData");
  dataDir = mkdtempSync(join(tmpdir(), "event-hub-"));
  const config = loadConfig({ DATA_DIR: dataDir, TOKEN_SECRET: "test-secret-".padEnd(48, "x"), LOG_LEVEL: "silent" });
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const deps = createDeps({
    db: database.db,
    changes: database.changes,
    config,
    now: clock.now,
    log: app.log,
    paymentProviders: [],
  });
  await app.register(
    async (admin) => {
      const api = admin.withTypeProvider<ZodTypeProvider>();
      await registerAdminScope(api, deps);
      restaurantEventRoutesWith(TIMING)(api, deps);
    },
    { prefix: "/api/admin" },
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const [unit] = await database.db.select().from(schema.productionUnit).orderBy(schema.productionUnit.id).limit(1);
  restaurant = unit!.id;
});
afterEach(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function staffSession() {
  return signInAs(database.db, {
    organisationId: await organisationOf(database.db, restaurant),
    role: "staff",
    productionUnitIds: [restaurant],
    now: clock.now(),
    host: "127.0.0.1",
  });
}

test("every stream gets a heartbeat comment at each heartbeat", async () => {
  const session = await staffSession();
  const screen = await connectSse(`${base}/api/admin/events?restaurantId=${restaurant}`, session.readHeaders);
  await vi.waitFor(() => expect(screen.comments.filter((c) => c === "heartbeat").length).toBeGreaterThanOrEqual(2), {
    timeout: 3_000,
    interval: 20,
  });
  screen.close();
});

test("a session signed out elsewhere: the stream is told signed-out and ends", async () => {
  const session = await staffSession();
  const screen = await connectSse(`${base}/api/admin/events?restaurantId=${restaurant}`, session.readHeaders);
  await database.db.delete(schema.staffSession).where(eq(schema.staffSession.accountId, session.accountId));
  await screen.ended;
  expect(screen.events.map((e) => e.type)).toEqual(["signed-out"]);
});

test("an account disabled mid-stream: the stream ends", async () => {
  const session = await staffSession();
  const screen = await connectSse(`${base}/api/admin/events?restaurantId=${restaurant}`, session.readHeaders);
  await database.db
    .update(schema.staffAccount)
    .set({ disabled: true })
    .where(eq(schema.staffAccount.id, session.accountId));
  await screen.ended;
  expect(screen.events.map((e) => e.type)).toEqual(["signed-out"]);
});

test("screen presence: marked when the first stream opens, then again while it is open, at the app's clock", async () => {
  const lastSeen = async () =>
    (
      await database.db
        .select()
        .from(schema.screenPresence)
        .where(eq(schema.screenPresence.productionUnitId, restaurant))
    )[0]?.lastSeenAt.toISOString();
  expect(await lastSeen()).toBeUndefined();
  const session = await staffSession();
  const screen = await connectSse(`${base}/api/admin/events?restaurantId=${restaurant}`, session.readHeaders);
  await vi.waitFor(async () => expect(await lastSeen()).toBe("2026-11-23T10:00:00.000Z"), { timeout: 2_000 });
  clock.advanceMinutes(1);
  await vi.waitFor(async () => expect(await lastSeen()).toBe("2026-11-23T10:01:00.000Z"), { timeout: 2_000 });
  screen.close();
  // Closed (the server hears it within a moment): no more marks.
  await new Promise((resolve) => setTimeout(resolve, 300));
  clock.advanceMinutes(1);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(await lastSeen()).toBe("2026-11-23T10:01:00.000Z");
  clock.set("2026-11-23T10:00:00Z");
});

test("closing the server ends every open stream at once (they reconnect to another process)", async () => {
  const session = await staffSession();
  const screens = await Promise.all(
    [1, 2, 3].map(() => connectSse(`${base}/api/admin/events?restaurantId=${restaurant}`, session.readHeaders)),
  );
  const started = performance.now();
  await app.close();
  await Promise.all(screens.map((screen) => screen.ended));
  expect(performance.now() - started).toBeLessThan(2_000);
});
