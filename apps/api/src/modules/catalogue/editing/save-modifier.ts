/**
 * Option groups (modifiers) in the menu editor: their names, and the choices placed in them with freeAmount,
 * defaultChoiceAmount, overwritePrice and order. Placing a choice is an edit of the group (the group's version).
 * Every product using the group is checked by @app/domain's validateModifierSettings with the group as it would
 * be, and their open basket lines are re-priced.
 */
import type {
  ChoiceOrder,
  DeleteResult,
  EditorModifier,
  ModifierChoiceInput,
  ModifierInput,
  ModifierUpdate,
} from "@app/contracts";
import { schema } from "@app/db";
import { and, eq } from "@app/db/orm";
import { type GroupChoiceSettings, type MenuFieldError, validateModifierSettings } from "@app/domain";
import type { Deps } from "../../../deps";
import { notFound } from "../../../errors";
import { repriceOpenLines } from "../../basket";
import type { SignedInStaff } from "../../staff";
import { isModifierUsed } from "./catalogue-usage";
import { findGroupChoices, findGroupUses, nextSortOrder } from "./editor-writes";
import { readEditorModifier } from "./read-menu-editor";
import {
  createdBy,
  type EditContext,
  lockAtVersion,
  lockLive,
  nextEdit,
  refuseFields,
  saveEdit,
  wholeOrderErrors,
} from "./save-edit";

const { modifier, modifierChoice } = schema;

export function createModifier(deps: Deps, staff: SignedInStaff, restaurantId: number, input: ModifierInput) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const [row] = await context.tx
      .insert(modifier)
      .values({ productInstanceId: context.scope.productInstanceId, ...input, ...createdBy(context) })
      .returning({ id: modifier.id });
    const after = await savedModifier(context, row!.id);
    return { answer: after, action: "menu.modifier.create", before: null, after };
  });
}

export function updateModifier(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  modifierId: number,
  input: ModifierUpdate,
) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    const row = await lockAtVersion(context, "Modifier", modifierId, input.version);
    const before = await savedModifier(context, modifierId);
    await tx
      .update(modifier)
      .set({ name: input.name, internalName: input.internalName, ...nextEdit(context, row) })
      .where(eq(modifier.id, modifierId));
    const after = await savedModifier(context, modifierId);
    return { answer: after, action: "menu.modifier.update", before, after };
  });
}

export function deleteModifier(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  modifierId: number,
  version: number | undefined,
): Promise<DeleteResult> {
  return saveEdit<DeleteResult>(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    const row = await lockAtVersion(context, "Modifier", modifierId, version);
    const before = await savedModifier(context, modifierId);
    if (await isModifierUsed(tx, modifierId)) {
      await tx
        .update(modifier)
        .set({ archivedAt: context.at, ...nextEdit(context, row) })
        .where(eq(modifier.id, modifierId));
      const after = await savedModifier(context, modifierId);
      return { answer: { result: "archived", id: modifierId }, action: "menu.modifier.archive", before, after };
    }
    await tx.delete(modifier).where(eq(modifier.id, modifierId));
    return { answer: { result: "deleted", id: modifierId }, action: "menu.modifier.delete", before, after: null };
  });
}

type Target = { modifierId: number; choiceId: number };

export function setModifierChoice(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  target: Target,
  input: ModifierChoiceInput,
) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    const row = await lockAtVersion(context, "Modifier", target.modifierId, input.version);
    await lockLive(context, "Choice", target.choiceId);
    const placed = await findGroupChoices(tx, target.modifierId);
    const current = placed.find((link) => link.choiceId === target.choiceId);
    const sortOrder = input.sortOrder ?? current?.sortOrder ?? nextSortOrder(placed.map((link) => link.sortOrder));
    const settings = {
      freeAmount: input.freeAmount,
      defaultChoiceAmount: input.defaultChoiceAmount,
      overwritePriceMinor: input.overwritePriceMinor,
      sortOrder,
    };
    const choices = [...placed.filter((link) => link.choiceId !== target.choiceId), { ...target, ...settings }];
    await refuseForProducts(context, target, choices);
    const before = await savedModifier(context, target.modifierId);
    await tx
      .insert(modifierChoice)
      .values({ ...target, ...settings })
      .onConflictDoUpdate({ target: [modifierChoice.modifierId, modifierChoice.choiceId], set: settings });
    await touchGroupAndReprice(context, row);
    const after = await savedModifier(context, target.modifierId);
    return { answer: after, action: "menu.modifier.choice.set", before, after };
  });
}

export function removeModifierChoice(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  target: Target,
  version: number | undefined,
) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    const row = await lockAtVersion(context, "Modifier", target.modifierId, version);
    const placed = await findGroupChoices(tx, target.modifierId);
    await refuseForProducts(
      context,
      target,
      placed.filter((link) => link.choiceId !== target.choiceId),
    );
    const before = await savedModifier(context, target.modifierId);
    const removed = await tx
      .delete(modifierChoice)
      .where(and(eq(modifierChoice.modifierId, target.modifierId), eq(modifierChoice.choiceId, target.choiceId)))
      .returning({ choiceId: modifierChoice.choiceId });
    if (removed.length === 0) throw notFound("Choice of the modifier");
    await touchGroupAndReprice(context, row);
    const after = await savedModifier(context, target.modifierId);
    return { answer: after, action: "menu.modifier.choice.remove", before, after };
  });
}

/** Puts every choice of the group in the order given, in one edit of the group (one version, one audit entry). */
export function reorderGroupChoices(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  modifierId: number,
  input: ChoiceOrder,
) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    const row = await lockAtVersion(context, "Modifier", modifierId, input.version);
    const placed = await findGroupChoices(tx, modifierId);
    const before = placed.map((link) => link.choiceId);
    refuseFields(wholeOrderErrors("choiceIds", input.choiceIds, before, "Menu.ChoiceOrderMismatch"));
    for (const [sortOrder, choiceId] of input.choiceIds.entries()) {
      await tx
        .update(modifierChoice)
        .set({ sortOrder })
        .where(and(eq(modifierChoice.modifierId, modifierId), eq(modifierChoice.choiceId, choiceId)));
    }
    // No line is priced anew: a line's price does not depend on the order its choices are shown in (option-pricing).
    await tx.update(modifier).set(nextEdit(context, row)).where(eq(modifier.id, modifierId));
    const answer = await savedModifier(context, modifierId);
    return { answer, action: "menu.modifier.choice.reorder", before, after: input.choiceIds };
  });
}

/**
 * The group as it would be, checked on every product that uses it; an error is reported on the field of this
 * request that causes it (the choice's own free amount; the defaults; a group left without choices on choiceId).
 */
async function refuseForProducts(context: EditContext, target: Target, choices: GroupChoiceSettings[]) {
  const uses = await findGroupUses(context.tx, target.modifierId);
  const index = choices.findIndex((choice) => choice.choiceId === target.choiceId);
  const errors = uses.flatMap((use) => validateModifierSettings({ ...use, choices }));
  refuseFields(dedupe(errors.flatMap((error) => onThisRequest(error, index))));
}

function onThisRequest(error: MenuFieldError, index: number): MenuFieldError[] {
  if (error.field === `choices.${index}.freeAmount`) return [{ ...error, field: "freeAmount" }];
  if (error.field === "defaultChoiceAmount") return [error];
  if (error.code === "Menu.GroupWithoutChoices") return [{ ...error, field: "choiceId" }];
  // Another choice's free amount, or the product's own limits: not what this request changes.
  return [];
}

function dedupe(errors: MenuFieldError[]): MenuFieldError[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const key = `${error.field} ${error.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The group's version moves on; the lines of every product using it are priced anew. */
async function touchGroupAndReprice(context: EditContext, row: typeof modifier.$inferSelect) {
  await context.tx.update(modifier).set(nextEdit(context, row)).where(eq(modifier.id, row.id));
  const uses = await findGroupUses(context.tx, row.id);
  await repriceOpenLines(context.tx, { productIds: uses.map((use) => use.productId) }, context.at);
}

async function savedModifier(context: EditContext, modifierId: number): Promise<EditorModifier> {
  const row = await readEditorModifier(context.tx, context.scope, modifierId);
  if (!row) throw notFound("Modifier");
  return row;
}
