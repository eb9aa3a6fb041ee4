/** SQL of the discount feature. */
import { type Executor, schema } from "@app/db";
import { and, asc, eq, inArray, sql } from "@app/db/orm";

const { categoryProduct, discountCode, product } = schema;

/** The code of the instance; `code` must already be normalized (normalizeCode: codes are stored upper-case). */
export async function findDiscountCode(db: Executor, discountInstanceId: number, code: string) {
  const rows = await db
    .select()
    .from(discountCode)
    .where(and(eq(discountCode.discountInstanceId, discountInstanceId), eq(discountCode.code, code)))
    .limit(1);
  return rows[0];
}

/** Products of the instance among `ids`, with what their price today depends on. */
export async function findProductsOfInstance(db: Executor, productInstanceId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: product.id,
      priceMinor: product.priceMinor,
      dailyPriceMinor: product.dailyPriceMinor,
      dailyStartDayOfWeek: product.dailyStartDayOfWeek,
      dailyEndDayOfWeek: product.dailyEndDayOfWeek,
    })
    .from(product)
    .where(and(eq(product.productInstanceId, productInstanceId), inArray(product.id, ids)));
}

/** The products in the categories now (any menu's category_product rows). */
export async function findProductsOfCategories(db: Executor, categoryIds: number[]): Promise<number[]> {
  if (categoryIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ productId: categoryProduct.productId })
    .from(categoryProduct)
    .where(inArray(categoryProduct.categoryId, categoryIds));
  return rows.map((row) => row.productId);
}

/** Counts one use of the code if it is still active and under its usage limit; false when not. */
export async function tryUseDiscount(db: Executor, discountCodeId: number): Promise<boolean> {
  const rows = await db
    .update(discountCode)
    .set({ usageCount: sql`${discountCode.usageCount} + 1` })
    .where(
      and(
        eq(discountCode.id, discountCodeId),
        eq(discountCode.isActive, true),
        sql`(${discountCode.usageLimit} is null or ${discountCode.usageCount} < ${discountCode.usageLimit})`,
      ),
    )
    .returning({ id: discountCode.id });
  return rows.length === 1;
}

/** Gives one use of the code back (a payment attempt that held it ended without an order); never below 0. */
export async function giveDiscountUseBack(db: Executor, discountCodeId: number): Promise<void> {
  await db
    .update(discountCode)
    .set({ usageCount: sql`greatest(${discountCode.usageCount} - 1, 0)` })
    .where(eq(discountCode.id, discountCodeId));
}

/**
 * The codes with their rows locked until the transaction ends (in id order, so transactions locking
 * the same codes queue instead of deadlocking): their usage count cannot change until then.
 */
export async function lockDiscountCodes(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(discountCode)
    .where(inArray(discountCode.id, ids))
    .orderBy(asc(discountCode.id))
    .for("update");
}
