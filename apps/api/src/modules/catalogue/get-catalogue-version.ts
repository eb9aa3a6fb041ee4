/**
 * A catalogue read comes in two steps:
 *  1. `menuVersion`/`productVersion` (this file): the tenancy check (the instance is used by a module of
 *     the token's production unit, else 404) and the instance's catalogue version, in one query;
 *  2. the loaders (`listMenus`, `listCategories`, `getProduct`, `listLabels`, `getContext`, one file
 *     each): the answer itself. They do not check tenancy again: call them after step 1 only.
 * Both run only when the answer is not kept in memory (plugins/answer-cache.ts); the version names the
 * answer (its ETag) the same way in every process.
 */ import type { Executor } from "@app/db";
import { addDays, localParts, zonedTimeToUtc } from "@app/domain";
import { notFound } from "../../errors";
import { findOwnInstanceVersion } from "./repository";

export type CatalogueDeps = { db: Executor; now: () => Date };

/** The menu instance's catalogue version; 404 unless a module of the production unit uses it. */
export async function menuVersion(deps: CatalogueDeps, menuInstanceId: number, productionUnitId: number) {
  const found = await findOwnInstanceVersion(deps.db, "menu", menuInstanceId, productionUnitId);
  if (!found) throw notFound("Instance");
  return { version: found.version };
}

/**
 * The product instance's catalogue version and today's ISO weekday in the restaurant's time zone
 * (the weekday sale makes prices depend on it); 404 unless a module of the production unit uses it.
 */
export async function productVersion(deps: CatalogueDeps, productInstanceId: number, productionUnitId: number) {
  const found = await findOwnInstanceVersion(deps.db, "product", productInstanceId, productionUnitId);
  if (!found) throw notFound("Instance");
  const today = localParts(deps.now(), found.timeZone);
  // Prices may change at the restaurant's midnight (the weekday sale): an answer kept in memory ends there.
  const weekdayEndsMs = zonedTimeToUtc(addDays(today.date, 1), 0, found.timeZone).getTime();
  return { version: found.version, isoWeekday: today.isoWeekday, weekdayEndsMs };
}
