/** The staff tables (schema/staff.ts): this module owns accounts, memberships, sessions and links. */
import { type Executor, schema } from "@app/db";
import { and, eq, inArray } from "@app/db/orm";

const { staffAccount, staffSession, membership, membershipUnit, organisation, productionUnit } = schema;

export type SessionRow = typeof staffSession.$inferSelect;
export type AccountRow = typeof staffAccount.$inferSelect;

export async function findSession(db: Executor, idHash: string) {
  const rows = await db
    .select({ session: staffSession, account: staffAccount })
    .from(staffSession)
    .innerJoin(staffAccount, eq(staffAccount.id, staffSession.accountId))
    .where(eq(staffSession.idHash, idHash))
    .limit(1);
  return rows[0];
}

export async function touchSession(db: Executor, idHash: string, at: Date): Promise<void> {
  await db.update(staffSession).set({ lastSeenAt: at }).where(eq(staffSession.idHash, idHash));
}

export async function deleteSession(db: Executor, idHash: string): Promise<void> {
  await db.delete(staffSession).where(eq(staffSession.idHash, idHash));
}

export type MembershipView = {
  organisationId: number;
  organisationName: string;
  role: "owner" | "manager" | "staff";
  productionUnitIds: number[];
};

/**
 * The account's memberships with the restaurants each covers: an owner's covers every restaurant of the
 * organisation, a manager's or staff member's the ones named in membership_unit (of that organisation only).
 */
export async function findMemberships(db: Executor, accountId: string): Promise<MembershipView[]> {
  const rows = await db
    .select({
      id: membership.id,
      organisationId: membership.organisationId,
      role: membership.role,
      name: organisation.name,
    })
    .from(membership)
    .innerJoin(organisation, eq(organisation.id, membership.organisationId))
    .where(eq(membership.accountId, accountId))
    .orderBy(membership.organisationId);
  if (rows.length === 0) return [];
  const organisationIds = rows.map((row) => row.organisationId);
  const units = await db
    .select({ id: productionUnit.id, organisationId: productionUnit.organisationId })
    .from(productionUnit)
    .where(inArray(productionUnit.organisationId, organisationIds))
    .orderBy(productionUnit.id);
  const named = await db
    .select({ membershipId: membershipUnit.membershipId, productionUnitId: membershipUnit.productionUnitId })
    .from(membershipUnit)
    .innerJoin(membership, eq(membership.id, membershipUnit.membershipId))
    .where(and(eq(membership.accountId, accountId)));
  return rows.map((row) => {
    const ofOrganisation = units.filter((unit) => unit.organisationId === row.organisationId).map((unit) => unit.id);
    const covered =
      row.role === "owner"
        ? ofOrganisation
        : ofOrganisation.filter((id) => named.some((n) => n.membershipId === row.id && n.productionUnitId === id));
    return {
      organisationId: row.organisationId,
      organisationName: row.name,
      role: row.role,
      productionUnitIds: covered,
    };
  });
}
