/**
 * Back-office sessions for tests, made straight in the database (sign-in itself is tested in
 * modules/staff): a staff member, a manager and an owner of restaurant A's organisation, and the owner of
 * restaurant B's. `as(actor, request)` adds the session cookie, the page's Origin and the CSRF token.
 */
import { createHash, randomBytes } from "node:crypto";
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import type { InjectOptions } from "fastify";
import type { TestApp } from "./test-app";

export type AdminActor = "none" | "staff" | "manager" | "owner" | "otherOwner";
type Session = { cookie: string; csrfToken: string; accountId: string };

export type AdminActors = Awaited<ReturnType<typeof createAdminActors>>;

export async function createAdminActors(t: TestApp) {
  const restaurantAId = t.restaurantA.module.productionUnitId;
  const restaurantBId = t.restaurantB.module.productionUnitId;
  const organisationAId = await organisationOf(t, restaurantAId);
  const organisationBId = await organisationOf(t, restaurantBId);
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
      if (actor !== "none") {
        headers.cookie = sessions[actor].cookie;
        headers["x-csrf-token"] = sessions[actor].csrfToken;
      }
      return { ...options, headers };
    },
  };
}

async function organisationOf(t: TestApp, productionUnitId: number): Promise<number> {
  const [unit] = await t.db
    .select({ organisationId: schema.productionUnit.organisationId })
    .from(schema.productionUnit)
    .where(eq(schema.productionUnit.id, productionUnitId));
  return unit!.organisationId!;
}

let counter = 0;

async function member(
  t: TestApp,
  organisationId: number,
  role: "owner" | "manager" | "staff",
  unitIds: number[],
): Promise<Session> {
  counter += 1;
  const [account] = await t.db
    .insert(schema.staffAccount)
    .values({ email: `${role}-${organisationId}-${counter}@matrix.test`, name: `${role} ${counter}` })
    .returning({ id: schema.staffAccount.id });
  const [membership] = await t.db
    .insert(schema.membership)
    .values({ accountId: account!.id, organisationId, role })
    .returning({ id: schema.membership.id });
  if (unitIds.length > 0) {
    await t.db
      .insert(schema.membershipUnit)
      .values(unitIds.map((productionUnitId) => ({ membershipId: membership!.id, productionUnitId })));
  }
  const id = randomBytes(32).toString("base64url");
  const csrfToken = randomBytes(32).toString("base64url");
  const at = t.clock.now();
  await t.db.insert(schema.staffSession).values({
    idHash: createHash("sha256").update(id).digest("hex"),
    accountId: account!.id,
    csrfToken,
    createdAt: at,
    lastSeenAt: at,
  });
  return { cookie: `bo_session=${id}`, csrfToken, accountId: account!.id };
}
