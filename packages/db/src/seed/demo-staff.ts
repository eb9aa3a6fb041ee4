/**
 * The demo's staff accounts: for each demo restaurant an owner of its organisation, a manager of the restaurant
 * (menu, hours, codes, refunds, figures) and a kitchen account (role staff, that restaurant). Their passwords are public (README, "Back office"); the hashes below are argon2id
 * with the API's parameters (apps/api/src/modules/staff/password-hash.ts), made once, so seeding hashes nothing
 * and this package needs no argon2. apps/api's staff tests sign in with each of them.
 */
import { eq } from "drizzle-orm";
import type { Executor } from "../client";
import {
  membership,
  membershipUnit,
  module,
  moduleDomain,
  organisation,
  productionUnit,
  staffAccount,
} from "../schema";
import { restaurantA } from "./restaurant-a";
import { restaurantB } from "./restaurant-b";
import type { RestaurantSeed } from "./types";

export type DemoAccount = { email: string; name: string; password: string; passwordHash: string };
export type DemoStaff = { restaurant: RestaurantSeed; owner: DemoAccount; manager: DemoAccount; kitchen: DemoAccount };

export const demoStaff: DemoStaff[] = [
  {
    restaurant: restaurantA,
    owner: {
      email: "ejer@bistro-norrebro.example",
      name: "Ejer, Bistro Nørrebro",
      password: "bistro-ejer-2026",
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$kZ95X3Kv3JV2AMgAdl6NXw$PWMLtEXmeStWgYnZ9ai3MgIpnHBqRwAZYcHLf10UjVM",
    },
    manager: {
      email: "leder@bistro-norrebro.example",
      name: "Leder, Bistro Nørrebro",
      password: "bistro-leder-2026",
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$jQsDHxiTTDsAN2/36eKT5Q$HiH27lQsm8BOp4hCFWORMTeHJT2IJmPI0dVeZqpPWpo",
    },
    kitchen: {
      email: "kokken@bistro-norrebro.example",
      name: "Køkkenet, Bistro Nørrebro",
      password: "bistro-kok-2026",
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$5Vr2mNS6bnAH4d4XalKIVA$+G0//rYX4rgy4Xkbcmtcz/yx1KOynC41bWRmcoC5byE",
    },
  },
  {
    restaurant: restaurantB,
    owner: {
      email: "ejer@pizzeria-aarhus.example",
      name: "Ejer, Pizzeria Aarhus C",
      password: "pizza-ejer-2026",
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$lqHROaV1+fCdmaPyFhyfyQ$ecL8q+zGiNS0P4UL4YZtWJB2tJPdJMLwpemEPdLrvHQ",
    },
    manager: {
      email: "leder@pizzeria-aarhus.example",
      name: "Leder, Pizzeria Aarhus C",
      password: "pizza-leder-2026",
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$Li61iLLcv6wKdepbRfALbA$aUMt9wODn8Jki/R2j01joRKrlXGXa9mfen7RLnQzozM",
    },
    kitchen: {
      email: "kokken@pizzeria-aarhus.example",
      name: "Køkkenet, Pizzeria Aarhus C",
      password: "pizza-kok-2026",
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$/k3pbNlnNyB0DzZLycJ+Vw$Zs7Lo7q0GjlrXigYnV8w37mg8D4LenlfJo7/TkbCkj4",
    },
  },
];

type DemoRole = { account: "owner" | "manager" | "kitchen"; role: "owner" | "manager" | "staff" };

/**
 * The accounts came in waves: owners and kitchens with the back office (issue 43), managers with menu editing
 * (issue 45). Each wave is added once, marked by restaurant A's first account of it, so a database seeded before
 * a wave gets it at its next start, and an account an operator deleted later does not come back.
 */
const WAVES: DemoRole[][] = [
  [
    { account: "owner", role: "owner" },
    { account: "kitchen", role: "staff" },
  ],
  [{ account: "manager", role: "manager" }],
];

/**
 * Adds each wave of demo accounts that is not there yet; also into a database that had the demo restaurants before
 * accounts existed (a restaurant without an organisation gets its seed's). Run inside the seed's transaction,
 * after the restaurants. `seeded`: whether any wave was added.
 */
export async function ensureDemoStaff(tx: Executor): Promise<{ seeded: boolean }> {
  let seeded = false;
  for (const wave of WAVES) {
    const marker = demoStaff[0]![wave[0]!.account].email;
    const existing = await tx.select({ id: staffAccount.id }).from(staffAccount).where(eq(staffAccount.email, marker));
    if (existing.length > 0) continue;
    for (const staff of demoStaff) await addDemoAccounts(tx, staff, wave);
    seeded = true;
  }
  return { seeded };
}

async function addDemoAccounts(tx: Executor, staff: DemoStaff, wave: DemoRole[]): Promise<void> {
  const unit = await demoUnit(tx, staff.restaurant);
  if (!unit) return; // the demo restaurant was removed: no accounts for it
  for (const { account, role } of wave) {
    const accountId = await insertDemoAccount(tx, staff[account]);
    const [member] = await tx
      .insert(membership)
      .values({ accountId, organisationId: unit.organisationId, role, acceptedAt: new Date() })
      .onConflictDoNothing()
      .returning({ id: membership.id });
    // An owner's membership covers every restaurant of the organisation; the others name theirs.
    if (member && role !== "owner") {
      await tx.insert(membershipUnit).values({ membershipId: member.id, productionUnitId: unit.id });
    }
  }
}

/** The demo restaurant's production unit (by its host) and organisation, giving it one if it has none. */
async function demoUnit(tx: Executor, restaurant: RestaurantSeed) {
  const [row] = await tx
    .select({ id: productionUnit.id, organisationId: productionUnit.organisationId })
    .from(moduleDomain)
    .innerJoin(module, eq(module.id, moduleDomain.moduleId))
    .innerJoin(productionUnit, eq(productionUnit.id, module.productionUnitId))
    .where(eq(moduleDomain.host, restaurant.host))
    .limit(1);
  if (!row) return undefined;
  if (row.organisationId !== null) return { id: row.id, organisationId: row.organisationId };
  const [created] = await tx
    .insert(organisation)
    .values({ name: restaurant.organisationName })
    .returning({ id: organisation.id });
  await tx.update(productionUnit).set({ organisationId: created!.id }).where(eq(productionUnit.id, row.id));
  return { id: row.id, organisationId: created!.id };
}

async function insertDemoAccount(tx: Executor, account: DemoAccount): Promise<string> {
  const { email, name, passwordHash } = account;
  // Another account may hold the address already (an operator invited it): it keeps its password.
  const [row] = await tx
    .insert(staffAccount)
    .values({ email, name, passwordHash })
    .onConflictDoUpdate({ target: staffAccount.email, set: { email } })
    .returning({ id: staffAccount.id });
  return row!.id;
}
