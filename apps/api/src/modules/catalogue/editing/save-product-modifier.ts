/**
 * Attaching an option group to a product (with the product's maxChoices, choicesIncluded and the group's place),
 * changing those settings, or taking the group off. An edit of the product: it carries the product's version and
 * moves it on. The settings are checked by @app/domain's validateModifierSettings against the group's choices,
 * and the product's open basket lines are re-priced (the included count decides what is charged).
 */
import type { EditorProduct, ModifierOrder, ProductModifierInput } from "@app/contracts";
import { schema } from "@app/db";
import { and, eq } from "@app/db/orm";
import { type MenuFieldError, validateModifierSettings } from "@app/domain";
import type { Deps } from "../../../deps";
import { notFound } from "../../../errors";
import { repriceOpenLines } from "../../basket";
import type { SignedInStaff } from "../../staff";
import { findGroupChoices, findLiveIds, findProductGroups, nextSortOrder } from "./editor-writes";
import { readEditorProduct } from "./read-menu-editor";
import {
  type EditContext,
  lockAtVersion,
  lockLive,
  nextEdit,
  refuseFields,
  saveEdit,
  wholeOrderErrors,
} from "./save-edit";

const { product, productModifier } = schema;

type Target = { productId: number; modifierId: number };

export function setProductModifier(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  target: Target,
  input: ProductModifierInput,
) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    const row = await lockAtVersion(context, "Product", target.productId, input.version);
    await lockLive(context, "Modifier", target.modifierId);
    const choices = await findGroupChoices(tx, target.modifierId);
    refuseFields(groupErrors(validateModifierSettings({ ...input, choices })));
    const before = await savedProduct(context, target.productId);
    const groups = await findProductGroups(tx, target.productId);
    const current = groups.find((link) => link.modifierId === target.modifierId);
    const sortOrder = input.sortOrder ?? current?.sortOrder ?? nextSortOrder(groups.map((link) => link.sortOrder));
    const settings = { maxChoices: input.maxChoices, choicesIncluded: input.choicesIncluded, sortOrder };
    await tx
      .insert(productModifier)
      .values({ ...target, ...settings })
      .onConflictDoUpdate({ target: [productModifier.productId, productModifier.modifierId], set: settings });
    await touchProduct(context, row);
    await repriceOpenLines(tx, { productIds: [target.productId] }, context.at);
    const after = await savedProduct(context, target.productId);
    return { answer: after, action: "menu.product.modifier.set", before, after };
  });
}

export function removeProductModifier(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  target: Target,
  version: number | undefined,
) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    const row = await lockAtVersion(context, "Product", target.productId, version);
    const before = await savedProduct(context, target.productId);
    const removed = await tx
      .delete(productModifier)
      .where(and(eq(productModifier.productId, target.productId), eq(productModifier.modifierId, target.modifierId)))
      .returning({ modifierId: productModifier.modifierId });
    if (removed.length === 0) throw notFound("Modifier of the product");
    await touchProduct(context, row);
    const after = await savedProduct(context, target.productId);
    return { answer: after, action: "menu.product.modifier.remove", before, after };
  });
}

/**
 * Puts every option group of the product (the live ones, as the editor lists them) in the order given, in one edit
 * of the product (one version, one audit entry).
 */
export function reorderProductModifiers(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  productId: number,
  input: ModifierOrder,
) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const { tx, scope } = context;
    const row = await lockAtVersion(context, "Product", productId, input.version);
    const linked = (await findProductGroups(tx, productId)).map((link) => link.modifierId);
    const live = await findLiveIds(tx, "modifier", scope.productInstanceId, linked);
    const before = linked.filter((id) => live.has(id));
    refuseFields(wholeOrderErrors("modifierIds", input.modifierIds, before, "Menu.GroupOrderMismatch"));
    for (const [sortOrder, modifierId] of input.modifierIds.entries()) {
      await tx
        .update(productModifier)
        .set({ sortOrder })
        .where(and(eq(productModifier.productId, productId), eq(productModifier.modifierId, modifierId)));
    }
    await touchProduct(context, row);
    const answer = await savedProduct(context, productId);
    return { answer, action: "menu.product.modifier.reorder", before, after: input.modifierIds };
  });
}

/**
 * The domain's errors on this request's fields: the group's own defaults and free amounts are set on the group
 * (…/modifiers/{id}/choices), so here they are reported on maxChoices, the setting that is too small for them.
 */
function groupErrors(errors: MenuFieldError[]): MenuFieldError[] {
  return errors.map((error) =>
    error.field === "defaultChoiceAmount" || error.field.endsWith(".freeAmount")
      ? { ...error, field: "maxChoices" }
      : error,
  );
}

async function touchProduct(
  context: EditContext,
  row: { version: number; updatedAt: Date; updatedBy: string | null; id: number },
) {
  await context.tx.update(product).set(nextEdit(context, row)).where(eq(product.id, row.id));
}

async function savedProduct(context: EditContext, productId: number): Promise<EditorProduct> {
  const row = await readEditorProduct(context.tx, context.scope, productId);
  if (!row) throw notFound("Product");
  return row;
}
