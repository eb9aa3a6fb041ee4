/** The demo's staff accounts: seeded with the restaurants, and into a database that has the restaurants only. */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "../client";
import { membership, membershipUnit, productionUnit, staffAccount } from "../schema";
import { openTestDatabase, testDbKinds } from "../testing";
import { seedDemoData } from ".";
import { demoStaff } from "./demo-staff";

const emails = demoStaff.flatMap(({ owner, manager, kitchen }) => [owner.email, manager.email, kitchen.email]);

describe.each(await testDbKinds())("demo staff on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemoData(database.db);
  });
  afterAll(() => database.close());

  test("an owner, a manager and a kitchen account per demo restaurant, in its organisation; a second seed adds nothing", async () => {
    const { db } = database;
    const rows = await db
      .select({ email: staffAccount.email, role: membership.role, unit: membershipUnit.productionUnitId })
      .from(staffAccount)
      .innerJoin(membership, eq(membership.accountId, staffAccount.id))
      .leftJoin(membershipUnit, eq(membershipUnit.membershipId, membership.id))
      .orderBy(staffAccount.email);
    expect(rows.map((row) => [row.email, row.role, row.unit === null ? "all" : "one"])).toEqual([
      ["ejer@bistro-norrebro.example", "owner", "all"],
      ["ejer@pizzeria-aarhus.example", "owner", "all"],
      ["kokken@bistro-norrebro.example", "staff", "one"],
      ["kokken@pizzeria-aarhus.example", "staff", "one"],
      ["leder@bistro-norrebro.example", "manager", "one"],
      ["leder@pizzeria-aarhus.example", "manager", "one"],
    ]);
    await seedDemoData(db);
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(membership);
    expect(count!.n).toBe(6);
  });

  test("a database seeded before the managers came gets them, once", async () => {
    const { db } = database;
    const managers = demoStaff.map(({ manager }) => manager.email);
    await db.delete(staffAccount).where(inArray(staffAccount.email, managers));
    await seedDemoData(db);
    const rows = await db
      .select({ email: staffAccount.email })
      .from(staffAccount)
      .where(inArray(staffAccount.email, managers));
    expect(rows.map((row) => row.email).sort()).toEqual([...managers].sort());
  });

  test("a database seeded before accounts existed gets them, and its restaurants their organisations", async () => {
    const { db } = database;
    // As before migration 0012's accounts: no staff, restaurants in no organisation.
    await db.delete(staffAccount).where(inArray(staffAccount.email, emails));
    await db.update(productionUnit).set({ organisationId: null });
    expect((await seedDemoData(db)).seeded).toBe(false);
    const accounts = await db.select().from(staffAccount);
    expect(accounts.map((account) => account.email).sort()).toEqual([...emails].sort());
    const units = await db.select({ organisationId: productionUnit.organisationId }).from(productionUnit);
    expect(units.every((unit) => unit.organisationId !== null)).toBe(true);
  });
});
