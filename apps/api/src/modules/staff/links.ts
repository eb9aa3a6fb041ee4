/**
 * Single-use emailed links (OWASP ASVS 5.0 6.4): a password reset (valid 30 minutes), an invite (7 days), the
 * first owner's setup (24 hours). The link carries a random 256-bit token; the database holds only its SHA-256.
 * Using a link sets the password, ends every session and every other link of the account, and signs in.
 */
import type { LinkInfo } from "@app/contracts";
import type { Db, Executor } from "@app/db";
import { invalid, notFound } from "../../errors";
import { hashSecret, newSecret } from "./admin-scope";
import { isCommonPassword } from "./common-passwords";
import { hashPassword } from "./password-hash";
import {
  claimLink,
  deleteSessionsOfAccount,
  endLinksOfAccount,
  findLiveLink,
  findMemberships,
  insertLink,
  type LinkRow,
  setPassword,
} from "./repository";
import { type NewSession, openSession } from "./sign-in";

const MINUTE_MS = 60_000;
export const LINK_VALIDITY_MS: Record<LinkRow["purpose"], number> = {
  reset: 30 * MINUTE_MS,
  invite: 7 * 24 * 60 * MINUTE_MS,
  setup: 24 * 60 * MINUTE_MS,
};
/** How the email words each validity. */
export const LINK_VALIDITY_WORDS: Record<LinkRow["purpose"], { da: string; en: string }> = {
  reset: { da: "30 minutter", en: "30 minutes" },
  invite: { da: "7 dage", en: "7 days" },
  setup: { da: "24 timer", en: "24 hours" },
};

/** The back office's page for a link: `<origin>/admin/link/<token>`. */
export const linkUrl = (origin: string, token: string) => `${origin}/admin/link/${token}`;

/** Stores a new link for the account and answers its token (for the email; never stored as it is). */
export async function createLink(
  db: Executor,
  accountId: string,
  purpose: LinkRow["purpose"],
  now: Date,
): Promise<string> {
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + LINK_VALIDITY_MS[purpose]);
  await insertLink(db, { tokenHash: hashSecret(token), purpose, accountId, expiresAt });
  return token;
}

const linkNotFound = () => notFound("Link");

/** What an unused, living link is for; 404 when it is unknown, used, expired or its account is disabled. */
export async function describeLink(db: Db, token: string, now: Date): Promise<LinkInfo> {
  const found = await findLiveLink(db, hashSecret(token), now);
  if (!found || found.account.disabled) throw linkNotFound();
  const { link, account } = found;
  // An invite or a setup link is made for a new account with one membership: that organisation.
  const organisationName =
    link.purpose === "reset" ? null : ((await findMemberships(db, account.id))[0]?.organisationName ?? null);
  return { purpose: link.purpose, email: account.email, name: account.name, organisationName };
}

/** Refuses a password from the common-passwords list (its length is the contract's NewPassword's). */
export function requireUncommonPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw invalid("Input.CommonPassword", "This password is one of the most common ones; choose another", "password");
  }
}

/**
 * Sets the password through the link and signs in. The link is claimed by one conditional update: of two
 * requests racing with one link, one succeeds and the other is 404.
 */
export async function useLink(
  db: Db,
  token: string,
  choice: { password: string; name?: string },
  now: Date,
): Promise<NewSession> {
  requireUncommonPassword(choice.password);
  const tokenHash = hashSecret(token);
  const found = await findLiveLink(db, tokenHash, now);
  if (!found || found.account.disabled) throw linkNotFound();
  // Hashed before the transaction, which then holds its locks for milliseconds, not for the hash's tens of them.
  const passwordHash = await hashPassword(choice.password);
  const accountId = found.account.id;
  return db.transaction(async (tx) => {
    if (!(await claimLink(tx, tokenHash, now))) throw linkNotFound();
    await endLinksOfAccount(tx, accountId, now);
    // A reset keeps the name; an invite or a setup may set it as the member wants it shown.
    await setPassword(tx, accountId, passwordHash, found.link.purpose === "reset" ? undefined : choice.name);
    await deleteSessionsOfAccount(tx, accountId);
    return { ...(await openSession(tx, accountId, now)), accountId };
  });
}
