import { type Executor, schema } from "@app/db";

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
 * Who did it when no person did: the server itself, on a rule a manager set (an order rejected automatically
 * after the restaurant's auto-reject minutes). Written with no account, under this name and address.
 */
export type SystemActor = { system: string };

/**
 * A person: a signed-in member (SignedInStaff has this shape), or an account acting through an emailed link
 * (accepting an invitation). Written here, not imported: the staff module records audit entries itself.
 */
export type PersonActor = { account: { id: string; email: string; name: string } };

export const SYSTEM_ACTOR_EMAIL = "system";

/**
 * Writes one audit entry: call it in the same transaction as the change, so that a change is never without
 * its entry (nor an entry without its change). Secrets never go in: callers pass what a manager may read.
 */
export async function recordAudit(
  tx: Executor,
  actor: PersonActor | SystemActor,
  at: Date,
  change: AuditChange,
): Promise<void> {
  const who =
    "system" in actor
      ? { accountId: null, actorName: actor.system, actorEmail: SYSTEM_ACTOR_EMAIL }
      : { accountId: actor.account.id, actorName: actor.account.name, actorEmail: actor.account.email };
  await tx.insert(schema.auditLog).values({
    at,
    organisationId: change.organisationId,
    productionUnitId: change.productionUnitId,
    ...who,
    action: change.action,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}
