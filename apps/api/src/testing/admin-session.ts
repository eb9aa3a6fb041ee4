/**
 * Signs a made-up staff member into the back office for a test, by writing what a sign-in writes (an account,
 * its membership, a session) straight into the database: tests of back-office features need a session of a
 * given role without going through the sign-in form. The cookie's value is the session id; the row holds its
 * SHA-256 (modules/staff/admin-scope.ts).
 */
import { randomUUID } from "node:crypto";
import type { StaffRole } from "@app/contracts";
import { type Executor, schema } from "@app/db";
import { eq } from "@app/db/orm";
import { CSRF_HEADER, hashSecret, newSecret, SESSION_COOKIE } from "../modules/staff";

export type AdminSession = {
  accountId: string;
  /** The headers of a state-changing request from the back office's own page on `host`. */
  headers: Record<string, string>;
  /** The headers of a read (Host and cookie). */
  readHeaders: Record<string, string>;
};

/** The organisation that owns the production unit (the demo restaurants each have their own). */
export async function organisationOf(db: Executor, productionUnitId: number): Promise<number> {
  const [row] = await db
    .select({ organisationId: schema.productionUnit.organisationId })
    .from(schema.productionUnit)
    .where(eq(schema.productionUnit.id, productionUnitId));
  if (!row?.organisationId) throw new Error(`production unit ${productionUnitId} has no organisation`);
  return row.organisationId;
}

export async function signInAs(
  db: Executor,
  member: {
    organisationId: number;
    role: StaffRole;
    /** The restaurants a manager's or staff member's membership names. */
    productionUnitIds?: number[];
    now: Date;
    /** The Host the test's requests are sent to (the same-origin check compares Origin with it). */
    host?: string;
  },
): Promise<AdminSession> {
  const accountId = randomUUID();
  await db.insert(schema.staffAccount).values({
    id: accountId,
    email: `${accountId}@example.dk`,
    name: `${member.role} ${accountId.slice(0, 4)}`,
    passwordHash: null,
  });
  const [membership] = await db
    .insert(schema.membership)
    .values({ accountId, organisationId: member.organisationId, role: member.role, acceptedAt: member.now })
    .returning({ id: schema.membership.id });
  const units = member.productionUnitIds ?? [];
  if (units.length > 0) {
    await db
      .insert(schema.membershipUnit)
      .values(units.map((productionUnitId) => ({ membershipId: membership!.id, productionUnitId })));
  }
  const sessionId = newSecret();
  const csrfToken = newSecret();
  await db.insert(schema.staffSession).values({
    idHash: hashSecret(sessionId),
    accountId,
    csrfToken,
    createdAt: member.now,
    lastSeenAt: member.now,
  });
  const cookie = `${SESSION_COOKIE}=${sessionId}`;
  const host = member.host ?? "localhost";
  return {
    accountId,
    readHeaders: { host, cookie },
    headers: { host, cookie, origin: `http://${host}`, [CSRF_HEADER]: csrfToken },
  };
}
