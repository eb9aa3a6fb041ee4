/** SQL of the back office's discount codes: the one writer of discount_code besides the usage counter. */
import { type Executor, schema } from "@app/db";
import { and, asc, eq, inArray, isNull, sql } from "@app/db/orm";

const { category, checkoutDiscount, discountCode, menu, orderDiscount, product } = schema;

export type DiscountCodeRow = typeof discountCode.$inferSelect;

/** What a save writes: the code's own fields (the usage count is the guests'). */
export type DiscountCodeValues = Pick<
  typeof discountCode.$inferInsert,
  | "code"
  | "kind"
  | "value"
  | "minimumBasketMinor"
  | "productIds"
  | "categoryIds"
  | "validFrom"
  | "validUntil"
  | "usageLimit"
  | "isActive"
>;

export function listDiscountCodes(db: Executor, discountInstanceId: number): Promise<DiscountCodeRow[]> {
  return db
    .select()
    .from(discountCode)
    .where(eq(discountCode.discountInstanceId, discountInstanceId))
    .orderBy(asc(discountCode.code));
}

/** The instance's code by id, locked until the transaction ends: two saves of one code queue. */
export async function lockDiscountCode(db: Executor, discountInstanceId: number, id: number) {
  const [row] = await db
    .select()
    .from(discountCode)
    .where(and(eq(discountCode.id, id), eq(discountCode.discountInstanceId, discountInstanceId)))
    .for("update");
  return row;
}

/** Another code of the instance with this (upper-case) code, if any. */
export async function findCodeNamed(db: Executor, discountInstanceId: number, code: string) {
  const [row] = await db
    .select({ id: discountCode.id })
    .from(discountCode)
    .where(and(eq(discountCode.discountInstanceId, discountInstanceId), eq(discountCode.code, code)));
  return row;
}

export async function insertDiscountCode(
  db: Executor,
  values: DiscountCodeValues & { discountInstanceId: number; updatedBy: string; at: Date },
): Promise<DiscountCodeRow> {
  const { at, ...rest } = values;
  const [row] = await db
    .insert(discountCode)
    .values({ ...rest, createdAt: at, updatedAt: at })
    .returning();
  return row!;
}

/** Saves the fields and bumps the version; the caller has locked the row and checked the version. */
export async function updateDiscountCode(
  db: Executor,
  id: number,
  values: Partial<DiscountCodeValues> & { updatedBy: string; at: Date },
): Promise<DiscountCodeRow> {
  const { at, ...rest } = values;
  const [row] = await db
    .update(discountCode)
    .set({ ...rest, updatedAt: at, version: sql`${discountCode.version} + 1` })
    .where(eq(discountCode.id, id))
    .returning();
  return row!;
}

export async function deleteDiscountCode(db: Executor, id: number): Promise<void> {
  await db.delete(discountCode).where(eq(discountCode.id, id));
}

/**
 * Whether an order used the code or a checkout applied it: its row is named there (the receipt keeps the code
 * it was given; checkout_discount references it), so it is deactivated instead of deleted.
 */
export async function isCodeInUse(db: Executor, id: number): Promise<boolean> {
  const onOrder = await db
    .select({ id: orderDiscount.id })
    .from(orderDiscount)
    .where(eq(orderDiscount.discountCodeId, id))
    .limit(1);
  if (onOrder.length > 0) return true;
  const onCheckout = await db
    .select({ id: checkoutDiscount.id })
    .from(checkoutDiscount)
    .where(eq(checkoutDiscount.discountCodeId, id))
    .limit(1);
  return onCheckout.length > 0;
}

/** The restaurant's categories (of its menus, not archived), with their names. */
export function findOwnCategories(db: Executor, menuInstanceId: number, ids?: number[]) {
  return db
    .select({ id: category.id, name: category.name, internalName: category.internalName })
    .from(category)
    .innerJoin(menu, eq(menu.id, category.menuId))
    .where(
      and(
        eq(menu.menuInstanceId, menuInstanceId),
        isNull(category.archivedAt),
        isNull(menu.archivedAt),
        ids ? inArray(category.id, ids) : undefined,
      ),
    )
    .orderBy(asc(category.id));
}

/** The restaurant's products (not archived), with their names. */
export function findOwnProducts(db: Executor, productInstanceId: number, ids?: number[]) {
  return db
    .select({ id: product.id, name: product.name, internalName: product.internalName })
    .from(product)
    .where(
      and(
        eq(product.productInstanceId, productInstanceId),
        isNull(product.archivedAt),
        ids ? inArray(product.id, ids) : undefined,
      ),
    )
    .orderBy(asc(product.id));
}
