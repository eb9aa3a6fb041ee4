/**
 * POST /context without `?instanceId=` (SPEC §7 lists it with a body only): the product instance comes
 * from the token's production unit, i.e. from the modules of that unit.
 *
 * A unit usually has one module, or several sharing one product instance. When its modules use
 * different product instances, the one holding the most of the asked products is taken (product ids
 * belong to exactly one instance, so a list read from one menu names one instance); among equals, one
 * used by a module that takes orders (active and visible) comes first, then the one of the oldest
 * module. Ids it does not hold make the usual 404 naming them. See docs/decisions/007-request-leniency.md.
 *
 * The choice is kept with the restaurant's setup (shared/restaurant-setup.ts), so a call whose answer is not
 * kept yet (plugins/answer-cache.ts: other ids) does not look it up again: any change of a module or of a
 * product (its instance's catalogue version moves) forgets it.
 */
import type { Executor } from "@app/db";
import { notFound } from "../../errors";
import { readRestaurantSetup } from "../../shared/restaurant-setup";
import { findUnitProductInstances, type UnitProductInstance } from "./repository";

export async function resolveContextInstance(
  db: Executor,
  productionUnitId: number,
  productIds: number[],
): Promise<number> {
  const key = `catalogue.context-instance:${productionUnitId}:${productIds.join(",")}`;
  const chosen = await readRestaurantSetup(db, key, async () => {
    const candidates = await findUnitProductInstances(db, productionUnitId, productIds);
    return candidates.sort(byPreference)[0]?.productInstanceId ?? null;
  });
  if (chosen === null) throw notFound("Instance");
  return chosen;
}

function byPreference(a: UnitProductInstance, b: UnitProductInstance): number {
  return b.held - a.held || Number(b.orderable) - Number(a.orderable) || a.firstModuleId - b.firstModuleId;
}
