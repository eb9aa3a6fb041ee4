/**
 * Catalogue reads come in two steps, so that a revalidation costs one small query:
 *  1. `menuVersion`/`productVersion` (this file): the tenancy check (the instance is used by a module of
 *     the token's production unit, else 404) and the instance's catalogue version, in one query;
 *  2. the loaders (`listMenus`, `listCategories`, `getProduct`, `listLabels`, `getContext`, one file
 *     each): the answer itself, only when the caller has no current copy. They do not check tenancy
 *     again: call them after step 1 only.
 */
import type { Executor } from "@app/db";
import { localParts } from "@app/domain";
import { notFound } from "../../errors";
import { findOwnInstanceVersion } from "./repository";

export type CatalogueDeps = { db: Executor; now: () => Date };

/** The menu instance's catalogue version; 404 unless a module of the production unit uses it. */
export async function menuVersion({ db }: CatalogueDeps, menuInstanceId: number, productionUnitId: number) {
  const found = await findOwnInstanceVersion(db, "menu", menuInstanceId, productionUnitId);
  if (!found) throw notFound("Instance");
  return { version: found.version };
}

/**
 * The product instance's catalogue version and today's ISO weekday in the restaurant's time zone
 * (the weekday sale makes prices depend on it); 404 unless a module of the production unit uses it.
 */
export async function productVersion({ db, now }: CatalogueDeps, productInstanceId: number, productionUnitId: number) {
  const found = await findOwnInstanceVersion(db, "product", productInstanceId, productionUnitId);
  if (!found) throw notFound("Instance");
  return { version: found.version, isoWeekday: localParts(now(), found.timeZone).isoWeekday };
}
