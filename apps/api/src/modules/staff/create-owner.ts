/**
 * The first owner without a demo (`npm run admin -- create-owner`): a new organisation, its owner's account
 * (without a password) and membership, and a single-use setup link (24 hours) through which the owner chooses a
 * password. An address that has an account already becomes the new organisation's owner too; it gets a setup link
 * only if it has no password yet.
 */
import type { Db } from "@app/db";
import { createLink } from "./links";
import { findAccountByEmail, insertAccount, insertMembership, insertOrganisation } from "./repository";

export type CreateOwnerRequest = { email: string; organisationName: string; name?: string };
export type CreatedOwner = {
  organisationId: number;
  accountId: string;
  /** The setup link's token; null when the account has a password already (they sign in with it). */
  setupToken: string | null;
};

export async function createOwner(db: Db, request: CreateOwnerRequest, now: Date): Promise<CreatedOwner> {
  return db.transaction(async (tx) => {
    const organisationId = await insertOrganisation(tx, request.organisationName);
    const existing = await findAccountByEmail(tx, request.email);
    const accountId =
      existing?.id ?? (await insertAccount(tx, { email: request.email, name: request.name ?? request.email }));
    // Accepted at once: the platform's operator makes it, on the person's word, for an organisation that is new.
    await insertMembership(tx, { accountId, organisationId, role: "owner", productionUnitIds: [], acceptedAt: now });
    const needsPassword = !existing || existing.passwordHash === null;
    const setupToken = needsPassword ? await createLink(tx, accountId, "setup", now) : null;
    return { organisationId, accountId, setupToken };
  });
}
