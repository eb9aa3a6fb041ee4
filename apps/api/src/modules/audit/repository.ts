import { type Executor, schema } from "@app/db";
import { and, desc, eq, inArray, lt, or, type SQL } from "@app/db/orm";

const { auditLog, productionUnit } = schema;

export const AUDIT_PAGE_SIZE = 50;

export type AuditFilter = {
  /** The organisations whose whole log the reader may see (owners). */
  organisationIds: number[];
  /** Restaurants whose entries the reader may see in other organisations (managers). */
  productionUnitIds: number[];
  restaurantId?: number;
  organisationId?: number;
  accountId?: string;
  before?: number;
};

/** Newest first, one page; only entries of what the reader may see. */
export async function findAuditEntries(db: Executor, filter: AuditFilter) {
  const reach: SQL[] = [];
  if (filter.organisationIds.length > 0) reach.push(inArray(auditLog.organisationId, filter.organisationIds));
  if (filter.productionUnitIds.length > 0) reach.push(inArray(auditLog.productionUnitId, filter.productionUnitIds));
  if (reach.length === 0) return [];
  const conditions: SQL[] = [reach.length === 1 ? reach[0]! : (or(...reach) as SQL)];
  if (filter.organisationId !== undefined) conditions.push(eq(auditLog.organisationId, filter.organisationId));
  if (filter.restaurantId !== undefined) conditions.push(eq(auditLog.productionUnitId, filter.restaurantId));
  if (filter.accountId !== undefined) conditions.push(eq(auditLog.accountId, filter.accountId));
  if (filter.before !== undefined) conditions.push(lt(auditLog.id, filter.before));
  return db
    .select({ entry: auditLog, restaurantName: productionUnit.name })
    .from(auditLog)
    .leftJoin(productionUnit, eq(productionUnit.id, auditLog.productionUnitId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE);
}

/** The newest entry of an action on a restaurant (who saved a section last, and when), if any. */
export async function findLatestAuditEntry(db: Executor, productionUnitId: number, action: string) {
  const rows = await db
    .select({ at: auditLog.at, accountId: auditLog.accountId })
    .from(auditLog)
    .where(and(eq(auditLog.productionUnitId, productionUnitId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return rows[0];
}
