/** The figures' rows as the Figures contract: sums in øre, turned into DKK once at the end. */
import type { Figures, FiguresMethod, FiguresProduct } from "@app/contracts";
import { toDkk } from "@app/domain";
import type { LocalRange } from "./figures-range";
import type { HourRow, MethodRow, ProductRow, RefundRow } from "./repository";

export type FiguresRows = { hours: HourRow[]; methods: MethodRow[]; products: ProductRow[]; refunds: RefundRow };

const TOP = 10;
/** The order methods are listed in, whatever was used. */
const METHOD_ORDER: FiguresMethod["method"][] = ["card", "mobilepay", "giftcard", "pickup", "test"];

const sumOf = <T>(rows: T[], value: (row: T) => number | string) =>
  rows.reduce((sum, row) => sum + Number(value(row)), 0);

export function toFiguresJson(range: LocalRange, rows: FiguresRows): Figures {
  const orders = sumOf(rows.hours, (row) => row.orders);
  const salesMinor = sumOf(rows.hours, (row) => row.sales);
  const refundMinor = Number(rows.refunds.amount);
  const giftcards = rows.products.filter((row) => row.is_giftcard);
  return {
    restaurantId: range.productionUnitId,
    from: range.from,
    to: range.to,
    timeZone: range.timeZone,
    orders,
    sales: toDkk(salesMinor),
    averageOrder: toDkk(orders === 0 ? 0 : Math.round(salesMinor / orders)),
    discounts: toDkk(sumOf(rows.hours, (row) => row.discounts)),
    deliveryFees: toDkk(sumOf(rows.hours, (row) => row.delivery_fees)),
    refunds: { count: Number(rows.refunds.count), amount: toDkk(refundMinor) },
    netSales: toDkk(salesMinor - refundMinor),
    rejected: {
      orders: sumOf(rows.hours, (row) => row.rejected_orders),
      amount: toDkk(sumOf(rows.hours, (row) => row.rejected_amount)),
    },
    giftcards: {
      soldCount: sumOf(giftcards, (row) => row.quantity),
      soldAmount: toDkk(sumOf(giftcards, (row) => row.sales)),
      redeemedAmount: toDkk(sumOf(rows.methods, (row) => row.giftcard_amount)),
    },
    byHour: byHour(rows.hours),
    byMethod: byMethod(rows.methods),
    ...topProducts(rows.products),
  };
}

/** All 24 hours of the clock, empty ones as 0 (an hour repeated by a DST change holds both of its runs). */
function byHour(rows: HourRow[]): Figures["byHour"] {
  return Array.from({ length: 24 }, (_, hour) => {
    const row = rows.find((candidate) => Number(candidate.hour) === hour);
    return { hour, orders: Number(row?.orders ?? 0), sales: toDkk(Number(row?.sales ?? 0)) };
  });
}

function byMethod(rows: MethodRow[]): FiguresMethod[] {
  return rows
    .map((row) => ({ method: row.method, orders: Number(row.orders), amount: toDkk(Number(row.amount)) }))
    .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
}

/** The ten best by quantity and by sales; ties go to the lower product id, so the lists are stable. */
function topProducts(rows: ProductRow[]): Pick<Figures, "topByQuantity" | "topBySales"> {
  const products = rows.map((row) => ({
    productId: Number(row.product_id),
    name: row.name,
    quantity: Number(row.quantity),
    salesMinor: Number(row.sales),
  }));
  const json = (row: (typeof products)[number]): FiguresProduct => ({
    productId: row.productId,
    name: row.name,
    quantity: row.quantity,
    sales: toDkk(row.salesMinor),
  });
  const by = (key: "quantity" | "salesMinor") =>
    [...products]
      .sort((a, b) => b[key] - a[key] || a.productId - b.productId)
      .slice(0, TOP)
      .map(json);
  return { topByQuantity: by("quantity"), topBySales: by("salesMinor") };
}
