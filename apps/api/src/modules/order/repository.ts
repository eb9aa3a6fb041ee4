/** SQL of the order feature: every function takes an Executor (the database or an open transaction). */
import { type Db, type Executor, type OrderLineChoice, reusableQuery, reusableWrite, schema } from "@app/db";
import { and, asc, eq, inArray, sql } from "@app/db/orm";
import { LIVE_STATES } from "@app/domain";
import { findProductionUnit } from "../tenancy";

const { basketItem, basketItemChoice, checkoutDiscount, order, orderDiscount, orderLine, payment, receiptSequence } =
  schema;

export type OrderRow = typeof order.$inferSelect;
export type OrderLineRow = typeof orderLine.$inferSelect;

export async function findOrderOfUnit(
  db: Executor,
  id: string,
  productionUnitId: number,
): Promise<OrderRow | undefined> {
  const rows = await orderOfUnit(db, { id, productionUnitId });
  return rows[0];
}

const orderOfUnit = reusableQuery((db) =>
  db
    .select()
    .from(order)
    .where(and(eq(order.id, sql.placeholder("id")), eq(order.productionUnitId, sql.placeholder("productionUnitId"))))
    .limit(1),
);

export async function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const rows = await orderById(db, { id });
  return rows[0];
}

const orderById = reusableQuery((db) =>
  db
    .select()
    .from(order)
    .where(eq(order.id, sql.placeholder("id")))
    .limit(1),
);

/** The basket's lines with their choices, in the order they were added. */
export async function findBasketLines(db: Executor, basketId: string) {
  const items = await basketLines(db, { basketId });
  if (items.length === 0) return [];
  const choices = await basketChoices(db, { basketId });
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

const basketLines = reusableQuery((db) =>
  db
    .select()
    .from(basketItem)
    .where(eq(basketItem.basketId, sql.placeholder("basketId")))
    .orderBy(asc(basketItem.createdAt), asc(basketItem.id)),
);

const basketChoices = reusableQuery((db) =>
  db
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
    .where(eq(basketItem.basketId, sql.placeholder("basketId")))
    .orderBy(asc(basketItemChoice.id)),
);

export function findCheckoutDiscountRows(db: Executor, checkoutId: string) {
  return checkoutDiscountRows(db, { checkoutId });
}

const checkoutDiscountRows = reusableQuery((db) =>
  db
    .select({
      discountCodeId: checkoutDiscount.discountCodeId,
      code: checkoutDiscount.code,
      amountMinor: checkoutDiscount.amountMinor,
    })
    .from(checkoutDiscount)
    .where(eq(checkoutDiscount.checkoutId, sql.placeholder("checkoutId")))
    .orderBy(asc(checkoutDiscount.discountCodeId)),
);

/** The unit's next receipt number (one row per unit; the row lock queues concurrent orders). */
export async function nextReceiptNumber(db: Executor, productionUnitId: number): Promise<number> {
  const [row] = await receiptNumberTaken(db, { productionUnitId });
  return row!.lastNumber;
}

const receiptNumberTaken = reusableQuery((db) =>
  db
    .insert(receiptSequence)
    .values({ productionUnitId: sql.placeholder("productionUnitId"), lastNumber: 1 })
    .onConflictDoUpdate({
      target: receiptSequence.productionUnitId,
      set: { lastNumber: sql`${receiptSequence.lastNumber} + 1` },
    })
    .returning({ lastNumber: receiptSequence.lastNumber }),
);

export async function insertOrder(db: Executor, values: typeof order.$inferInsert): Promise<OrderRow> {
  const [row] = await orderInserted(db, [values]);
  return row!;
}

const orderInserted = reusableWrite((db, rows) =>
  db
    .insert(order)
    .values(rows as (typeof order.$inferInsert)[])
    .returning(),
);

export async function insertOrderLines(db: Executor, values: (typeof orderLine.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await orderLinesInserted(db, values);
}

const orderLinesInserted = reusableWrite((db, rows) =>
  db.insert(orderLine).values(rows as (typeof orderLine.$inferInsert)[]),
);

export async function insertOrderDiscounts(db: Executor, values: (typeof orderDiscount.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await orderDiscountsInserted(db, values);
}

const orderDiscountsInserted = reusableWrite((db, rows) =>
  db.insert(orderDiscount).values(rows as (typeof orderDiscount.$inferInsert)[]),
);

/** Everything an order answer or a receipt shows. Takes the pool: its queries run side by side. */
export async function findOrderDetails(db: Db, orderRow: OrderRow) {
  const [lines, discounts, payments, unit] = await Promise.all([
    orderLines(db, { orderId: orderRow.id }),
    orderDiscounts(db, { orderId: orderRow.id }),
    livePaymentsOfOrder(db, { checkoutId: orderRow.checkoutId }),
    findProductionUnit(db, orderRow.productionUnitId),
  ]);
  return { order: orderRow, lines, discounts, payments, unit: unit! };
}

// Line ids are written in basket order (see finalize's lineId), so id order is basket order.
const orderLines = reusableQuery((db) =>
  db
    .select()
    .from(orderLine)
    .where(eq(orderLine.orderId, sql.placeholder("orderId")))
    .orderBy(asc(orderLine.id)),
);
const orderDiscounts = reusableQuery((db) =>
  db
    .select({ code: orderDiscount.code, amountMinor: orderDiscount.amountMinor })
    .from(orderDiscount)
    .where(eq(orderDiscount.orderId, sql.placeholder("orderId")))
    .orderBy(asc(orderDiscount.code)),
);
const livePaymentsOfOrder = reusableQuery((db) =>
  db
    .select()
    .from(payment)
    .where(and(eq(payment.checkoutId, sql.placeholder("checkoutId")), inArray(payment.state, LIVE_STATES)))
    .orderBy(asc(payment.type), asc(payment.id)),
);
export type OrderDetails = Awaited<ReturnType<typeof findOrderDetails>>;
