/**
 * What the menu editor reads: every row of the restaurant's catalogue with its version and archiving, fresh from
 * the database (never the storefront's kept answers: an editor sees what is committed, or inside a save's
 * transaction what it just wrote). Each list costs a fixed number of queries, run one after the other (the
 * executor may be a transaction).
 */
import { type Executor, schema } from "@app/db";
import { and, asc, type Column, eq, inArray, isNull, type SQL } from "@app/db/orm";

const {
  menu,
  category,
  categoryProduct,
  product,
  productLabel,
  productModifier,
  modifier,
  modifierChoice,
  choice,
  label,
} = schema;

export type MenuRow = typeof menu.$inferSelect;
export type CategoryRow = typeof category.$inferSelect;
export type ProductRow = typeof product.$inferSelect;
export type ModifierRow = typeof modifier.$inferSelect;
export type ChoiceRow = typeof choice.$inferSelect;
export type LabelRow = typeof label.$inferSelect;
export type ProductModifierRow = typeof productModifier.$inferSelect;
export type ModifierChoiceRow = typeof modifierChoice.$inferSelect;

/** Which rows: all of the instance, or some ids; archived ones only when asked for. */
export type RowFilter = { ids?: number[]; archived?: boolean };

function rowsWhere(instance: SQL, table: { id: Column; archivedAt: Column }, filter: RowFilter): SQL | undefined {
  return and(
    instance,
    filter.ids ? inArray(table.id, filter.ids.length > 0 ? filter.ids : [0]) : undefined,
    filter.archived ? undefined : isNull(table.archivedAt),
  );
}

export async function findMenuRows(db: Executor, menuInstanceId: number, filter: RowFilter = {}) {
  return db
    .select()
    .from(menu)
    .where(rowsWhere(eq(menu.menuInstanceId, menuInstanceId), menu, filter))
    .orderBy(asc(menu.id));
}

/** The categories of these menus in display order, and their product links in display order. */
export async function findCategoryRows(db: Executor, menuIds: number[], filter: RowFilter = {}) {
  if (menuIds.length === 0) return { categories: [], links: [] };
  const categories = await db
    .select()
    .from(category)
    .where(rowsWhere(inArray(category.menuId, menuIds), category, filter))
    .orderBy(asc(category.menuId), asc(category.sortOrder), asc(category.id));
  const links = await findCategoryLinks(
    db,
    categories.map((row) => row.id),
  );
  return { categories, links };
}

/** One category (archived or not) if it is on a menu of the instance. */
export async function findCategoryRowOfInstance(db: Executor, menuInstanceId: number, id: number) {
  const rows = await db
    .select({ category })
    .from(category)
    .innerJoin(menu, eq(menu.id, category.menuId))
    .where(and(eq(category.id, id), eq(menu.menuInstanceId, menuInstanceId)));
  return rows.map((row) => row.category);
}

export async function findCategoryLinks(db: Executor, categoryIds: number[]) {
  if (categoryIds.length === 0) return [];
  return db
    .select()
    .from(categoryProduct)
    .where(inArray(categoryProduct.categoryId, categoryIds))
    .orderBy(asc(categoryProduct.categoryId), asc(categoryProduct.sortOrder), asc(categoryProduct.productId));
}

/** The products with their labels, categories (of the menu instance) and option groups. */
export async function findProductRows(db: Executor, productInstanceId: number, filter: RowFilter = {}) {
  const products = await db
    .select()
    .from(product)
    .where(rowsWhere(eq(product.productInstanceId, productInstanceId), product, filter))
    .orderBy(asc(product.id));
  const ids = products.map((row) => row.id);
  if (ids.length === 0) return { products, labels: [], categories: [], modifiers: [] };
  const labels = await db
    .select()
    .from(productLabel)
    .where(inArray(productLabel.productId, ids))
    .orderBy(asc(productLabel.labelId));
  const categories = await db
    .select({ productId: categoryProduct.productId, categoryId: categoryProduct.categoryId })
    .from(categoryProduct)
    .innerJoin(category, eq(category.id, categoryProduct.categoryId))
    .innerJoin(menu, eq(menu.id, category.menuId))
    .where(and(inArray(categoryProduct.productId, ids), isNull(category.archivedAt), isNull(menu.archivedAt)))
    .orderBy(asc(categoryProduct.categoryId));
  const modifiers = await db
    .select()
    .from(productModifier)
    .where(inArray(productModifier.productId, ids))
    .orderBy(asc(productModifier.sortOrder), asc(productModifier.modifierId));
  return { products, labels, categories, modifiers };
}

export async function findModifierRows(db: Executor, productInstanceId: number, filter: RowFilter = {}) {
  const modifiers = await db
    .select()
    .from(modifier)
    .where(rowsWhere(eq(modifier.productInstanceId, productInstanceId), modifier, filter))
    .orderBy(asc(modifier.id));
  const ids = modifiers.map((row) => row.id);
  const choices =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(modifierChoice)
          .where(inArray(modifierChoice.modifierId, ids))
          .orderBy(asc(modifierChoice.sortOrder), asc(modifierChoice.choiceId));
  return { modifiers, choices };
}

export async function findChoiceRows(db: Executor, productInstanceId: number, filter: RowFilter = {}) {
  return db
    .select()
    .from(choice)
    .where(rowsWhere(eq(choice.productInstanceId, productInstanceId), choice, filter))
    .orderBy(asc(choice.id));
}

export async function findLabelRows(db: Executor, productInstanceId: number, filter: RowFilter = {}) {
  return db
    .select()
    .from(label)
    .where(rowsWhere(eq(label.productInstanceId, productInstanceId), label, filter))
    .orderBy(asc(label.id));
}
