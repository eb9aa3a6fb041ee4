/**
 * Signing in and out of the back office (OWASP ASVS 5.0 V6, V7). A sign-in gets a new random session id every
 * time (only its SHA-256 is stored, with a new CSRF token), so a session id planted before the sign-in is worth
 * nothing after it. Wrong tries are limited per client address and per email (known or not) with the guessing
 * limits' counters; an unknown email, a wrong password and a disabled account get one identical answer in the
 * same time (an unknown email is checked against a dummy hash).
 *
 * A browser where an email signed in before keeps a proof of it (OWASP's device cookie, `bo_device`: an HMAC of
 * the email, no secret of the account) and its tries for that email count apart from everyone else's: a stranger
 * who sends ten wrong passwords a minute for the owner's email locks out the strangers, not the owner's own
 * tablet. The per-address limit still counts every try, with or without the cookie.
 */
import { createHash, createHmac } from "node:crypto";
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

/** A shared tablet where several staff sign in keeps a proof for each of the last few. */
const DEVICE_PROOFS_KEPT = 5;

/** The proof that `email` signed in on a browser: keyed by the server's secret, so no one else can make it. */
export function deviceProof(secret: Uint8Array, email: string): string {
  return createHmac("sha256", secret).update(`staff-device|${email}`).digest("base64url");
}

/** The cookie's proofs as the browser sent them (anything else in it is ignored). */
export function deviceProofsOf(cookie: string | undefined): string[] {
  return (cookie ?? "").split(".").filter((proof) => /^[A-Za-z0-9_-]{43}$/.test(proof));
}

/** The cookie's new value: this sign-in's proof first, then the others it held, at most DEVICE_PROOFS_KEPT. */
export function withDeviceProof(proofs: string[], proof: string): string {
  return [proof, ...proofs.filter((kept) => kept !== proof)].slice(0, DEVICE_PROOFS_KEPT).join(".");
}

/**
 * Checks the email and password and opens a new session; throws INVALID_CREDENTIALS (401) or TOO_MANY_TRIES (429).
 * `previous`: the session the browser still had. Signing in again as the same account replaces it (its id does
 * not live on beside the new one); another account's session is left to its own expiry (the browser's cookie now
 * names the new one).
 */
export async function signIn(
  deps: { db: Db; now: () => Date; limiter: GuessLimiter; deviceSecret: Uint8Array },
  credentials: SignInRequest,
  client: { address: string; previous: { idHash: string; accountId: string } | null; deviceProofs: string[] },
): Promise<NewSession & { deviceProof: string }> {
  const { db, now, limiter } = deps;
  const proof = deviceProof(deps.deviceSecret, credentials.email);
  const knownDevice = client.deviceProofs.includes(proof);
  const who = knownDevice ? `${emailKey(credentials.email)}-known-device` : emailKey(credentials.email);
  const reserved = await limiter.reserve(SIGN_IN_TRIES, who, client.address);
  let right = false;
  try {
    const account = await findAccountByEmail(db, credentials.email);
    const passwordRight = await verifyPassword(account?.passwordHash ?? null, credentials.password);
    if (!account || !passwordRight || account.disabled) throw invalidCredentials();
    right = true;
    if (client.previous?.accountId === account.id) await deleteSession(db, client.previous.idHash);
    return { ...(await openSession(db, account.id, now())), accountId: account.id, deviceProof: proof };
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
