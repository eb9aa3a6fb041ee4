/**
 * Builds the whole API on a private, seeded test database (PGlite, or PostgreSQL when asked),
 * with a clock the test controls, and hands out the two demo restaurants with their tokens.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Module } from "@app/contracts";
import { type Database, seedDemoData } from "@app/db";
import { changesSettled, openTestDatabase, type TestDbKind } from "@app/db/testing";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, expect, vi } from "vitest";
import { type BuildOptions, buildApp } from "../app";
import { loadConfig } from "../config";

export type TestClock = { now: () => Date; set: (instant: Date | string) => void; advanceMinutes: (n: number) => void };

export function createClock(start: Date | string = new Date()): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (instant) => {
      current = new Date(instant);
    },
    advanceMinutes: (n) => {
      current = new Date(current.getTime() + n * 60_000);
    },
  };
}

export type DemoRestaurant = {
  module: Module;
  token: string;
  /** Authorization header for this restaurant's token. */
  auth: { authorization: string };
};

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function createTestApp(
  options: {
    kind?: TestDbKind;
    clock?: TestClock;
    env?: Record<string, string>;
    /** Where the app's log lines go; without it the app logs nothing. Set LOG_LEVEL in `env` too. */
    logStream?: BuildOptions["logStream"];
    paymentProviders?: BuildOptions["paymentProviders"];
    /**
     * An open database to build on instead of a fresh one (closed with the app): a second API process on the
     * first one's PostgreSQL database, with its own connections and change feed. Seeded only when `seed`.
     */
    database?: Database;
    seed?: boolean;
  } = {},
) {
  // A fresh database is a copy of one seeded with the demo data (vitest's globalSetup); a given one is seeded when asked.
  const database = options.database ?? (await openTestDatabase(options.kind ?? "pglite", "demoData"));
  if (options.seed) await seedDemoData(database.db);
  const dataDir = mkdtempSync(join(tmpdir(), "api-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    TOKEN_SECRET: "test-secret-".padEnd(48, "x"),
    LOG_LEVEL: "silent",
    // Feature tests try many wrong codes from one address; plugins/guess-limit tests the limit itself.
    RATE_LIMIT_TRIES_PER_MINUTE: "1000000",
    // Likewise per-client creations and login attempts; plugins/client-limit tests the limits themselves.
    CREATIONS_PER_MINUTE: "1000000",
    LOGIN_ATTEMPTS_PER_MINUTE: "1000000",
    // Tests and load tools start many payments from one token and 127.0.0.1 and rarely open their links; the
    // payment module's own tests and reliability/cases/squatting test the limits (decision 025).
    PAYMENTS_UNPAID_PER_TOKEN: "1000000",
    PAYMENTS_UNPAID_PER_ADDRESS: "1000000",
    PAYMENTS_PER_ADDRESS_PER_HOUR: "1000000",
    PAYMENT_PAGE_OPEN_MINUTES: "1440",
    ...options.env,
  });
  const clock = options.clock ?? createClock();
  const app = await buildApp({
    db: database.db,
    changes: database.changes,
    config,
    now: clock.now,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    paymentProviders: options.paymentProviders,
  });
  await app.ready();
  // PostgreSQL delivers the seed's change notifications after its commits: let them arrive before a test
  // counts on the next one being its own (edit below).
  await changesSettled(database.changes);

  async function restaurant(host: string): Promise<DemoRestaurant> {
    const module = (await app.inject({ method: "GET", url: `/api/module/domain/${host}` })).json<Module>();
    const { token } = (await app.inject({ method: "GET", url: `/api/token/${module.productionUnitId}` })).json<{
      token: string;
    }>();
    return { module, token, auth: { authorization: `Bearer ${token}` } };
  }

  return {
    app,
    db: database.db,
    changes: database.changes,
    kind: database.kind,
    config,
    clock,
    restaurantA: await restaurant("localhost"),
    restaurantB: await restaurant("127.0.0.1"),
    /** app.inject with JSON parsing of the answer. */
    request: (opts: InjectOptions) => app.inject(opts),
    /**
     * Writes to the database as a restaurant's tool would, and resolves once the app's change feed has
     * heard of it: at once on PGlite, after the notification's trip back on PostgreSQL (its listener is a
     * connection of its own, so an inject right after the commit could otherwise run before it arrives).
     */
    edit: async <T>(write: (db: typeof database.db) => Promise<T>): Promise<T> => {
      const before = database.changes.generation;
      const result = await write(database.db);
      await vi.waitFor(() => expect(database.changes.generation, "the change was notified").not.toBe(before), {
        timeout: 5_000,
        interval: 2,
      });
      return result;
    },
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test file's usual set-up: one app for the whole file (built before its first test, closed after
 * its last) on a clock set back to `start` before every test. `t` stands for the app and may be read
 * only inside hooks and tests, once the app exists.
 */
export function useTestApp(
  start: Date | string,
  options: { kind?: TestDbKind } = {},
): { t: TestApp; clock: TestClock } {
  const clock = createClock(start);
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp({ ...options, clock });
  });
  afterAll(() => current?.close());
  beforeEach(() => clock.set(start));
  const t = new Proxy({} as TestApp, {
    get(_, key) {
      if (!current) throw new Error("The test app is built in beforeAll: use it inside hooks and tests");
      return current[key as keyof TestApp];
    },
  });
  return { t, clock };
}

export type { FastifyInstance };
