/**
 * Issue 46: the frontend settings say whether the module's online payments move money (`paymentTestMode`), so
 * the storefront can tell the guest before paying. The organisation's payment account decides; without one the
 * module's payment instance does (the demo data's: the built-in test provider). The answer is kept in memory
 * (plugins/answer-cache.ts, shared/restaurant-setup.ts): an owner connecting or changing an account must change
 * it at once, in every API process.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, schema } from "@app/db";
import { eq } from "@app/db/orm";
import { postgresReachable, TEST_POSTGRES_URL } from "@app/db/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { organisationOf } from "../../testing/admin-session";
import { createTestApp, type DemoRestaurant, type TestApp } from "../../testing/test-app";

const { paymentAccount } = schema;

async function paymentTestMode(app: TestApp, restaurant: DemoRestaurant): Promise<boolean> {
  const res = await app.request({
    method: "GET",
    url: `/api/frontend/module/${restaurant.module.id}`,
    headers: restaurant.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().paymentTestMode;
}

/** The account as the back office stores it; the sealed secrets are never read by this answer. */
function stripeAccount(organisationId: number, liveMode: boolean) {
  return {
    organisationId,
    provider: "stripe",
    liveMode,
    secretKeySealed: "sealed-key-not-read-here",
    webhookSecretSealed: "sealed-secret-not-read-here",
    secretKeyHint: liveMode ? "sk_live_…4242" : "sk_test_…4242",
  };
}

describe("paymentTestMode of GET /api/frontend/module/:moduleId", () => {
  let t: TestApp;
  let organisationA: number;
  beforeAll(async () => {
    t = await createTestApp();
    organisationA = await organisationOf(t.db, t.restaurantA.module.productionUnitId);
  });
  afterAll(() => t.close());

  const connect = (liveMode: boolean) =>
    t.edit((db) => db.insert(paymentAccount).values(stripeAccount(organisationA, liveMode)));
  const disconnect = () =>
    t.edit((db) => db.delete(paymentAccount).where(eq(paymentAccount.organisationId, organisationA)));

  test("is true without a payment account: the built-in test provider moves no money", async () => {
    expect(await paymentTestMode(t, t.restaurantA)).toBe(true);
    expect(await paymentTestMode(t, t.restaurantB)).toBe(true);
  });

  test("is true with a Stripe test key, and false with a live one, for that organisation's modules only", async () => {
    await connect(false);
    try {
      expect(await paymentTestMode(t, t.restaurantA)).toBe(true);
      await t.edit((db) =>
        db
          .update(paymentAccount)
          .set({ liveMode: true, secretKeyHint: "sk_live_…4242" })
          .where(eq(paymentAccount.organisationId, organisationA)),
      );
      expect(await paymentTestMode(t, t.restaurantA)).toBe(false);
      expect(await paymentTestMode(t, t.restaurantB), "another organisation's restaurant").toBe(true);
    } finally {
      await disconnect();
    }
  });

  test("follows the account from live back to none, though the answer was kept in memory", async () => {
    await connect(true);
    expect(await paymentTestMode(t, t.restaurantA)).toBe(false);
    expect(await paymentTestMode(t, t.restaurantA), "kept").toBe(false);
    await disconnect();
    expect(await paymentTestMode(t, t.restaurantA)).toBe(true);
  });
});

const reachable = await postgresReachable();

describe.skipIf(!reachable)("paymentTestMode in two API processes on one PostgreSQL", () => {
  const name = `t_paymode_${randomBytes(4).toString("hex")}`;
  let owner: TestApp;
  let guest: TestApp;
  let organisationA: number;
  /** A built storefront of one page, for the page the API serves with its data blocks. */
  const dist = mkdtempSync(join(tmpdir(), "payment-test-mode-"));

  beforeAll(async () => {
    mkdirSync(join(dist, "assets"));
    writeFileSync(
      join(dist, "index.html"),
      "<!doctype html><html><head><title>shop</title></head><body></body></html>",
    );
    await adminQuery(`create database "${name}"`);
    const url = new URL(TEST_POSTGRES_URL);
    url.pathname = `/${name}`;
    // One after the other: the first migrates and seeds, the second opens what is there.
    const open = () => openDatabase({ kind: "postgres", url: url.toString() });
    const env = { STOREFRONT_DIST: dist };
    owner = await createTestApp({ env, database: await open(), seed: true });
    guest = await createTestApp({ env, database: await open() });
    organisationA = await organisationOf(owner.db, owner.restaurantA.module.productionUnitId);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([owner?.close(), guest?.close()]);
    await adminQuery(`drop database if exists "${name}" with (force)`);
    rmSync(dist, { recursive: true, force: true });
  });

  /** A write in the owner's process, then the barrier a save answers after (decision 021). */
  async function ownerWrites(write: (db: TestApp["db"]) => Promise<unknown>) {
    await write(owner.db);
    await owner.changes.settleEverywhere();
  }

  test("connecting, switching to live and removing the account reach the other process's kept answer", async () => {
    expect(await paymentTestMode(guest, guest.restaurantA)).toBe(true); // kept in the guest's process from here

    await ownerWrites((db) => db.insert(paymentAccount).values(stripeAccount(organisationA, false)));
    expect(await paymentTestMode(guest, guest.restaurantA), "a Stripe test key").toBe(true);

    await ownerWrites((db) =>
      db.update(paymentAccount).set({ liveMode: true }).where(eq(paymentAccount.organisationId, organisationA)),
    );
    expect(await paymentTestMode(guest, guest.restaurantA), "a live key").toBe(false);
    expect(await paymentTestMode(guest, guest.restaurantB), "another organisation").toBe(true);

    await ownerWrites((db) => db.delete(paymentAccount).where(eq(paymentAccount.organisationId, organisationA)));
    expect(await paymentTestMode(guest, guest.restaurantA), "no account").toBe(true);
  });

  test("the page the other process serves carries the new answer in its start block", async () => {
    const page = async () => (await guest.request({ method: "GET", url: "/", headers: { host: "localhost" } })).body;
    await ownerWrites((db) => db.insert(paymentAccount).values(stripeAccount(organisationA, true)));
    try {
      await page(); // kept
      expect(await page()).toContain('"paymentTestMode":false');
      await ownerWrites((db) =>
        db.update(paymentAccount).set({ liveMode: false }).where(eq(paymentAccount.organisationId, organisationA)),
      );
      expect(await page()).toContain('"paymentTestMode":true');
    } finally {
      await ownerWrites((db) => db.delete(paymentAccount).where(eq(paymentAccount.organisationId, organisationA)));
    }
  });
});

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
