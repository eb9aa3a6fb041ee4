/**
 * The /api/admin scope's gate, run before every back-office route:
 * - a state-changing request (anything but GET, HEAD, OPTIONS) must come from this origin: `Origin` equal to
 *   the request's own scheme and host, or, without Origin, `Sec-Fetch-Site: same-origin`; neither → 403;
 * - the session cookie names a stored, living session of an enabled account (session-rules.ts), else the
 *   request has no staff; routes not marked `adminPublic` then answer 401;
 * - a signed-in state-changing request must send the session's CSRF token as `X-CSRF-Token` (403 otherwise), on
 *   the public routes too: a browser that has a session sends its token with every change.
 * The Origin check also covers the public routes (sign-in: no login CSRF).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import cookie from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Deps } from "../../deps";
import { AppError } from "../../errors";
import type { Api } from "../../shared/api";
import { deleteSession, findMemberships, findSession, type MembershipView, touchSession } from "./repository";
import { ABSOLUTE_TIMEOUT_MS, sessionAlive, shouldTouch } from "./session-rules";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in staff member of a back-office request; null when there is none. */
    staff: SignedInStaff | null;
  }
  interface FastifyContextConfig {
    /** Back-office routes reachable without a session: sign-in, password reset, invite and setup links. */
    adminPublic?: boolean;
  }
}

export type SignedInStaff = {
  account: { id: string; email: string; name: string };
  memberships: MembershipView[];
  sessionIdHash: string;
  csrfToken: string;
};

export const SESSION_COOKIE = "bo_session";
/** The proofs of the emails that signed in on this browser before, newest first (sign-in.ts). */
export const DEVICE_COOKIE = "bo_device";
export const CSRF_HEADER = "x-csrf-token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** SHA-256 (hex) of a secret: sessions and links are stored by it, so a copy of the database signs no one in. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** A new random secret (256 bits, base64url): a session id, a CSRF token, a link's token. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export async function registerAdminScope(admin: Api, deps: Deps): Promise<void> {
  await admin.register(cookie);
  admin.decorateRequest("staff", null);
  admin.addHook("onRequest", async (request, reply) => {
    if (!request.routeOptions.url) return; // no route: the 404 handler answers
    const changes = !SAFE_METHODS.has(request.method);
    if (changes) checkSameOrigin(request);
    request.staff = await resolveStaff(request, reply, deps);
    // A change made with a session sends its token, on the public routes too (sign-in, reset, links).
    if (changes && request.staff) checkCsrfToken(request, request.staff);
    if (request.routeOptions.config?.adminPublic) return;
    if (!request.staff) throw new AppError("unauthorized", "SIGN_IN_REQUIRED", "Sign in to the back office first");
  });
}

function checkSameOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (origin === `${request.protocol}://${request.host}`) return;
  } else if (request.headers["sec-fetch-site"] === "same-origin") {
    return;
  }
  throw new AppError("forbidden", "CSRF_ORIGIN", "The request must come from the back office's own page");
}

function checkCsrfToken(request: FastifyRequest, staff: SignedInStaff): void {
  const sent = request.headers[CSRF_HEADER];
  const expected = Buffer.from(staff.csrfToken);
  if (
    typeof sent === "string" &&
    sent.length === staff.csrfToken.length &&
    timingSafeEqual(Buffer.from(sent), expected)
  ) {
    return;
  }
  throw new AppError("forbidden", "CSRF_TOKEN", "The request's X-CSRF-Token is missing or wrong");
}

async function resolveStaff(request: FastifyRequest, reply: FastifyReply, deps: Deps): Promise<SignedInStaff | null> {
  const id = request.cookies[SESSION_COOKIE];
  if (!id) return null;
  const idHash = hashSecret(id);
  const found = await findSession(deps.db, idHash);
  const now = deps.now();
  if (!found || found.account.disabled || !sessionAlive(found.session, now)) {
    if (found) await deleteSession(deps.db, idHash);
    clearSessionCookie(request, reply);
    return null;
  }
  if (shouldTouch(found.session, now)) await touchSession(deps.db, idHash, now);
  const { id: accountId, email, name } = found.account;
  return {
    account: { id: accountId, email, name },
    memberships: await findMemberships(deps.db, accountId),
    sessionIdHash: idHash,
    csrfToken: found.session.csrfToken,
  };
}

/**
 * The memberships of a session that is still alive, read again (a long-lived event stream asks on a timer): null
 * once it was signed out, revoked, expired, or its account disabled. Reads only: resolveStaff's next request
 * deletes what is dead.
 */
export async function membershipsOfLiveSession(
  deps: Pick<Deps, "db">,
  sessionIdHash: string,
  now: Date,
): Promise<MembershipView[] | null> {
  const found = await findSession(deps.db, sessionIdHash);
  if (!found || found.account.disabled || !sessionAlive(found.session, now)) return null;
  return findMemberships(deps.db, found.account.id);
}

const cookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: "strict" as const,
  path: "/",
  // https as the client sees it: X-Forwarded-Proto counts only from the proxies TRUST_PROXY names.
  secure: request.protocol === "https",
});

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string): void {
  reply.setCookie(SESSION_COOKIE, sessionId, { ...cookieOptions(request), maxAge: ABSOLUTE_TIMEOUT_MS / 1000 });
}

/** Sent only to sign-in (its path), kept a year: it proves nothing but an earlier sign-in (sign-in.ts). */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    ...cookieOptions(request),
    path: "/api/admin/session",
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}
const DEVICE_COOKIE_DAYS = 365;

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}
