/**
 * `npm run admin -- create-owner`: it prints a setup link whose token's hash is the owner's setup link in the
 * database. The database is an in-memory PGlite handed in where the command would open DATA_DIR's or
 * DATABASE_URL's (a PGlite data folder takes 20 s to create on a loaded machine); links.test.ts signs in through
 * such a link.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, schema } from "@app/db";
import { eq } from "@app/db/orm";
import { openTestDatabase } from "@app/db/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runAdmin } from "./admin";

const dataDir = mkdtempSync(join(tmpdir(), "admin-cli-"));
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase("pglite");
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});
/** The command's database, left open when the command closes it, for the test to look into. */
const openTest = async () => ({ ...database, close: async () => {} });

function capture() {
  const printed: string[] = [];
  const failed: string[] = [];
  return {
    printed,
    failed,
    out: { print: (line: string) => printed.push(line), fail: (line: string) => failed.push(line) },
  };
}

describe("npm run admin -- create-owner", () => {
  test("creates the organisation and its owner, and prints a single-use setup link", async () => {
    const { printed, out } = capture();
    const args = ["create-owner", "--email", " Ejer@Example.DK ", "--organisation", "Smørrebrød ApS", "--name", "Ejer"];
    const env = { DATA_DIR: dataDir, LOG_LEVEL: "silent", TOKEN_SECRET: "x".repeat(48) };
    expect(await runAdmin([...args, "--base-url", "https://shop.example/"], env, out, openTest)).toBe(0);
    const link = printed.find((line) => line.includes("/admin/link/"));
    expect(link).toMatch(/^https:\/\/shop\.example\/admin\/link\/[A-Za-z0-9_-]{43}$/);
    const token = link!.split("/").at(-1)!;

    {
      const { db } = database;
      const [account] = await db
        .select()
        .from(schema.staffAccount)
        .where(eq(schema.staffAccount.email, "ejer@example.dk"));
      expect(account).toMatchObject({ name: "Ejer", passwordHash: null, disabled: false });
      const [member] = await db
        .select({ role: schema.membership.role, organisation: schema.organisation.name })
        .from(schema.membership)
        .innerJoin(schema.organisation, eq(schema.organisation.id, schema.membership.organisationId))
        .where(eq(schema.membership.accountId, account!.id));
      expect(member).toEqual({ role: "owner", organisation: "Smørrebrød ApS" });
      const [link] = await db.select().from(schema.staffLink).where(eq(schema.staffLink.accountId, account!.id));
      expect(link).toMatchObject({ purpose: "setup", usedAt: null });
      expect(link!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
      expect(link!.expiresAt.getTime() - link!.createdAt.getTime()).toBeGreaterThan(23.9 * 60 * 60_000);
    }
  });

  test("without an email or organisation it prints the usage and exits 2, touching no database", async () => {
    const { failed, out } = capture();
    const neverOpened = async (): Promise<Database> => {
      throw new Error("the command opened a database");
    };
    expect(await runAdmin(["create-owner", "--email", "not-an-email"], {}, out, neverOpened)).toBe(2);
    expect(failed.join("\n")).toMatch(/--email: write an email address like name@example\.dk/);
    expect(failed.join("\n")).toMatch(/Usage: npm run admin -- create-owner/);
    expect(await runAdmin(["make-coffee"], {}, out, neverOpened)).toBe(2);
  });

  test("a name with a line break is refused in words, not with its error code", async () => {
    const { failed, out } = capture();
    const neverOpened = async (): Promise<Database> => {
      throw new Error("the command opened a database");
    };
    const args = ["create-owner", "--email", "ejer@example.dk", "--organisation", "Bistro\nNørrebro", "--name", "A\nB"];
    expect(await runAdmin(args, {}, out, neverOpened)).toBe(2);
    const text = failed.join("\n");
    expect(text).toMatch(/--organisation: write it on one line, without line breaks/);
    expect(text).toMatch(/--name: write it on one line, without line breaks/);
    expect(text).not.toMatch(/Input\./);
  });
});
