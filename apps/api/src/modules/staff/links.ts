/**
 * Single-use emailed links (OWASP ASVS 5.0 6.4): a password reset (valid 30 minutes), an invite (7 days), the
 * first owner's setup (24 hours), and a join link (7 days) through which an existing account accepts an
 * organisation's invitation. The link carries a random 256-bit token; the database holds only its SHA-256.
 * Using a password link sets the password, ends every session and every other password link of the account, and
 * signs in. Using a join link only accepts its membership: it sets no password and signs no one in.
 */
import type { LinkInfo } from "@app/contracts";
import type { Db, Executor } from "@app/db";
import { invalid, notFound } from "../../errors";
import { recordAudit } from "../audit";
import { hashSecret, newSecret } from "./admin-scope";
import { isCommonPassword } from "./common-passwords";
import { hashPassword } from "./password-hash";
import {
  type AccountRow,
  acceptMembership,
  claimLink,
  deleteSessionsOfAccount,
  endLinksOfAccount,
  findLiveLink,
  findMembershipById,
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
  join: 7 * 24 * 60 * MINUTE_MS,
};
/** How the email words each validity. */
export const LINK_VALIDITY_WORDS: Record<LinkRow["purpose"], { da: string; en: string }> = {
  reset: { da: "30 minutter", en: "30 minutes" },
  invite: { da: "7 dage", en: "7 days" },
  setup: { da: "24 timer", en: "24 hours" },
  join: { da: "7 dage", en: "7 days" },
};

/** The back office's page for a link: `<origin>/admin/link/<token>`. */
export const linkUrl = (origin: string, token: string) => `${origin}/admin/link/${token}`;

/**
 * Stores a new link for the account and answers its token (for the email; never stored as it is). An invite or a
 * join link names the membership it accepts (`membershipId`); a reset or a setup link names none.
 */
export async function createLink(
  db: Executor,
  accountId: string,
  purpose: LinkRow["purpose"],
  now: Date,
  membershipId: number | null = null,
): Promise<string> {
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + LINK_VALIDITY_MS[purpose]);
  await insertLink(db, { tokenHash: hashSecret(token), purpose, accountId, expiresAt, membershipId });
  return token;
}

const linkNotFound = () => notFound("Link");

/**
 * The unused, living link of the token with its account, and the membership it names; undefined when it is unknown,
 * used, expired, its account is disabled, or it is a join link whose membership was accepted already.
 */
async function findUsableLink(db: Executor, tokenHash: string, now: Date) {
  const found = await findLiveLink(db, tokenHash, now);
  if (!found || found.account.disabled) return undefined;
  const membership =
    found.link.membershipId === null ? undefined : await findMembershipById(db, found.link.membershipId);
  if (found.link.purpose === "join" && (!membership || membership.acceptedAt !== null)) return undefined;
  return { ...found, membership };
}

/** What an unused, living link is for; 404 when it is unknown, used, expired or its account is disabled. */
export async function describeLink(db: Db, token: string, now: Date): Promise<LinkInfo> {
  const found = await findUsableLink(db, hashSecret(token), now);
  if (!found) throw linkNotFound();
  const { link, account, membership } = found;
  const info = { purpose: link.purpose, email: account.email, name: account.name };
  if (link.purpose === "join") {
    return { ...info, organisationName: membership!.organisationName, role: membership!.role };
  }
  // An invite names its membership; a setup link (or an invite made before links named one) is made for a new
  // account with one membership: that organisation.
  const organisationName =
    link.purpose === "reset"
      ? null
      : (membership?.organisationName ?? (await findMemberships(db, account.id))[0]?.organisationName ?? null);
  return { ...info, organisationName };
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
  const found = await findUsableLink(db, tokenHash, now);
  // A join link sets no password: the account has one already, which a link mailed by an organisation must not change.
  if (!found || found.link.purpose === "join") throw linkNotFound();
  // Hashed before the transaction, which then holds its locks for milliseconds, not for the hash's tens of them.
  const passwordHash = await hashPassword(choice.password);
  const accountId = found.account.id;
  return db.transaction(async (tx) => {
    if (!(await claimLink(tx, tokenHash, now))) throw linkNotFound();
    await endLinksOfAccount(tx, accountId, now);
    // A reset keeps the name; an invite or a setup may set it as the member wants it shown.
    const name = found.link.purpose === "reset" ? undefined : choice.name;
    await setPassword(tx, accountId, passwordHash, name);
    // Choosing a password through the invite is the new member's consent: their membership counts from now.
    if (found.link.purpose === "invite" && found.link.membershipId !== null) {
      await acceptThroughLink(tx, { ...found.account, name: name ?? found.account.name }, found.link.membershipId, now);
    }
    await deleteSessionsOfAccount(tx, accountId);
    return { ...(await openSession(tx, accountId, now)), accountId };
  });
}

/**
 * Accepts the organisation's invitation through a join link (once): the membership counts from now, audited as
 * the account's own change. Sets no password and opens no session: the person signs in with their own password
 * (or, signed in already, sees the organisation on their next request). 404 as for any unusable link.
 */
export async function acceptJoinLink(db: Db, token: string, now: Date): Promise<void> {
  const tokenHash = hashSecret(token);
  const found = await findUsableLink(db, tokenHash, now);
  if (found?.link.purpose !== "join") throw linkNotFound();
  await db.transaction(async (tx) => {
    if (!(await claimLink(tx, tokenHash, now))) throw linkNotFound();
    if (!(await acceptThroughLink(tx, found.account, found.link.membershipId!, now))) throw linkNotFound();
  });
}

async function acceptThroughLink(tx: Executor, account: AccountRow, membershipId: number, at: Date) {
  const accepted = await acceptMembership(tx, membershipId, at);
  if (!accepted) return false;
  await recordAudit(tx, { account }, at, {
    organisationId: accepted.organisationId,
    productionUnitId: null,
    action: "staff.accept",
    before: null,
    after: { email: account.email, role: accepted.role },
  });
  return true;
}
