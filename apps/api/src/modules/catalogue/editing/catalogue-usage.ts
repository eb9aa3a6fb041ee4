/**
 * Whether a catalogue row is still named by something a guest or the restaurant holds: a basket line (any basket:
 * its foreign keys keep the row, and an open basket must still show and price it), a past order's line (by
 * product id, and its choices' ids in the line's jsonb), or a discount code limited to it. Such a row is archived
 * instead of deleted. Only read here: the basket, order and discount tables stay their owners' to write.
 */
import { type Executor, schema } from "@app/db";
import { eq, type SQL, sql } from "@app/db/orm";

const { basketItem, basketItemChoice, orderLine, discountCode } = schema;

async function exists(tx: Executor, query: SQL): Promise<boolean> {
  const result = await tx.execute(sql`select 1 where exists (${query})`);
  // Both drivers answer { rows }.
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function isProductUsed(tx: Executor, productId: number): Promise<boolean> {
  const inBasket = await tx
    .select({ one: sql`1` })
    .from(basketItem)
    .where(eq(basketItem.productId, productId))
    .limit(1);
  if (inBasket.length > 0) return true;
  const onOrder = await tx.select({ one: sql`1` }).from(orderLine).where(eq(orderLine.productId, productId)).limit(1);
  if (onOrder.length > 0) return true;
  return exists(
    tx,
    sql`select 1 from ${discountCode} where ${discountCode.productIds} @> ${JSON.stringify([productId])}::jsonb`,
  );
}

export async function isChoiceUsed(tx: Executor, choiceId: number): Promise<boolean> {
  const inBasket = await tx
    .select({ one: sql`1` })
    .from(basketItemChoice)
    .where(eq(basketItemChoice.choiceId, choiceId))
    .limit(1);
  if (inBasket.length > 0) return true;
  return exists(
    tx,
    sql`select 1 from ${orderLine} where ${orderLine.choices} @> ${JSON.stringify([{ choiceId }])}::jsonb`,
  );
}

export async function isModifierUsed(tx: Executor, modifierId: number): Promise<boolean> {
  const inBasket = await tx
    .select({ one: sql`1` })
    .from(basketItemChoice)
    .where(eq(basketItemChoice.modifierId, modifierId))
    .limit(1);
  if (inBasket.length > 0) return true;
  return exists(
    tx,
    sql`select 1 from ${orderLine} where ${orderLine.choices} @> ${JSON.stringify([{ modifierId }])}::jsonb`,
  );
}

/** A category a discount code is limited to stays, so the code keeps meaning what it meant. */
export async function isCategoryUsed(tx: Executor, categoryId: number): Promise<boolean> {
  return exists(
    tx,
    sql`select 1 from ${discountCode} where ${discountCode.categoryIds} @> ${JSON.stringify([categoryId])}::jsonb`,
  );
}

/** A menu is used when one of its categories is. */
export async function isMenuUsed(tx: Executor, menuId: number): Promise<boolean> {
  return exists(
    tx,
    sql`select 1 from ${discountCode}, ${schema.category}
        where ${schema.category.menuId} = ${menuId}
          and ${discountCode.categoryIds} @> jsonb_build_array(${schema.category.id})`,
  );
}
