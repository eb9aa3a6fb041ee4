/**
 * Catalogue reads come in two steps, so that a revalidation costs one small query:
 *  1. `menuVersion`/`productVersion` (this file): the tenancy check (the instance is used by a module of
 *     the token's production unit, else 404) and the instance's catalogue version, in one query;
 *  2. the loaders (`listMenus`, `listCategories`, `getProduct`, `listLabels`, `getContext`, one file
 *     each): the answer itself, only when the caller has no current copy. They do not check tenancy
 *     again: call them after step 1 only.
 * Step 1 is kept in memory while the database's change feed says nothing changed (shared/change-bound-cache.ts):
 * a menu read makes no database round trip, and any catalogue, module or time-zone change is seen by the next one.
 */
import type { Executor } from "@app/db";
import { addDays, localParts, zonedTimeToUtc } from "@app/domain";
import { notFound } from "../../errors";
import type { ChangeBoundCache } from "../../shared/change-bound-cache";
import { findOwnInstanceVersion, type InstanceVersion } from "./repository";

export type CatalogueDeps = { db: Executor; now: () => Date; versions: ChangeBoundCache<InstanceVersion | null> };

function ownInstanceVersion(
  { db, versions }: CatalogueDeps,
  kind: "menu" | "product",
  instanceId: number,
  productionUnitId: number,
) {
  return versions.get(
    `${kind} ${instanceId} ${productionUnitId}`,
    async () => (await findOwnInstanceVersion(db, kind, instanceId, productionUnitId)) ?? null,
  );
}

/** The menu instance's catalogue version; 404 unless a module of the production unit uses it. */
export async function menuVersion(deps: CatalogueDeps, menuInstanceId: number, productionUnitId: number) {
  const found = await ownInstanceVersion(deps, "menu", menuInstanceId, productionUnitId);
  if (!found) throw notFound("Instance");
  return { version: found.version };
}

/**
 * The product instance's catalogue version and today's ISO weekday in the restaurant's time zone
 * (the weekday sale makes prices depend on it); 404 unless a module of the production unit uses it.
 */
export async function productVersion(deps: CatalogueDeps, productInstanceId: number, productionUnitId: number) {
  const found = await ownInstanceVersion(deps, "product", productInstanceId, productionUnitId);
  if (!found) throw notFound("Instance");
  const today = localParts(deps.now(), found.timeZone);
  // Prices may change at the restaurant's midnight (the weekday sale): an answer kept in memory ends there.
  const weekdayEndsMs = zonedTimeToUtc(addDays(today.date, 1), 0, found.timeZone).getTime();
  return { version: found.version, isoWeekday: today.isoWeekday, weekdayEndsMs };
}
