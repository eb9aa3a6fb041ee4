/**
 * Migrations that change existing rows, tried on a database holding rows of the schema before them.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, test } from "vitest";

const MIGRATIONS = join(import.meta.dirname, "../migrations");

/** A copy of the migrations folder holding only the first `count` migrations. */
function migrationsUpTo(count: number): string {
  const dir = mkdtempSync(join(tmpdir(), "migrations-"));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe("0003 payment settlement", () => {
  test("numbers old attempts, settles recent pay-at-pickup payments and leaves older ones to expire", async () => {
    const client = new PGlite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo(3) });

    // Payment rows only (their checkouts and units do not matter here), so foreign keys stay unchecked.
    await client.exec("SET session_replication_role = replica");
    await client.exec(`
      INSERT INTO payment (id, checkout_id, production_unit_id, state, type, amount_minor, provider, method, created_at) VALUES
        ('00000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', 1, 1, 2, 5000, 'restaurant', 'pickup', now() - interval '5 minutes'),
        ('00000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000002', 1, 1, 2, 5000, 'restaurant', 'pickup', now() - interval '2 hours'),
        ('00000000-0000-4000-8000-000000000003', '10000000-0000-4000-8000-000000000003', 1, 1, 0, 5000, 'test', 'card', now() - interval '5 minutes'),
        ('00000000-0000-4000-8000-000000000004', '10000000-0000-4000-8000-000000000004', 1, 2, 0, 5000, 'test', 'card', '2026-11-23T10:00:00Z'),
        ('00000000-0000-4000-8000-000000000005', '10000000-0000-4000-8000-000000000004', 1, 250, 1, 1000, 'giftcard', 'giftcard', '2026-11-23T10:00:00Z'),
        ('00000000-0000-4000-8000-000000000006', '10000000-0000-4000-8000-000000000004', 1, 1, 0, 5000, 'test', 'card', '2026-11-23T10:05:00Z')
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const { rows } = await client.query<{ id: string; state: number; attempt: number }>(
      "SELECT id, state, attempt FROM payment ORDER BY id",
    );
    expect(rows.map((row) => [row.id.slice(-1), row.state, row.attempt])).toEqual([
      ["1", 128, 1], // recent pay at pickup: settled, the sweeper places its order
      ["2", 1, 1], // two hours old: still waiting, so the sweeper expires it
      ["3", 1, 1], // online payments keep waiting for their provider
      ["4", 2, 1], // one attempt: written together
      ["5", 250, 1],
      ["6", 1, 2],
    ]);
    await client.close();
  }, 60_000);
});

describe("0020 payment account versions", () => {
  test("each organisation continues above its account's version and above every save its audit log counts", async () => {
    const client = new PGlite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo(20) });

    // 101: an account saved three times. 102: an account saved four times and removed, then one saved twice.
    // 103: an account saved five times, then removed. 104: never had one.
    await client.exec(`
      INSERT INTO organisation (id, name) VALUES (101, 'A'), (102, 'B'), (103, 'C'), (104, 'D');
      INSERT INTO payment_account (organisation_id, provider, live_mode, secret_key_sealed, webhook_secret_sealed,
        secret_key_hint, version) VALUES
        (101, 'stripe', false, 'sealed', 'sealed', 'sk_test_…4242', 3),
        (102, 'stripe', false, 'sealed', 'sealed', 'sk_test_…4242', 2);
      INSERT INTO audit_log (at, organisation_id, actor_name, actor_email, action)
        SELECT now(), organisation_id, 'Owner', 'owner@example.dk', action FROM (VALUES
          (101, 'payment-account.save'), (101, 'payment-account.save'), (101, 'payment-account.save'),
          (102, 'payment-account.save'), (102, 'payment-account.save'), (102, 'payment-account.save'),
          (102, 'payment-account.save'), (102, 'payment-account.remove'),
          (102, 'payment-account.save'), (102, 'payment-account.save'),
          (103, 'payment-account.save'), (103, 'payment-account.save'), (103, 'payment-account.save'),
          (103, 'payment-account.save'), (103, 'payment-account.save'), (103, 'payment-account.remove'),
          (104, 'settings.update')
        ) AS entry (organisation_id, action);
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const { rows } = await client.query<{ organisation_id: number; last_version: number }>(
      "SELECT organisation_id, last_version FROM payment_account_version ORDER BY organisation_id",
    );
    expect(rows.map((row) => [row.organisation_id, row.last_version])).toEqual([
      [101, 3],
      [102, 6], // at least the removed account's 4, so the one stored now continues above it
      [103, 5],
    ]);
    await client.close();
  }, 60_000);
});

describe("0021 invite consent", () => {
  test("every membership made before it is accepted (as it was made); only invite and join links name one", async () => {
    const client = new PGlite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo(21) });

    await client.exec(`
      INSERT INTO organisation (id, name) VALUES (201, 'A'), (202, 'B');
      INSERT INTO staff_account (id, email, name) VALUES
        ('00000000-0000-4000-8000-000000000001', 'owner@example.dk', 'Owner'),
        ('00000000-0000-4000-8000-000000000002', 'cook@example.dk', 'Cook');
      INSERT INTO membership (id, account_id, organisation_id, role, created_at) VALUES
        (1, '00000000-0000-4000-8000-000000000001', 201, 'owner', '2026-11-01T10:00:00Z'),
        (2, '00000000-0000-4000-8000-000000000002', 201, 'staff', '2026-11-02T10:00:00Z'),
        (3, '00000000-0000-4000-8000-000000000002', 202, 'staff', '2026-11-03T10:00:00Z');
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const { rows } = await client.query<{ id: number; accepted_at: Date; invited_name: string | null }>(
      "SELECT id, accepted_at, invited_name FROM membership ORDER BY id",
    );
    expect(rows.map((row) => [row.id, row.accepted_at.toISOString(), row.invited_name])).toEqual([
      [1, "2026-11-01T10:00:00.000Z", null],
      [2, "2026-11-02T10:00:00.000Z", null],
      [3, "2026-11-03T10:00:00.000Z", null],
    ]);
    const link = (purpose: string, membershipId: number | null) =>
      client.query(
        `INSERT INTO staff_link (token_hash, purpose, account_id, expires_at, membership_id)
         VALUES ($1, $2, '00000000-0000-4000-8000-000000000002', now(), $3)`,
        [`${purpose}-${membershipId}`, purpose, membershipId],
      );
    await link("join", 3);
    await link("invite", 3);
    await link("invite", null); // an invite made before links named their membership
    await link("reset", null);
    await expect(link("join", null)).rejects.toThrow(/staff_link_join_membership/);
    await expect(link("reset", 3)).rejects.toThrow(/staff_link_membership_purpose/);
    await client.close();
  }, 60_000);
});
