/**
 * Menus in the menu editor: create, rename, make one the active menu (the storefront shows the first active
 * menu, so activating one makes every other inactive), delete or archive.
 */
import type { DeleteResult, EditorMenu, MenuActivate, MenuInput, MenuUpdate } from "@app/contracts";
import { schema } from "@app/db";
import { and, eq, isNull, ne } from "@app/db/orm";
import type { Deps } from "../../../deps";
import { AppError, notFound } from "../../../errors";
import type { SignedInStaff } from "../../staff";
import { isMenuUsed } from "./catalogue-usage";
import { readEditorMenu } from "./read-menu-editor";
import { createdBy, type EditContext, lockAtVersion, nextEdit, saveEdit } from "./save-edit";

const { menu } = schema;

export function createMenu(deps: Deps, staff: SignedInStaff, restaurantId: number, input: MenuInput) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const { tx, scope } = context;
    const live = await tx
      .select({ id: menu.id })
      .from(menu)
      .where(and(eq(menu.menuInstanceId, scope.menuInstanceId), eq(menu.active, true), isNull(menu.archivedAt)));
    // A new menu is built before guests see it; only a restaurant without an active menu gets it active at once.
    const [row] = await tx
      .insert(menu)
      .values({
        menuInstanceId: scope.menuInstanceId,
        name: input.name,
        active: live.length === 0,
        ...createdBy(context),
      })
      .returning({ id: menu.id });
    const after = await savedMenu(context, row!.id);
    return { answer: after, action: "menu.menu.create", before: null, after };
  });
}

export function updateMenu(deps: Deps, staff: SignedInStaff, restaurantId: number, menuId: number, input: MenuUpdate) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    const row = await lockAtVersion(context, "Menu", menuId, input.version);
    const before = await savedMenu(context, menuId);
    await tx
      .update(menu)
      .set({ name: input.name, ...nextEdit(context, row) })
      .where(eq(menu.id, menuId));
    const after = await savedMenu(context, menuId);
    return { answer: after, action: "menu.menu.update", before, after };
  });
}

export function activateMenu(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  menuId: number,
  input: MenuActivate,
) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const { tx, scope } = context;
    const row = await lockAtVersion(context, "Menu", menuId, input.version);
    if (row.archivedAt) throw notFound("Menu");
    const before = await savedMenu(context, menuId);
    const others = await tx
      .select()
      .from(menu)
      .where(and(eq(menu.menuInstanceId, scope.menuInstanceId), ne(menu.id, menuId), eq(menu.active, true)))
      .for("update");
    for (const other of others) {
      await tx
        .update(menu)
        .set({ active: false, ...nextEdit(context, other) })
        .where(eq(menu.id, other.id));
    }
    if (!row.active) {
      await tx
        .update(menu)
        .set({ active: true, ...nextEdit(context, row) })
        .where(eq(menu.id, menuId));
    }
    const after = await savedMenu(context, menuId);
    const deactivated = others.map((other) => other.id);
    return { answer: after, action: "menu.menu.activate", before: { ...before, deactivated }, after };
  });
}

/** The active menu is what guests see: another is made active first, so the storefront never goes blank. */
export function deleteMenu(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  menuId: number,
  version: number | undefined,
): Promise<DeleteResult> {
  return saveEdit<DeleteResult>(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    const row = await lockAtVersion(context, "Menu", menuId, version);
    if (row.active && !row.archivedAt) {
      throw new AppError(
        "conflict",
        "Menu.ActiveMenu",
        "The active menu cannot be deleted; make another menu active first",
      );
    }
    const before = await savedMenu(context, menuId);
    if (await isMenuUsed(tx, menuId)) {
      await tx
        .update(menu)
        .set({ archivedAt: context.at, active: false, ...nextEdit(context, row) })
        .where(eq(menu.id, menuId));
      const after = await savedMenu(context, menuId);
      return { answer: { result: "archived", id: menuId }, action: "menu.menu.archive", before, after };
    }
    await tx.delete(menu).where(eq(menu.id, menuId));
    return { answer: { result: "deleted", id: menuId }, action: "menu.menu.delete", before, after: null };
  });
}

export async function savedMenu(context: EditContext, menuId: number): Promise<EditorMenu> {
  const row = await readEditorMenu(context.tx, context.scope, menuId);
  if (!row) throw notFound("Menu");
  return row;
}
