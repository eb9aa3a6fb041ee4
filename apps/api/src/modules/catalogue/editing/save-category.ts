/**
 * Categories in the menu editor: name and description per language, internal name ('frokostkategori' makes the
 * lunch category of SPEC §5), image, the products in order; and the order of a menu's categories (by drag or by
 * keyboard in the back office: either way the whole order is sent).
 */
import type { CategoryInput, CategoryOrder, CategoryUpdate, DeleteResult, EditorCategory } from "@app/contracts";
import { schema } from "@app/db";
import { and, eq, isNull } from "@app/db/orm";
import type { Deps } from "../../../deps";
import { notFound } from "../../../errors";
import type { SignedInStaff } from "../../staff";
import { isCategoryUsed } from "./catalogue-usage";
import { findLiveIds, nextSortOrder, replaceCategoryProducts } from "./editor-writes";
import { readEditorCategory } from "./read-menu-editor";
import {
  claimImage,
  createdBy,
  type EditContext,
  lockAtVersion,
  lockLive,
  nextEdit,
  refuseFields,
  saveEdit,
  unknownIdErrors,
  wholeOrderErrors,
} from "./save-edit";
import { savedMenu } from "./save-menu";

const { category } = schema;

export function createCategory(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  menuId: number,
  input: CategoryInput,
) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    await lockLive(context, "Menu", menuId);
    await refuseUnknownProducts(context, input.productIds);
    await claimImage(tx, input.imageUrl, null);
    const siblings = await liveCategoriesOf(context, menuId);
    const [row] = await tx
      .insert(category)
      .values({
        menuId,
        ...categoryColumns(input),
        sortOrder: nextSortOrder(siblings.map((sibling) => sibling.sortOrder)),
        ...createdBy(context),
      })
      .returning({ id: category.id });
    await replaceCategoryProducts(tx, row!.id, input.productIds);
    const after = await savedCategory(context, row!.id);
    return { answer: after, action: "menu.category.create", before: null, after };
  });
}

export function updateCategory(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  categoryId: number,
  input: CategoryUpdate,
) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    const row = await lockAtVersion(context, "Category", categoryId, input.version);
    await refuseUnknownProducts(context, input.productIds);
    await claimImage(tx, input.imageUrl, row.imageUrl);
    const before = await savedCategory(context, categoryId);
    await tx
      .update(category)
      .set({ ...categoryColumns(input), ...nextEdit(context, row) })
      .where(eq(category.id, categoryId));
    await replaceCategoryProducts(tx, categoryId, input.productIds);
    const after = await savedCategory(context, categoryId);
    return { answer: after, action: "menu.category.update", before, after };
  });
}

export function deleteCategory(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  categoryId: number,
  version: number | undefined,
): Promise<DeleteResult> {
  return saveEdit<DeleteResult>(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    const row = await lockAtVersion(context, "Category", categoryId, version);
    const before = await savedCategory(context, categoryId);
    if (await isCategoryUsed(tx, categoryId)) {
      await tx
        .update(category)
        .set({ archivedAt: context.at, ...nextEdit(context, row) })
        .where(eq(category.id, categoryId));
      const after = await savedCategory(context, categoryId);
      return { answer: { result: "archived", id: categoryId }, action: "menu.category.archive", before, after };
    }
    await tx.delete(category).where(eq(category.id, categoryId));
    return { answer: { result: "deleted", id: categoryId }, action: "menu.category.delete", before, after: null };
  });
}

/**
 * The menu's categories in the order given. The order is not part of a category's form, so it moves no
 * category's version; the menu is locked, and a list that is not exactly the menu's live categories (one added or
 * deleted since the screen read them) is refused, so nobody's category is lost or duplicated.
 */
export function reorderCategories(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  menuId: number,
  input: CategoryOrder,
) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    await lockLive(context, "Menu", menuId);
    const current = await liveCategoriesOf(context, menuId);
    refuseFields(
      wholeOrderErrors(
        "categoryIds",
        input.categoryIds,
        current.map((row) => row.id),
        "Menu.CategoryOrderMismatch",
      ),
    );
    for (const [sortOrder, id] of input.categoryIds.entries()) {
      await tx.update(category).set({ sortOrder }).where(eq(category.id, id));
    }
    const after = await savedMenu(context, menuId);
    const before = current.map((row) => row.id);
    return { answer: after, action: "menu.category.reorder", before, after: input.categoryIds };
  });
}

function categoryColumns(input: CategoryInput) {
  const { name, description, internalName, imageUrl } = input;
  return { name, description, internalName, imageUrl };
}

async function refuseUnknownProducts(context: EditContext, productIds: number[]) {
  const known = await findLiveIds(context.tx, "product", context.scope.productInstanceId, productIds);
  refuseFields(unknownIdErrors("productIds", productIds, known));
}

async function liveCategoriesOf(context: EditContext, menuId: number) {
  return context.tx
    .select({ id: category.id, sortOrder: category.sortOrder })
    .from(category)
    .where(and(eq(category.menuId, menuId), isNull(category.archivedAt)))
    .orderBy(category.sortOrder, category.id);
}

async function savedCategory(context: EditContext, categoryId: number): Promise<EditorCategory> {
  const row = await readEditorCategory(context.tx, context.scope, categoryId);
  if (!row) throw notFound("Category");
  return row;
}
