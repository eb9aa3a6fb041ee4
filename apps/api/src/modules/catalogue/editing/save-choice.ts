/**
 * Choices in the menu editor: name and default price. A price change re-prices the open basket lines holding the
 * choice in the same transaction; where a group overwrites the price, those lines stay as they are (the
 * re-pricing finds nothing changed).
 */
import type { ChoiceInput, ChoiceUpdate, DeleteResult, EditorChoice } from "@app/contracts";
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import type { Deps } from "../../../deps";
import { notFound } from "../../../errors";
import { repriceOpenLines } from "../../basket";
import type { SignedInStaff } from "../../staff";
import { isChoiceUsed } from "./catalogue-usage";
import { readEditorChoice } from "./read-menu-editor";
import { createdBy, type EditContext, lockAtVersion, nextEdit, saveEdit } from "./save-edit";

const { choice } = schema;

export function createChoice(deps: Deps, staff: SignedInStaff, restaurantId: number, input: ChoiceInput) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const [row] = await context.tx
      .insert(choice)
      .values({ productInstanceId: context.scope.productInstanceId, ...input, ...createdBy(context) })
      .returning({ id: choice.id });
    const after = await savedChoice(context, row!.id);
    return { answer: after, action: "menu.choice.create", before: null, after };
  });
}

export function updateChoice(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  choiceId: number,
  input: ChoiceUpdate,
) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    const row = await lockAtVersion(context, "Choice", choiceId, input.version);
    const before = await savedChoice(context, choiceId);
    await tx
      .update(choice)
      .set({ name: input.name, defaultPriceMinor: input.defaultPriceMinor, ...nextEdit(context, row) })
      .where(eq(choice.id, choiceId));
    if (row.defaultPriceMinor !== input.defaultPriceMinor) {
      await repriceOpenLines(tx, { choiceIds: [choiceId] }, context.at);
    }
    const after = await savedChoice(context, choiceId);
    return { answer: after, action: "menu.choice.update", before, after };
  });
}

export function deleteChoice(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  choiceId: number,
  version: number | undefined,
): Promise<DeleteResult> {
  return saveEdit<DeleteResult>(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    const row = await lockAtVersion(context, "Choice", choiceId, version);
    const before = await savedChoice(context, choiceId);
    if (await isChoiceUsed(tx, choiceId)) {
      await tx
        .update(choice)
        .set({ archivedAt: context.at, ...nextEdit(context, row) })
        .where(eq(choice.id, choiceId));
      const after = await savedChoice(context, choiceId);
      return { answer: { result: "archived", id: choiceId }, action: "menu.choice.archive", before, after };
    }
    await tx.delete(choice).where(eq(choice.id, choiceId));
    return { answer: { result: "deleted", id: choiceId }, action: "menu.choice.delete", before, after: null };
  });
}

async function savedChoice(context: EditContext, choiceId: number): Promise<EditorChoice> {
  const row = await readEditorChoice(context.tx, context.scope, choiceId);
  if (!row) throw notFound("Choice");
  return row;
}
