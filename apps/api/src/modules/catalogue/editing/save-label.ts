/**
 * Product labels in the menu editor (name, description, icon, colour). Nothing a guest holds names a label (a
 * basket line or an order names products and choices), so deleting one deletes it and takes it off its products.
 */
import type { DeleteResult, EditorLabel, LabelInput, LabelUpdate } from "@app/contracts";
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import type { Deps } from "../../../deps";
import { notFound } from "../../../errors";
import type { SignedInStaff } from "../../staff";
import { readEditorLabel } from "./read-menu-editor";
import { createdBy, type EditContext, lockAtVersion, nextEdit, saveEdit } from "./save-edit";

const { label } = schema;

export function createLabel(deps: Deps, staff: SignedInStaff, restaurantId: number, input: LabelInput) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const [row] = await context.tx
      .insert(label)
      .values({ productInstanceId: context.scope.productInstanceId, ...input, ...createdBy(context) })
      .returning({ id: label.id });
    const after = await savedLabel(context, row!.id);
    return { answer: after, action: "menu.label.create", before: null, after };
  });
}

export function updateLabel(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  labelId: number,
  input: LabelUpdate,
) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    const row = await lockAtVersion(context, "Label", labelId, input.version);
    const before = await savedLabel(context, labelId);
    const { version: _version, ...columns } = input;
    await tx
      .update(label)
      .set({ ...columns, ...nextEdit(context, row) })
      .where(eq(label.id, labelId));
    const after = await savedLabel(context, labelId);
    return { answer: after, action: "menu.label.update", before, after };
  });
}

export function deleteLabel(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  labelId: number,
  version: number | undefined,
): Promise<DeleteResult> {
  return saveEdit<DeleteResult>(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    await lockAtVersion(context, "Label", labelId, version);
    const before = await savedLabel(context, labelId);
    await tx.delete(label).where(eq(label.id, labelId));
    return { answer: { result: "deleted", id: labelId }, action: "menu.label.delete", before, after: null };
  });
}

async function savedLabel(context: EditContext, labelId: number): Promise<EditorLabel> {
  const row = await readEditorLabel(context.tx, context.scope, labelId);
  if (!row) throw notFound("Label");
  return row;
}
