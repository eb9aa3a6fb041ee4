/**
 * Signing in and out of the back office (OWASP ASVS 5.0 V6, V7). A sign-in gets a new random session id every
 * time (only its SHA-256 is stored, with a new CSRF token), so a session id planted before the sign-in is worth
 * nothing after it. Wrong tries are limited per client address and per email (known or not) with the guessing
 * limits' counters; an unknown email, a wrong password and a disabled account get one identical answer in the
 * same time (an unknown email is checked against a dummy hash).
 */
import { createHash } from "node:crypto";
import type { SignInRequest } from "@app/contracts";
import type { Db, Executor } from "@app/db";
import { AppError } from "../../errors";
import type { GuessLimiter } from "../../plugins/guess-limit";
import { hashSecret, newSecret } from "./admin-scope";
import { verifyPassword } from "./password-hash";
import { deleteSession, findAccountByEmail, insertSession } from "./repository";

/** The guessing limits' kind for staff sign-in: its own budget, apart from guests' codes. */
export const SIGN_IN_TRIES = "staff-sign-in";

export const invalidCredentials = () =>
  new AppError("unauthorized", "INVALID_CREDENTIALS", "The email or the password is wrong");

export type NewSession = { sessionId: string; csrfToken: string; accountId: string };

/**
 * Checks the email and password and opens a new session; throws INVALID_CREDENTIALS (401) or TOO_MANY_TRIES (429).
 * `previous`: the session the browser still had. Signing in again as the same account replaces it (its id does
 * not live on beside the new one); another account's session is left to its own expiry (the browser's cookie now
 * names the new one).
 */
export async function signIn(
  deps: { db: Db; now: () => Date; limiter: GuessLimiter },
  credentials: SignInRequest,
  client: { address: string; previous: { idHash: string; accountId: string } | null },
): Promise<NewSession> {
  const { db, now, limiter } = deps;
  const reserved = await limiter.reserve(SIGN_IN_TRIES, emailKey(credentials.email), client.address);
  let right = false;
  try {
    const account = await findAccountByEmail(db, credentials.email);
    const passwordRight = await verifyPassword(account?.passwordHash ?? null, credentials.password);
    if (!account || !passwordRight || account.disabled) throw invalidCredentials();
    right = true;
    if (client.previous?.accountId === account.id) await deleteSession(db, client.previous.idHash);
    return { ...(await openSession(db, account.id, now())), accountId: account.id };
  } finally {
    await limiter.settle(reserved, right);
  }
}

/** A new session for the account: answers its id (for the cookie; the row holds its hash) and CSRF token. */
export async function openSession(db: Executor, accountId: string, at: Date) {
  const sessionId = newSecret();
  const csrfToken = newSecret();
  await insertSession(db, { idHash: hashSecret(sessionId), accountId, csrfToken, at });
  return { sessionId, csrfToken };
}

/** The counters' key for an email: its hash, so the counter table holds no addresses. */
export function emailKey(email: string): string {
  return `email-${createHash("sha256").update(email).digest("base64url")}`;
}
