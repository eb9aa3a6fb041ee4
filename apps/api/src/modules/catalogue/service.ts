/**
 * Catalogue use cases, in two steps so that a revalidation costs one small query:
 *  1. `menuVersion`/`productVersion`: the tenancy check (the instance is used by a module of the
 *     token's production unit, else 404) and the instance's catalogue version, in one query;
 *  2. the loaders (`listMenus`, `getProduct`, …): the answer itself, only when the caller has no
 *     current copy. They do not check tenancy again: call them after step 1 only.
 */
import type { Category, Context, Label, Menu, Product } from "@app/contracts";
import type { Db, Executor } from "@app/db";
import { localParts } from "@app/domain";
import { AppError, notFound } from "../../errors";
import {
  findCategoriesOfMenu,
  findLabels,
  findMenuOfInstance,
  findMenus,
  findOwnInstanceVersion,
  findProductGraph,
} from "./repository";
import { texts, toCategories, toProductViews } from "./to-catalogue-json";

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

/** The menus of a menu instance. */
export async function listMenus(db: Executor, menuInstanceId: number): Promise<Menu[]> {
  return findMenus(db, menuInstanceId);
}

/** A menu's categories in display order, each with its product ids in display order. */
export async function listCategories(db: Db, menuId: number, menuInstanceId: number): Promise<Category[]> {
  const [menu, { categories, links }] = await Promise.all([
    findMenuOfInstance(db, menuId, menuInstanceId),
    findCategoriesOfMenu(db, menuId),
  ]);
  if (!menu) throw notFound("Menu");
  return toCategories(categories, links);
}

export async function listLabels(db: Executor, productInstanceId: number): Promise<Label[]> {
  const labels = await findLabels(db, productInstanceId);
  return labels.map((row) => ({ ...row, name: texts(row.name), description: texts(row.description) }));
}

/** One product with its price on the given ISO weekday. */
export async function getProduct(
  db: Executor,
  productId: number,
  productInstanceId: number,
  isoWeekday: number,
): Promise<Product> {
  const { products } = toProductViews(await findProductGraph(db, productInstanceId, [productId]), isoWeekday);
  const found = products[0];
  if (!found) throw notFound("Product");
  return found;
}

/** Products with every option group and choice they use; any id not of this instance is a 404. */
export async function getContext(
  db: Executor,
  productIds: number[],
  productInstanceId: number,
  isoWeekday: number,
): Promise<Context> {
  const views = toProductViews(await findProductGraph(db, productInstanceId, productIds), isoWeekday);
  const byId = new Map(views.products.map((p) => [p.id, p]));
  const missing = productIds.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw new AppError("not_found", "NOT_FOUND", `Products not found: ${missing.join(", ")}`);
  }
  return {
    products: productIds.map((id) => byId.get(id)!),
    choices: views.choices,
    modifiers: views.modifiers,
  };
}
