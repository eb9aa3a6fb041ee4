import { type Executor, schema } from "@app/db";
import { and, eq } from "@app/db/orm";

const { category, menu, product } = schema;

/** Whether the category is on a menu of the menu instance (settings may only name the restaurant's own). */
export async function isCategoryOfMenuInstance(
  db: Executor,
  menuInstanceId: number,
  categoryId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: category.id })
    .from(category)
    .innerJoin(menu, eq(menu.id, category.menuId))
    .where(and(eq(category.id, categoryId), eq(menu.menuInstanceId, menuInstanceId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether the product belongs to the product instance. */
export async function isProductOfInstance(
  db: Executor,
  productInstanceId: number,
  productId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: product.id })
    .from(product)
    .where(and(eq(product.id, productId), eq(product.productInstanceId, productInstanceId)))
    .limit(1);
  return rows.length > 0;
}
