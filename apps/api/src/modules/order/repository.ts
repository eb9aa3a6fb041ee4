/** SQL of the order feature: every function takes an Executor (the database or an open transaction). */
import { type Db, type Executor, type OrderLineChoice, schema, type Translations } from "@app/db";
import { and, asc, eq, inArray, sql } from "@app/db/orm";
import { LIVE_STATES } from "@app/domain";
import { findProductionUnit } from "../tenancy";

const {
  basketItem,
  basketItemChoice,
  checkoutDiscount,
  choice,
  modifierChoice,
  order,
  orderDiscount,
  orderLine,
  payment,
  product,
  productModifier,
  receiptSequence,
} = schema;

export type OrderRow = typeof order.$inferSelect;
export type OrderLineRow = typeof orderLine.$inferSelect;

export async function findOrderOfUnit(
  db: Executor,
  id: string,
  productionUnitId: number,
): Promise<OrderRow | undefined> {
  const rows = await db
    .select()
    .from(order)
    .where(and(eq(order.id, id), eq(order.productionUnitId, productionUnitId)))
    .limit(1);
  return rows[0];
}

export async function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const rows = await db.select().from(order).where(eq(order.id, id)).limit(1);
  return rows[0];
}

/** The order a checkout placed, if it did. */
export async function findOrderOfCheckout(db: Executor, checkoutId: string): Promise<OrderRow | undefined> {
  const rows = await db.select().from(order).where(eq(order.checkoutId, checkoutId)).limit(1);
  return rows[0];
}

/**
 * The order, its row locked until the transaction ends: refunds of one order are decided one at a time under it
 * (the refund feature); undefined when it does not exist.
 */
export async function lockOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const rows = await db.select().from(order).where(eq(order.id, id)).for("update");
  return rows[0];
}

/** The order's lines, in the order they were placed. */
export async function findOrderLines(db: Executor, orderId: string): Promise<OrderLineRow[]> {
  return db.select().from(orderLine).where(eq(orderLine.orderId, orderId)).orderBy(asc(orderLine.id));
}

/** The basket's lines with their choices, in the order they were added; each line's choices in option order. */
export async function findBasketLines(db: Executor, basketId: string) {
  const items = await db
    .select()
    .from(basketItem)
    .where(eq(basketItem.basketId, basketId))
    .orderBy(asc(basketItem.createdAt), asc(basketItem.id));
  if (items.length === 0) return [];
  const choices = await db
    .select({
      basketItemId: basketItemChoice.basketItemId,
      choiceId: basketItemChoice.choiceId,
      modifierId: basketItemChoice.modifierId,
      name: basketItemChoice.name,
      amount: basketItemChoice.amount,
      priceMinor: basketItemChoice.priceMinor,
    })
    .from(basketItemChoice)
    .innerJoin(basketItem, eq(basketItem.id, basketItemChoice.basketItemId))
    // In the product's option order, as the basket shows them (a choice's id is random: no order of its own).
    .leftJoin(
      productModifier,
      and(
        eq(productModifier.productId, basketItem.productId),
        eq(productModifier.modifierId, basketItemChoice.modifierId),
      ),
    )
    .leftJoin(
      modifierChoice,
      and(
        eq(modifierChoice.modifierId, basketItemChoice.modifierId),
        eq(modifierChoice.choiceId, basketItemChoice.choiceId),
      ),
    )
    .where(eq(basketItem.basketId, basketId))
    .orderBy(asc(productModifier.sortOrder), asc(modifierChoice.sortOrder), asc(basketItemChoice.choiceId));
  return items.map((item) => ({
    ...item,
    choices: choices
      .filter((c) => c.basketItemId === item.id)
      .map(
        (c): OrderLineChoice => ({
          choiceId: c.choiceId,
          modifierId: c.modifierId,
          name: c.name,
          amount: c.amount,
          priceMinor: c.priceMinor,
        }),
      ),
  }));
}

export async function findCheckoutDiscountRows(db: Executor, checkoutId: string) {
  return db
    .select({
      discountCodeId: checkoutDiscount.discountCodeId,
      code: checkoutDiscount.code,
      amountMinor: checkoutDiscount.amountMinor,
    })
    .from(checkoutDiscount)
    .where(eq(checkoutDiscount.checkoutId, checkoutId))
    .orderBy(asc(checkoutDiscount.discountCodeId));
}

/** The unit's next receipt number (one row per unit; the row lock queues concurrent orders). */
export async function nextReceiptNumber(db: Executor, productionUnitId: number): Promise<number> {
  const [row] = await db
    .insert(receiptSequence)
    .values({ productionUnitId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: receiptSequence.productionUnitId,
      set: { lastNumber: sql`${receiptSequence.lastNumber} + 1` },
    })
    .returning({ lastNumber: receiptSequence.lastNumber });
  return row!.lastNumber;
}

export async function insertOrder(db: Executor, values: typeof order.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(order).values(values).returning();
  return row!;
}

export async function insertOrderLines(db: Executor, values: (typeof orderLine.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await db.insert(orderLine).values(values);
}

export async function insertOrderDiscounts(db: Executor, values: (typeof orderDiscount.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await db.insert(orderDiscount).values(values);
}

/** Everything an order answer or a receipt shows. Takes the pool: its queries run side by side. */
export async function findOrderDetails(db: Db, orderRow: OrderRow) {
  const [lines, discounts, payments, unit] = await Promise.all([
    // Line ids are written in basket order (see finalize's lineId), so id order is basket order.
    db.select().from(orderLine).where(eq(orderLine.orderId, orderRow.id)).orderBy(asc(orderLine.id)),
    db
      .select({ code: orderDiscount.code, amountMinor: orderDiscount.amountMinor })
      .from(orderDiscount)
      .where(eq(orderDiscount.orderId, orderRow.id))
      .orderBy(asc(orderDiscount.code)),
    db
      .select()
      .from(payment)
      .where(and(eq(payment.checkoutId, orderRow.checkoutId), inArray(payment.state, LIVE_STATES)))
      .orderBy(asc(payment.type), asc(payment.id)),
    findProductionUnit(db, orderRow.productionUnitId),
  ]);
  return { order: orderRow, lines, discounts, payments, unit: unit! };
}
export type OrderDetails = Awaited<ReturnType<typeof findOrderDetails>>;

/** The catalogue's names (per language) of the products and choices an order's lines name; ones since removed are left out. */
export async function findLineNames(db: Executor, lines: OrderLineRow[]): Promise<LineNames> {
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const choiceIds = [...new Set(lines.flatMap((line) => line.choices.map((c) => c.choiceId)))];
  const [products, choices] = await Promise.all([
    productIds.length === 0
      ? []
      : db.select({ id: product.id, name: product.name }).from(product).where(inArray(product.id, productIds)),
    choiceIds.length === 0
      ? []
      : db.select({ id: choice.id, name: choice.name }).from(choice).where(inArray(choice.id, choiceIds)),
  ]);
  return {
    products: new Map(products.map((row) => [row.id, row.name])),
    choices: new Map(choices.map((row) => [row.id, row.name])),
  };
}
export type LineNames = { products: Map<number, Translations>; choices: Map<number, Translations> };

/** A search of the kitchen's queue: the receipt number exactly, or part of the guest's name (any case). */
export type OrderSearch = { receiptNumber: number | null; guestName: string };

/**
 * The kitchen's view of several orders at once (the queue): the orders (those matching `search`, when given),
 * their lines and their discounts, three statements side by side whatever the number of orders.
 */
export async function findOrdersWithLines(db: Db, orderIds: string[], search?: OrderSearch) {
  if (orderIds.length === 0) return { orders: [], lines: [], discounts: [] };
  const matching = search
    ? sql`(${search.receiptNumber === null ? sql`false` : sql`${order.receiptNumber} = ${search.receiptNumber}`} or ${order.guestName} ilike ${`%${escapeLike(search.guestName)}%`})`
    : undefined;
  const [orders, lines, discounts] = await Promise.all([
    db
      .select()
      .from(order)
      .where(and(inArray(order.id, orderIds), matching)),
    db.select().from(orderLine).where(inArray(orderLine.orderId, orderIds)).orderBy(asc(orderLine.id)),
    db
      .select({ orderId: orderDiscount.orderId, code: orderDiscount.code, amountMinor: orderDiscount.amountMinor })
      .from(orderDiscount)
      .where(inArray(orderDiscount.orderId, orderIds))
      .orderBy(asc(orderDiscount.code)),
  ]);
  return { orders, lines, discounts };
}
export type OrdersWithLines = Awaited<ReturnType<typeof findOrdersWithLines>>;

/** `%` and `_` in a guest's search are letters, not patterns. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The discount codes the order used (each once), in id order: the lock order of discount codes. */
export async function findOrderDiscountCodeIds(db: Executor, orderId: string): Promise<number[]> {
  const rows = await db
    .select({ discountCodeId: orderDiscount.discountCodeId })
    .from(orderDiscount)
    .where(eq(orderDiscount.orderId, orderId))
    .orderBy(asc(orderDiscount.discountCodeId));
  return rows.flatMap((row) => (row.discountCodeId === null ? [] : [row.discountCodeId]));
}
