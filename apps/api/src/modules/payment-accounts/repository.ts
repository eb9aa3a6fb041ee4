/**
 * payment_account: an organisation's own account at a payment provider (issue 46), and payment_account_version:
 * the highest version the organisation's accounts have had. This module owns both tables; others read through
 * index.ts. Secrets are sealed (shared/secret-box.ts) and opened only in credentials.ts.
 */
import { type Executor, schema } from "@app/db";
import { eq } from "@app/db/orm";
import { readRestaurantSetup } from "../../shared/restaurant-setup";
import type { StoredAccount } from "./taking-account";

const { paymentAccount, paymentAccountVersion, productionUnit, module } = schema;

export type PaymentAccountRow = typeof paymentAccount.$inferSelect;

/** Which provider account a module's online payments go to: its organisation's, if it has one. */
export type ModuleAccount = { provider: string; liveMode: boolean };

export function findAccountOfModule(db: Executor, moduleId: number): Promise<ModuleAccount | undefined> {
  return readRestaurantSetup(db, `payment-accounts.module:${moduleId}`, async () => {
    const rows = await db
      .select({ provider: paymentAccount.provider, liveMode: paymentAccount.liveMode })
      .from(module)
      .innerJoin(productionUnit, eq(productionUnit.id, module.productionUnitId))
      .innerJoin(paymentAccount, eq(paymentAccount.organisationId, productionUnit.organisationId))
      .where(eq(module.id, moduleId))
      .limit(1);
    return rows[0];
  });
}

export async function findAccountOfOrganisation(
  db: Executor,
  organisationId: number,
): Promise<PaymentAccountRow | undefined> {
  const rows = await db.select().from(paymentAccount).where(eq(paymentAccount.organisationId, organisationId)).limit(1);
  return rows[0];
}

/** The account of the restaurant (production unit) a payment was made at. */
export async function findAccountOfUnit(
  db: Executor,
  productionUnitId: number,
): Promise<PaymentAccountRow | undefined> {
  const rows = await db
    .select({ account: paymentAccount })
    .from(productionUnit)
    .innerJoin(paymentAccount, eq(paymentAccount.organisationId, productionUnit.organisationId))
    .where(eq(productionUnit.id, productionUnitId))
    .limit(1);
  return rows[0]?.account;
}

/** Which account the restaurant's payments go to now, without its secrets (a refund's check: taking-account.ts). */
export async function findStoredAccountOfUnit(
  db: Executor,
  productionUnitId: number,
): Promise<StoredAccount | undefined> {
  const rows = await db
    .select({
      provider: paymentAccount.provider,
      providerAccountId: paymentAccount.providerAccountId,
      liveMode: paymentAccount.liveMode,
    })
    .from(productionUnit)
    .innerJoin(paymentAccount, eq(paymentAccount.organisationId, productionUnit.organisationId))
    .where(eq(productionUnit.id, productionUnitId))
    .limit(1);
  return rows[0];
}

export async function findAccountByWebhookId(db: Executor, webhookId: string): Promise<PaymentAccountRow | undefined> {
  const rows = await db.select().from(paymentAccount).where(eq(paymentAccount.webhookId, webhookId)).limit(1);
  return rows[0];
}

/**
 * The highest version the organisation's payment accounts have had (0 before the first), locked until the
 * transaction ends: saves and removals of the organisation's account take turns on this row, first saves too.
 */
export async function lockLastVersion(tx: Executor, organisationId: number): Promise<number> {
  await tx.insert(paymentAccountVersion).values({ organisationId, lastVersion: 0 }).onConflictDoNothing();
  const rows = await tx
    .select({ lastVersion: paymentAccountVersion.lastVersion })
    .from(paymentAccountVersion)
    .where(eq(paymentAccountVersion.organisationId, organisationId))
    .for("update");
  return rows[0]!.lastVersion;
}

export async function recordLastVersion(tx: Executor, organisationId: number, lastVersion: number): Promise<void> {
  await tx
    .update(paymentAccountVersion)
    .set({ lastVersion })
    .where(eq(paymentAccountVersion.organisationId, organisationId));
}

/** The organisation's account, locked until the transaction ends (after lockLastVersion, which orders the turns). */
export async function lockAccountOfOrganisation(
  tx: Executor,
  organisationId: number,
): Promise<PaymentAccountRow | undefined> {
  const rows = await tx
    .select()
    .from(paymentAccount)
    .where(eq(paymentAccount.organisationId, organisationId))
    .for("update");
  return rows[0];
}

export type SealedAccount = {
  organisationId: number;
  provider: "stripe";
  liveMode: boolean;
  secretKeySealed: string;
  webhookSecretSealed: string;
  secretKeyHint: string;
  providerAccountId: string;
  webhookId: string;
  version: number;
  updatedAt: Date;
  updatedBy: string;
};

/** The new account; undefined when another save created one first (the primary key is the organisation). */
export async function insertAccount(tx: Executor, account: SealedAccount): Promise<PaymentAccountRow | undefined> {
  const rows = await tx.insert(paymentAccount).values(account).onConflictDoNothing().returning();
  return rows[0];
}

/** A new key and secret for the account; its webhook id (the URL registered at Stripe) stays. */
export async function replaceAccount(
  tx: Executor,
  account: Omit<SealedAccount, "webhookId">,
): Promise<PaymentAccountRow> {
  const { organisationId, ...change } = account;
  const rows = await tx
    .update(paymentAccount)
    .set(change)
    .where(eq(paymentAccount.organisationId, organisationId))
    .returning();
  return rows[0]!;
}

export async function deleteAccount(tx: Executor, organisationId: number): Promise<void> {
  await tx.delete(paymentAccount).where(eq(paymentAccount.organisationId, organisationId));
}
