import { type Executor, schema } from "@app/db";
import { and, eq, inArray, isNotNull } from "@app/db/orm";
import { findProductionUnit } from "../tenancy";

const { staffAccount, membership, membershipUnit } = schema;

export type AlertRecipient = { accountId: string; email: string; name: string };

/**
 * Who is told when a restaurant's order goes unseen or no screen is open: the enabled, activated accounts whose
 * accepted owner membership covers the restaurant's organisation, or whose accepted manager membership names the
 * restaurant.
 */
export async function findAlertRecipients(
  db: Executor,
  productionUnitId: number,
): Promise<{ organisationId: number | null; recipients: AlertRecipient[] }> {
  // The restaurant's organisation is tenancy's (production_unit): asked of it.
  const unit = await findProductionUnit(db, productionUnitId);
  if (!unit?.organisationId) return { organisationId: null, recipients: [] };
  const rows = await db
    .select({
      accountId: staffAccount.id,
      email: staffAccount.email,
      name: staffAccount.name,
      role: membership.role,
      membershipId: membership.id,
    })
    .from(membership)
    .innerJoin(staffAccount, eq(staffAccount.id, membership.accountId))
    .where(
      and(
        eq(membership.organisationId, unit.organisationId),
        inArray(membership.role, ["owner", "manager"]),
        // An invitation not accepted yet gives no access, and no alerts about the organisation's orders.
        isNotNull(membership.acceptedAt),
        eq(staffAccount.disabled, false),
        isNotNull(staffAccount.passwordHash),
      ),
    )
    .orderBy(staffAccount.email);
  const managerIds = rows.filter((row) => row.role === "manager").map((row) => row.membershipId);
  const named =
    managerIds.length === 0
      ? []
      : await db
          .select({ membershipId: membershipUnit.membershipId })
          .from(membershipUnit)
          .where(
            and(
              inArray(membershipUnit.membershipId, managerIds),
              eq(membershipUnit.productionUnitId, productionUnitId),
            ),
          );
  const namedIds = new Set(named.map((row) => row.membershipId));
  const covering = rows.filter((row) => row.role === "owner" || namedIds.has(row.membershipId));
  const unique = new Map(covering.map(({ accountId, email, name }) => [accountId, { accountId, email, name }]));
  return { organisationId: unit.organisationId, recipients: [...unique.values()] };
}
