/**
 * Creating, changing and deleting a product in the menu editor. A price change re-prices the open baskets that
 * hold the product in the same transaction (the basket feature's repriceOpenLines); a placed order keeps its own
 * copy of names and prices (order_line) and is never touched.
 */
import type { DeleteResult, EditorProduct, ProductInput, ProductUpdate } from "@app/contracts";
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { validateProductPrices } from "@app/domain";
import type { Deps } from "../../../deps";
import { repriceOpenLines } from "../../basket";
import type { SignedInStaff } from "../../staff";
import { isProductUsed } from "./catalogue-usage";
import { findLiveCategoryIds, findLiveIds, setProductCategories, setProductLabels } from "./editor-writes";
import { readEditorProduct } from "./read-menu-editor";
import {
  claimImage,
  createdBy,
  type EditContext,
  lockAtVersion,
  nextEdit,
  refuseFields,
  saveEdit,
  unknownIdErrors,
} from "./save-edit";

const { product } = schema;

export function createProduct(deps: Deps, staff: SignedInStaff, restaurantId: number, input: ProductInput) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    await refuseInvalidProduct(context, input);
    await claimImage(context.tx, input.imageUrl, null);
    const [row] = await context.tx
      .insert(product)
      .values({ productInstanceId: context.scope.productInstanceId, ...productColumns(input), ...createdBy(context) })
      .returning({ id: product.id });
    await setProductLabels(context.tx, row!.id, input.labelIds);
    await setProductCategories(context.tx, row!.id, input.categoryIds);
    const after = await savedProduct(context, row!.id);
    return { answer: after, action: "menu.product.create", before: null, after };
  });
}

export function updateProduct(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  productId: number,
  input: ProductUpdate,
) {
  return saveEdit(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    const row = await lockAtVersion(context, "Product", productId, input.version);
    await refuseInvalidProduct(context, input);
    await claimImage(tx, input.imageUrl, row.imageUrl);
    const before = await savedProduct(context, productId);
    await tx
      .update(product)
      .set({ ...productColumns(input), ...nextEdit(context, row) })
      .where(eq(product.id, productId));
    await setProductLabels(tx, productId, input.labelIds);
    await setProductCategories(tx, productId, input.categoryIds);
    if (pricesChanged(row, input)) await repriceOpenLines(tx, { productIds: [productId] }, context.at);
    const after = await savedProduct(context, productId);
    return { answer: after, action: "menu.product.update", before, after };
  });
}

/** Deleted when nothing names it; archived (kept, no longer offered) when a basket, an order or a code does. */
export function deleteProduct(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  productId: number,
  version: number | undefined,
): Promise<DeleteResult> {
  return saveEdit<DeleteResult>(deps, staff, restaurantId, async (context) => {
    const { tx } = context;
    const row = await lockAtVersion(context, "Product", productId, version);
    const before = await savedProduct(context, productId);
    if (await isProductUsed(tx, productId)) {
      await tx
        .update(product)
        .set({ archivedAt: context.at, ...nextEdit(context, row) })
        .where(eq(product.id, productId));
      const after = await savedProduct(context, productId);
      return { answer: { result: "archived", id: productId }, action: "menu.product.archive", before, after };
    }
    await tx.delete(product).where(eq(product.id, productId));
    return { answer: { result: "deleted", id: productId }, action: "menu.product.delete", before, after: null };
  });
}

async function refuseInvalidProduct({ tx, scope }: EditContext, input: ProductInput) {
  const labels = await findLiveIds(tx, "label", scope.productInstanceId, input.labelIds);
  const categories = await findLiveCategoryIds(tx, scope.menuInstanceId, input.categoryIds);
  refuseFields([
    ...validateProductPrices({
      priceMinor: input.priceMinor,
      originalPriceMinor: input.originalPriceMinor,
      dailyPriceMinor: input.productPriceDaily?.priceMinor ?? null,
    }),
    ...unknownIdErrors("labelIds", input.labelIds, labels),
    ...unknownIdErrors("categoryIds", input.categoryIds, categories),
  ]);
}

function productColumns(input: ProductInput) {
  const daily = input.productPriceDaily;
  return {
    name: input.name,
    subtitle: input.subtitle,
    description: input.description,
    internalName: input.internalName,
    priceMinor: input.priceMinor,
    originalPriceMinor: input.originalPriceMinor,
    dailyPriceMinor: daily?.priceMinor ?? null,
    dailyStartDayOfWeek: daily?.startDayOfWeek ?? null,
    dailyEndDayOfWeek: daily?.endDayOfWeek ?? null,
    imageUrl: input.imageUrl,
    isGiftcard: input.isGiftcard,
    isVisible: input.isVisible,
  };
}

/** What decides a basket line's price: the price and the weekday sale. */
function pricesChanged(row: typeof product.$inferSelect, input: ProductInput): boolean {
  const daily = input.productPriceDaily;
  return (
    row.priceMinor !== input.priceMinor ||
    row.dailyPriceMinor !== (daily?.priceMinor ?? null) ||
    row.dailyStartDayOfWeek !== (daily?.startDayOfWeek ?? null) ||
    row.dailyEndDayOfWeek !== (daily?.endDayOfWeek ?? null)
  );
}

async function savedProduct(context: EditContext, productId: number): Promise<EditorProduct> {
  const row = await readEditorProduct(context.tx, context.scope, productId);
  if (!row) throw new Error(`product ${productId} vanished inside its own save`);
  return row;
}
