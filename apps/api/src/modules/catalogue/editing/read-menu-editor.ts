/**
 * GET …/menu-editor: the whole editable catalogue of the restaurant's module, each row with its version and who
 * saved it last. Archived rows (kept for baskets and past orders) are left out unless asked for.
 */
import type { EditedBy, MenuEditor } from "@app/contracts";
import type { Executor } from "@app/db";
import { describeEdit } from "../../staff";
import {
  findCategoryLinks,
  findCategoryRowOfInstance,
  findCategoryRows,
  findChoiceRows,
  findLabelRows,
  findMenuRows,
  findModifierRows,
  findProductRows,
} from "./editor-reads";
import type { EditorScope } from "./editor-scope";
import { findLiveIds } from "./editor-writes";
import {
  type Editors,
  type Listed,
  toEditorCategory,
  toEditorChoice,
  toEditorLabel,
  toEditorMenu,
  toEditorModifiers,
  toEditorProducts,
} from "./to-editor-json";

export async function readMenuEditor(db: Executor, scope: EditorScope, archived = false): Promise<MenuEditor> {
  const filter = { archived };
  const menus = await findMenuRows(db, scope.menuInstanceId, filter);
  const { categories, links } = await findCategoryRows(
    db,
    menus.map((row) => row.id),
    filter,
  );
  const products = await findProductRows(db, scope.productInstanceId, filter);
  const modifiers = await findModifierRows(db, scope.productInstanceId, filter);
  const choices = await findChoiceRows(db, scope.productInstanceId, filter);
  const labels = await findLabelRows(db, scope.productInstanceId, filter);
  const editors = await findEditors(db, [menus, categories, products.products, modifiers.modifiers, choices, labels]);
  const listed: Listed = {
    modifiers: new Set(modifiers.modifiers.map((row) => row.id)),
    choices: new Set(choices.map((row) => row.id)),
    labels: new Set(labels.map((row) => row.id)),
  };
  const liveProducts = new Set(products.products.map((row) => row.id));
  const editorCategories = categories.map((row) => toEditorCategory(row, links, liveProducts, editors));
  return {
    restaurantId: scope.productionUnitId,
    menus: menus.map((row) => toEditorMenu(row, editorCategories, editors)),
    products: toEditorProducts(products, listed, editors).sort(
      (a, b) => danish.compare(a.name["da-DK"], b.name["da-DK"]) || a.id - b.id,
    ),
    modifiers: toEditorModifiers(modifiers, listed, editors),
    choices: choices.map((row) => toEditorChoice(row, editors)),
    labels: labels.map((row) => toEditorLabel(row, editors)),
  };
}

const danish = new Intl.Collator("da-DK");

type SavedRow = { version: number; updatedAt: Date; updatedBy: string | null };

/** The name and address of every account that saved one of the rows: one look-up per account, not per row. */
async function findEditors(db: Executor, lists: SavedRow[][]): Promise<Editors> {
  const ids = new Set(lists.flat().flatMap((row) => (row.updatedBy ? [row.updatedBy] : [])));
  const editors: Editors = new Map<string, EditedBy["updatedBy"]>();
  for (const id of ids) {
    const edit = await describeEdit(db, { version: 1, updatedAt: new Date(0), updatedBy: id });
    editors.set(id, edit.updatedBy);
  }
  return editors;
}

// ── One row, as a save answers it and the audit log keeps it (archived or not; a few small queries) ──────────

export async function readEditorProduct(db: Executor, scope: EditorScope, id: number) {
  const rows = await findProductRows(db, scope.productInstanceId, { ids: [id], archived: true });
  const listed: Listed = {
    modifiers: await findLiveIds(
      db,
      "modifier",
      scope.productInstanceId,
      rows.modifiers.map((link) => link.modifierId),
    ),
    choices: new Set(),
    labels: await findLiveIds(
      db,
      "label",
      scope.productInstanceId,
      rows.labels.map((link) => link.labelId),
    ),
  };
  return toEditorProducts(rows, listed, await findEditors(db, [rows.products]))[0];
}

export async function readEditorModifier(db: Executor, scope: EditorScope, id: number) {
  const rows = await findModifierRows(db, scope.productInstanceId, { ids: [id], archived: true });
  const choices = await findLiveIds(
    db,
    "choice",
    scope.productInstanceId,
    rows.choices.map((link) => link.choiceId),
  );
  const listed: Listed = { modifiers: new Set(), choices, labels: new Set() };
  return toEditorModifiers(rows, listed, await findEditors(db, [rows.modifiers]))[0];
}

export async function readEditorChoice(db: Executor, scope: EditorScope, id: number) {
  const [row] = await findChoiceRows(db, scope.productInstanceId, { ids: [id], archived: true });
  return row ? toEditorChoice(row, await findEditors(db, [[row]])) : undefined;
}

export async function readEditorLabel(db: Executor, scope: EditorScope, id: number) {
  const [row] = await findLabelRows(db, scope.productInstanceId, { ids: [id], archived: true });
  return row ? toEditorLabel(row, await findEditors(db, [[row]])) : undefined;
}

/** A menu with its live categories (as the editor lists them). */
export async function readEditorMenu(db: Executor, scope: EditorScope, id: number) {
  const [row] = await findMenuRows(db, scope.menuInstanceId, { ids: [id], archived: true });
  if (!row) return undefined;
  const { categories, links } = await findCategoryRows(db, [row.id]);
  const editors = await findEditors(db, [[row], categories]);
  const liveProducts = await findLiveIds(
    db,
    "product",
    scope.productInstanceId,
    links.map((link) => link.productId),
  );
  const editorCategories = categories.map((category) => toEditorCategory(category, links, liveProducts, editors));
  return toEditorMenu(row, editorCategories, editors);
}

export async function readEditorCategory(db: Executor, scope: EditorScope, id: number) {
  const [row] = await findCategoryRowOfInstance(db, scope.menuInstanceId, id);
  if (!row) return undefined;
  const links = await findCategoryLinks(db, [row.id]);
  const liveProducts = await findLiveIds(
    db,
    "product",
    scope.productInstanceId,
    links.map((link) => link.productId),
  );
  return toEditorCategory(row, links, liveProducts, await findEditors(db, [[row]]));
}
