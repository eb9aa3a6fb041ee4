/**
 * What the hours and ordering editors share. Their rows (business_hours, checkout_instance, delivery_zone, …)
 * have no version column, so a section's version is derived from its contents (shared/section-version.ts). A
 * save locks the restaurant's row first, so two saves take turns and the second compares its version with what
 * the first committed. Who saved last and when come from the section's newest audit entry.
 */
import type { EditConflict } from "@app/contracts";
import type { Executor } from "@app/db";
import { EDIT_PROBLEM_MESSAGES, type EditProblem } from "@app/domain";
import type { Deps } from "../../deps";
import { notFound, unprocessableItems } from "../../errors";
import { StaleSection, sectionVersion } from "../../shared/section-version";
import { findLatestAuditEntry, recordAudit } from "../audit";
import { editConflict, type SignedInStaff } from "../staff";
import { findRestaurantRows, lockProductionUnit, type RestaurantRow } from "../tenancy";

export { StaleSection, sectionVersion };

/** The restaurant with its first module, or 404 (a restaurant without an organisation is no one's to edit). */
export async function requireRestaurantRow(db: Executor, productionUnitId: number): Promise<RestaurantRow> {
  const [row] = await findRestaurantRows(db, [productionUnitId]);
  if (!row || row.unit.organisationId === null) throw notFound("Restaurant");
  return row;
}

/** 422 with every refused field at once, each with its path in the request and a code the back office words. */
export function refuseProblems(problems: EditProblem[]): void {
  if (problems.length === 0) return;
  throw unprocessableItems(
    problems.map(({ field, code }) => ({ code, field, message: `${field}: ${EDIT_PROBLEM_MESSAGES[code]}` })),
  );
}

export type SectionSave<S> = {
  productionUnitId: number;
  /** The audit action, e.g. "hours.update"; its newest entry names who saved last. */
  action: string;
  version: number;
  read: (tx: Executor) => Promise<S>;
  write: (tx: Executor) => Promise<void>;
};

/**
 * One transaction: lock the restaurant, compare the version with the current contents (409, nothing written),
 * write, record the audit entry with before and after. Then wait until every API process reads the new setup,
 * so the storefront's slots follow from the moment the save is answered.
 */
export async function saveSection<S>(deps: Deps, staff: SignedInStaff, save: SectionSave<S>): Promise<void> {
  const at = deps.now();
  const changed = await deps.db.transaction(async (tx) => {
    await lockProductionUnit(tx, save.productionUnitId);
    const row = await requireRestaurantRow(tx, save.productionUnitId);
    const before = await save.read(tx);
    const current = sectionVersion(before);
    if (current !== save.version) {
      throw new StaleSection(
        await sectionConflict(tx, save.productionUnitId, save.action, current, row.unit.createdAt),
      );
    }
    await save.write(tx);
    const after = await save.read(tx);
    if (JSON.stringify(before) === JSON.stringify(after)) return false;
    const change = { organisationId: row.unit.organisationId!, productionUnitId: save.productionUnitId };
    await recordAudit(tx, staff, at, { ...change, action: save.action, before, after });
    return true;
  });
  // A save that changed nothing leaves every kept copy true: no audit entry, nothing to wait for.
  if (changed) await deps.changes.settleEverywhere();
}

async function sectionConflict(
  tx: Executor,
  productionUnitId: number,
  action: string,
  version: number,
  createdAt: Date,
): Promise<EditConflict> {
  const latest = await findLatestAuditEntry(tx, productionUnitId, action);
  // Never saved in the back office: the seed (or the restaurant's creation) wrote it.
  return editConflict(tx, { version, updatedAt: latest?.at ?? createdAt, updatedBy: latest?.accountId ?? null });
}
