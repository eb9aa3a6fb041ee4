/**
 * SQL of the menu editor's saves. A save first locks the row it changes (`lock…`, FOR UPDATE, only a row of the
 * restaurant's own instance), so two saves of one row queue up and the second sees the first's version.
 */
import { type Executor, schema } from "@app/db";
import { and, eq, inArray, isNull, sql } from "@app/db/orm";

const { menu, category, categoryProduct, product, productModifier, modifier, modifierChoice, choice, label } = schema;

export async function lockMenu(tx: Executor, menuInstanceId: number, id: number) {
  const rows = await tx
    .select()
    .from(menu)
    .where(and(eq(menu.id, id), eq(menu.menuInstanceId, menuInstanceId)))
    .for("update");
  return rows[0];
}

export async function lockCategory(tx: Executor, menuInstanceId: number, id: number) {
  const rows = await tx
    .select({ category })
    .from(category)
    .innerJoin(menu, eq(menu.id, category.menuId))
    .where(and(eq(category.id, id), eq(menu.menuInstanceId, menuInstanceId)))
    .for("update", { of: category });
  return rows[0]?.category;
}

export async function lockProduct(tx: Executor, productInstanceId: number, id: number) {
  const rows = await tx
    .select()
    .from(product)
    .where(and(eq(product.id, id), eq(product.productInstanceId, productInstanceId)))
    .for("update");
  return rows[0];
}

export async function lockModifier(tx: Executor, productInstanceId: number, id: number) {
  const rows = await tx
    .select()
    .from(modifier)
    .where(and(eq(modifier.id, id), eq(modifier.productInstanceId, productInstanceId)))
    .for("update");
  return rows[0];
}

export async function lockChoice(tx: Executor, productInstanceId: number, id: number) {
  const rows = await tx
    .select()
    .from(choice)
    .where(and(eq(choice.id, id), eq(choice.productInstanceId, productInstanceId)))
    .for("update");
  return rows[0];
}

export async function lockLabel(tx: Executor, productInstanceId: number, id: number) {
  const rows = await tx
    .select()
    .from(label)
    .where(and(eq(label.id, id), eq(label.productInstanceId, productInstanceId)))
    .for("update");
  return rows[0];
}

/** Of `ids`, those that are live rows of the instance (the rest are refused as unknown). */
export async function findLiveIds(
  tx: Executor,
  kind: "product" | "label" | "choice" | "modifier",
  productInstanceId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const table = { product, label, choice, modifier }[kind];
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), eq(table.productInstanceId, productInstanceId), isNull(table.archivedAt)));
  return new Set(rows.map((row) => row.id));
}

/** Of `ids`, the live categories on live menus of the menu instance. */
export async function findLiveCategoryIds(tx: Executor, menuInstanceId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: category.id })
    .from(category)
    .innerJoin(menu, eq(menu.id, category.menuId))
    .where(
      and(
        inArray(category.id, ids),
        eq(menu.menuInstanceId, menuInstanceId),
        isNull(category.archivedAt),
        isNull(menu.archivedAt),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** The next sort_order after the last one of a list (0 for an empty list). */
export function nextSortOrder(sortOrders: number[]): number {
  return sortOrders.length === 0 ? 0 : Math.max(...sortOrders) + 1;
}

/** Makes `productIds` (in that order) the category's products. */
export async function replaceCategoryProducts(tx: Executor, categoryId: number, productIds: number[]) {
  await tx.delete(categoryProduct).where(eq(categoryProduct.categoryId, categoryId));
  if (productIds.length === 0) return;
  await tx
    .insert(categoryProduct)
    .values(productIds.map((productId, sortOrder) => ({ categoryId, productId, sortOrder })));
}

/**
 * Makes the product a member of exactly `categoryIds`: dropped from the others, added at the end of a category
 * it was not in; its place in a category it stays in is kept.
 */
export async function setProductCategories(tx: Executor, productId: number, categoryIds: number[]) {
  const current = await tx
    .select({ categoryId: categoryProduct.categoryId })
    .from(categoryProduct)
    .where(eq(categoryProduct.productId, productId));
  const wanted = new Set(categoryIds);
  const dropped = current.map((row) => row.categoryId).filter((id) => !wanted.has(id));
  if (dropped.length > 0) {
    await tx
      .delete(categoryProduct)
      .where(and(eq(categoryProduct.productId, productId), inArray(categoryProduct.categoryId, dropped)));
  }
  const had = new Set(current.map((row) => row.categoryId));
  for (const categoryId of categoryIds.filter((id) => !had.has(id))) {
    await tx.insert(categoryProduct).values({
      categoryId,
      productId,
      sortOrder: sql`coalesce((select max(${categoryProduct.sortOrder}) + 1 from ${categoryProduct} where ${categoryProduct.categoryId} = ${categoryId}), 0)`,
    });
  }
}

export async function setProductLabels(tx: Executor, productId: number, labelIds: number[]) {
  await tx.delete(schema.productLabel).where(eq(schema.productLabel.productId, productId));
  if (labelIds.length === 0) return;
  await tx.insert(schema.productLabel).values(labelIds.map((labelId) => ({ productId, labelId })));
}

/** Every product using the group, with its limits there. */
export async function findGroupUses(tx: Executor, modifierId: number) {
  return tx
    .select({
      productId: productModifier.productId,
      maxChoices: productModifier.maxChoices,
      choicesIncluded: productModifier.choicesIncluded,
    })
    .from(productModifier)
    .where(eq(productModifier.modifierId, modifierId));
}

/** The live choices placed in the group, in display order. */
export async function findGroupChoices(tx: Executor, modifierId: number) {
  return tx
    .select({
      choiceId: modifierChoice.choiceId,
      freeAmount: modifierChoice.freeAmount,
      defaultChoiceAmount: modifierChoice.defaultChoiceAmount,
      overwritePriceMinor: modifierChoice.overwritePriceMinor,
      sortOrder: modifierChoice.sortOrder,
    })
    .from(modifierChoice)
    .innerJoin(choice, eq(choice.id, modifierChoice.choiceId))
    .where(and(eq(modifierChoice.modifierId, modifierId), isNull(choice.archivedAt)))
    .orderBy(modifierChoice.sortOrder, modifierChoice.choiceId);
}

/** The product's option groups in display order. */
export async function findProductGroups(tx: Executor, productId: number) {
  return tx
    .select()
    .from(productModifier)
    .where(eq(productModifier.productId, productId))
    .orderBy(productModifier.sortOrder, productModifier.modifierId);
}
