import { type Executor, schema, type Translations } from "@app/db";
import { and, asc, eq, isNull } from "@app/db/orm";

const { category, menu, product } = schema;

/** Whether the category is on a menu of the menu instance (settings may only name the restaurant's own). */
export async function isCategoryOfMenuInstance(
  db: Executor,
  menuInstanceId: number,
  categoryId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: category.id })
    .from(category)
    .innerJoin(menu, eq(menu.id, category.menuId))
    .where(and(eq(category.id, categoryId), eq(menu.menuInstanceId, menuInstanceId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether the product belongs to the product instance. */
export async function isProductOfInstance(
  db: Executor,
  productInstanceId: number,
  productId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: product.id })
    .from(product)
    .where(and(eq(product.id, productId), eq(product.productInstanceId, productInstanceId)))
    .limit(1);
  return rows.length > 0;
}

export type NamedRow = { id: number; name: Translations; internalName: string };

/**
 * The categories of the instance's active menu (the first active one, as the storefront picks it) in menu order:
 * the categories a start or upsell page setting can usefully name.
 */
export async function findActiveMenuCategories(db: Executor, menuInstanceId: number): Promise<NamedRow[]> {
  const [active] = await db
    .select({ id: menu.id })
    .from(menu)
    .where(and(eq(menu.menuInstanceId, menuInstanceId), eq(menu.active, true), isNull(menu.archivedAt)))
    .orderBy(asc(menu.id))
    .limit(1);
  if (!active) return [];
  return db
    .select({ id: category.id, name: category.name, internalName: category.internalName })
    .from(category)
    .where(and(eq(category.menuId, active.id), isNull(category.archivedAt)))
    .orderBy(asc(category.sortOrder), asc(category.id));
}

/** Every product of the product instance (its name sorted in the caller's language). */
export async function findProductsOfInstance(db: Executor, productInstanceId: number): Promise<NamedRow[]> {
  return db
    .select({ id: product.id, name: product.name, internalName: product.internalName })
    .from(product)
    .where(and(eq(product.productInstanceId, productInstanceId), isNull(product.archivedAt)))
    .orderBy(asc(product.id));
}
