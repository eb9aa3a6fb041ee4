import { type Executor, schema } from "@app/db";
import type { SignedInStaff } from "../staff";

export type AuditChange = {
  organisationId: number;
  /** null for an organisation-wide change (staff, the organisation itself). */
  productionUnitId: number | null;
  /** What was done, as "<thing>.<verb>": "restaurant.create", "settings.update", "staff.invite", … */
  action: string;
  before: unknown;
  after: unknown;
};

/**
 * Writes one audit entry: call it in the same transaction as the change, so that a change is never without
 * its entry (nor an entry without its change). Secrets never go in: callers pass what a manager may read.
 */
export async function recordAudit(tx: Executor, staff: SignedInStaff, at: Date, change: AuditChange): Promise<void> {
  await tx.insert(schema.auditLog).values({
    at,
    organisationId: change.organisationId,
    productionUnitId: change.productionUnitId,
    accountId: staff.account.id,
    actorName: staff.account.name,
    actorEmail: staff.account.email,
    action: change.action,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}
