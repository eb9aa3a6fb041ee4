/**
 * Back-office sessions for tests, made straight in the database (sign-in itself is tested in
 * modules/staff): a staff member, a manager and an owner of restaurant A's organisation, and the owner of
 * restaurant B's. `as(actor, request)` adds the session cookie, the page's Origin and the CSRF token.
 */
import type { InjectOptions } from "fastify";
import { CSRF_HEADER } from "../modules/staff";
import { organisationOf, signInAs } from "./admin-session";
import type { TestApp } from "./test-app";

export type AdminActor = "none" | "staff" | "manager" | "owner" | "otherOwner";
type Session = { cookie: string; csrfToken: string; accountId: string };

export type AdminActors = Awaited<ReturnType<typeof createAdminActors>>;

export async function createAdminActors(t: TestApp) {
  const restaurantAId = t.restaurantA.module.productionUnitId;
  const restaurantBId = t.restaurantB.module.productionUnitId;
  const organisationAId = await organisationOf(t.db, restaurantAId);
  const organisationBId = await organisationOf(t.db, restaurantBId);
  const sessions: Record<Exclude<AdminActor, "none">, Session> = {
    staff: await member(t, organisationAId, "staff", [restaurantAId]),
    manager: await member(t, organisationAId, "manager", [restaurantAId]),
    owner: await member(t, organisationAId, "owner", []),
    otherOwner: await member(t, organisationBId, "owner", []),
  };
  return {
    restaurantAId,
    restaurantBId,
    organisationAId,
    organisationBId,
    sessions,
    /** A new member (and session) of an organisation, e.g. someone to disable. */
    member: (organisationId: number, role: "owner" | "manager" | "staff", unitIds: number[]) =>
      member(t, organisationId, role, unitIds),
    /** The request as the actor sends it from the back office's page. */
    as(actor: AdminActor, options: InjectOptions): InjectOptions {
      const headers = { origin: "http://localhost:80", ...(options.headers ?? {}) } as Record<string, string>;
      // A request that brings its own session (sign-out ends the session it is sent with) keeps it.
      if (actor !== "none" && headers.cookie === undefined) {
        headers.cookie = sessions[actor].cookie;
        headers[CSRF_HEADER] = sessions[actor].csrfToken;
      }
      return { ...options, headers };
    },
  };
}

/** A new account of the organisation with a session, written as a sign-in writes it (testing/admin-session.ts). */
async function member(
  t: TestApp,
  organisationId: number,
  role: "owner" | "manager" | "staff",
  productionUnitIds: number[],
): Promise<Session> {
  const signedIn = await signInAs(t.db, { organisationId, role, productionUnitIds, now: t.clock.now() });
  return {
    cookie: signedIn.readHeaders.cookie!,
    csrfToken: signedIn.headers[CSRF_HEADER]!,
    accountId: signedIn.accountId,
  };
}
