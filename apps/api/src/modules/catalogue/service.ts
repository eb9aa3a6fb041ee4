/**
 * Catalogue use cases. Each checks that the instance is used by a module of the token's production
 * unit (else 404) while its data queries run alongside, so a call costs one round of queries.
 */
import type { Category, Context, Label, Menu, Product } from "@app/contracts";
import type { Executor } from "@app/db";
import { localParts } from "@app/domain";
import { AppError, notFound } from "../../errors";
import { requireOwnInstance } from "../tenancy/access";
import { findProductionUnit } from "../tenancy/repository";
import { findCategoriesOfMenu, findLabels, findMenuOfInstance, findMenus, findProductGraph } from "./repository";
import { texts, toCategories, toProductViews } from "./to-contract";

export type CatalogueDeps = { db: Executor; now: () => Date };

/** The menus of a menu instance. */
export async function listMenus(
  { db }: CatalogueDeps,
  menuInstanceId: number,
  productionUnitId: number,
): Promise<Menu[]> {
  const [, menus] = await Promise.all([
    requireOwnInstance(db, "menuInstanceId", menuInstanceId, productionUnitId),
    findMenus(db, menuInstanceId),
  ]);
  return menus;
}

/** A menu's categories in display order, each with its product ids in display order. */
export async function listCategories(
  { db }: CatalogueDeps,
  menuId: number,
  menuInstanceId: number,
  productionUnitId: number,
): Promise<Category[]> {
  const [, menu, { categories, links }] = await Promise.all([
    requireOwnInstance(db, "menuInstanceId", menuInstanceId, productionUnitId),
    findMenuOfInstance(db, menuId, menuInstanceId),
    findCategoriesOfMenu(db, menuId),
  ]);
  if (!menu) throw notFound("Menu");
  return toCategories(categories, links);
}

export async function listLabels(
  { db }: CatalogueDeps,
  productInstanceId: number,
  productionUnitId: number,
): Promise<Label[]> {
  const [, labels] = await Promise.all([
    requireOwnInstance(db, "productInstanceId", productInstanceId, productionUnitId),
    findLabels(db, productInstanceId),
  ]);
  return labels.map((row) => ({ ...row, name: texts(row.name), description: texts(row.description) }));
}

export async function getProduct(
  deps: CatalogueDeps,
  productId: number,
  productInstanceId: number,
  productionUnitId: number,
): Promise<Product> {
  const { products } = await loadProducts(deps, [productId], productInstanceId, productionUnitId);
  const found = products[0];
  if (!found) throw notFound("Product");
  return found;
}

/** Products with every option group and choice they use; any id not of this instance is a 404. */
export async function getContext(
  deps: CatalogueDeps,
  productIds: number[],
  productInstanceId: number,
  productionUnitId: number,
): Promise<Context> {
  const views = await loadProducts(deps, productIds, productInstanceId, productionUnitId);
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

async function loadProducts(
  { db, now }: CatalogueDeps,
  productIds: number[],
  productInstanceId: number,
  productionUnitId: number,
) {
  const [, unit, graph] = await Promise.all([
    requireOwnInstance(db, "productInstanceId", productInstanceId, productionUnitId),
    findProductionUnit(db, productionUnitId),
    findProductGraph(db, productInstanceId, productIds),
  ]);
  if (!unit) throw notFound("Production unit");
  return toProductViews(graph, localParts(now(), unit.timeZone).isoWeekday);
}
