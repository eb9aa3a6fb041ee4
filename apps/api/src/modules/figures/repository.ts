/**
 * The figures' SQL: a few aggregate statements over a restaurant's orders in a range of instants. Read only:
 * the order, payment, kitchen and catalogue features own these tables. "Counted" orders are the placed ones the
 * kitchen did not reject (docs/decisions/037-figures.md).
 */
import type { Executor } from "@app/db";
import { type SQL, sql } from "@app/db/orm";

export type FiguresRange = { productionUnitId: number; start: Date; end: Date; timeZone: string };

/** Both drivers answer { rows }; bigint sums arrive as strings from pg and numbers from PGlite. */
async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** The orders placed in the range, with whether the kitchen rejected them (`o` and `rejected`). */
function ordersIn(range: FiguresRange): SQL {
  return sql`(
    select o.*, coalesce(k.status, 'new') as kitchen_status, coalesce(k.status = 'rejected', false) as rejected
    from "order" o
    left join kitchen_order k on k.order_id = o.id
    where o.production_unit_id = ${range.productionUnitId}
      and o.created_at >= ${range.start.toISOString()}::timestamptz
      and o.created_at < ${range.end.toISOString()}::timestamptz
  )`;
}

export type HourRow = {
  hour: number;
  orders: number | string;
  sales: number | string;
  discounts: number | string;
  delivery_fees: number | string;
  rejected_orders: number | string;
  rejected_amount: number | string;
};

/** Counted orders and their money per hour of the restaurant's clock, and the rejected ones apart. */
export function findHourTotals(db: Executor, range: FiguresRange): Promise<HourRow[]> {
  return rowsOf<HourRow>(
    db,
    sql`select extract(hour from o.created_at at time zone ${range.timeZone})::int as hour,
        count(*) filter (where not o.rejected) as orders,
        coalesce(sum(o.total_minor) filter (where not o.rejected), 0) as sales,
        coalesce(sum(o.discount_minor) filter (where not o.rejected), 0) as discounts,
        coalesce(sum(o.delivery_fee_minor) filter (where not o.rejected), 0) as delivery_fees,
        count(*) filter (where o.rejected) as rejected_orders,
        coalesce(sum(o.total_minor) filter (where o.rejected), 0) as rejected_amount
      from ${ordersIn(range)} o
      group by 1
      order by 1`,
  );
}

export type MethodRow = {
  method: "card" | "mobilepay" | "giftcard" | "pickup" | "test";
  orders: number | string;
  amount: number | string;
  giftcard_amount: number | string;
};

/**
 * What paid the counted orders, by method: the payments of the checkout's last attempt, which together are the
 * order's total (finalize places an order only then), whatever happened to them later (refunds are apart).
 */
export function findMethodTotals(db: Executor, range: FiguresRange): Promise<MethodRow[]> {
  return rowsOf<MethodRow>(
    db,
    sql`select case when p.is_test then 'test'
          when p.type = 1 then 'giftcard'
          when p.type = 2 then 'pickup'
          when p.method = 'mobilepay' then 'mobilepay'
          else 'card' end as method,
        count(distinct o.id) as orders,
        coalesce(sum(p.amount_minor), 0) as amount,
        coalesce(sum(p.amount_minor) filter (where p.type = 1), 0) as giftcard_amount
      from ${ordersIn(range)} o
      join payment p on p.checkout_id = o.checkout_id
      where not o.rejected
        and p.attempt = (select max(latest.attempt) from payment latest where latest.checkout_id = o.checkout_id)
      group by 1`,
  );
}

export type ProductRow = {
  product_id: number;
  name: string;
  is_giftcard: boolean;
  quantity: number | string;
  sales: number | string;
};

/** The counted orders' lines per product (the name of its newest line), and whether it is a gift card. */
export function findProductTotals(db: Executor, range: FiguresRange): Promise<ProductRow[]> {
  return rowsOf<ProductRow>(
    db,
    sql`select l.product_id,
        (array_agg(l.name order by o.created_at desc))[1] as name,
        coalesce(bool_or(p.is_giftcard), false) as is_giftcard,
        coalesce(sum(l.amount), 0) as quantity,
        coalesce(sum(l.total_minor), 0) as sales
      from ${ordersIn(range)} o
      join order_line l on l.order_id = o.id
      left join product p on p.id = l.product_id
      where not o.rejected
      group by l.product_id`,
  );
}

export type RefundRow = { count: number | string; amount: number | string };

/** Refunds staff made in the range (by their own date), of orders the kitchen did not reject. */
export async function findRefundTotals(db: Executor, range: FiguresRange): Promise<RefundRow> {
  const rows = await rowsOf<RefundRow>(
    db,
    sql`select count(*) as count, coalesce(sum(r.amount_minor), 0) as amount
      from order_refund r
      join "order" o on o.id = r.order_id
      left join kitchen_order k on k.order_id = o.id
      where o.production_unit_id = ${range.productionUnitId}
        and r.created_at >= ${range.start.toISOString()}::timestamptz
        and r.created_at < ${range.end.toISOString()}::timestamptz
        and k.status is distinct from 'rejected'`,
  );
  return rows[0] ?? { count: 0, amount: 0 };
}

/** The first and last receipt number of the orders placed in the range (rejected ones included). */
export async function findReceiptRange(
  db: Executor,
  range: FiguresRange,
): Promise<{ first: number | null; last: number | null }> {
  const rows = await rowsOf<{ first: number | null; last: number | null }>(
    db,
    sql`select min(o.receipt_number) as first, max(o.receipt_number) as last from ${ordersIn(range)} o`,
  );
  return rows[0] ?? { first: null, last: null };
}

export type CsvOrderRow = {
  receipt_number: number;
  external_id: string;
  placed_local: string;
  status: string;
  rejected: boolean;
  guest_name: string | null;
  is_delivery: boolean;
  item_count: number;
  basket_total_minor: number;
  discount_minor: number;
  delivery_fee_minor: number;
  total_minor: number;
  methods: string | null;
  refunded_minor: number | string;
};

/** One row per order placed in the range, oldest first, its time on the restaurant's clock. */
export function findCsvOrders(db: Executor, range: FiguresRange): Promise<CsvOrderRow[]> {
  return rowsOf<CsvOrderRow>(
    db,
    sql`select o.receipt_number, o.external_id, o.guest_name, o.is_delivery, o.item_count, o.basket_total_minor,
        o.discount_minor, o.delivery_fee_minor, o.total_minor, o.rejected,
        to_char(o.created_at at time zone ${range.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as placed_local,
        o.kitchen_status as status,
        (select string_agg(distinct case when p.is_test then 'test' when p.type = 1 then 'giftcard'
            when p.type = 2 then 'pickup' when p.method = 'mobilepay' then 'mobilepay' else 'card' end, ' + ')
          from payment p
          where p.checkout_id = o.checkout_id
            and p.attempt = (select max(latest.attempt) from payment latest where latest.checkout_id = o.checkout_id)
        ) as methods,
        (select coalesce(sum(r.amount_minor), 0) from order_refund r where r.order_id = o.id) as refunded_minor
      from ${ordersIn(range)} o
      order by o.created_at, o.receipt_number`,
  );
}

export type CsvLineRow = {
  receipt_number: number;
  placed_local: string;
  rejected: boolean;
  product_id: number;
  name: string;
  amount: number;
  unit_price_minor: number;
  total_minor: number;
  choices: { name: string; amount: number }[];
};

/** Every line of the orders placed in the range, by order then line. */
export function findCsvLines(db: Executor, range: FiguresRange): Promise<CsvLineRow[]> {
  return rowsOf<CsvLineRow>(
    db,
    sql`select o.receipt_number, o.rejected, l.product_id, l.name, l.amount, l.unit_price_minor, l.total_minor, l.choices,
        to_char(o.created_at at time zone ${range.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as placed_local
      from ${ordersIn(range)} o
      join order_line l on l.order_id = o.id
      order by o.created_at, o.receipt_number, l.id`,
  );
}
