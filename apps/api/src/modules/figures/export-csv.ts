/**
 * The orders and the lines of a range as CSV files (see csv.ts for the format). Every order placed in the range is
 * a row, rejected ones too, with a column that says so: the counted totals are the rows that are not rejected.
 */
import type { Executor } from "@app/db";
import { attachment, kroner, toCsv } from "./csv";
import { type LocalRange, localRange, requireUnit } from "./figures-range";
import { findCsvLines, findCsvOrders } from "./repository";

export type CsvFile = { fileName: string; contentDisposition: string; body: string };
export type CsvKind = "orders" | "lines";

const ORDER_HEADER = [
  "receipt_number",
  "order_id",
  "placed_local",
  "status",
  "counted",
  "guest_name",
  "delivery",
  "items",
  "basket_total_dkk",
  "discount_dkk",
  "delivery_fee_dkk",
  "total_dkk",
  "payment_methods",
  "refunded_dkk",
];

const LINE_HEADER = [
  "receipt_number",
  "placed_local",
  "counted",
  "product_id",
  "product",
  "choices",
  "quantity",
  "unit_price_dkk",
  "line_total_dkk",
];

export async function exportCsv(
  db: Executor,
  productionUnitId: number,
  now: Date,
  kind: CsvKind,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<CsvFile> {
  const unit = await requireUnit(db, productionUnitId);
  const range = localRange(productionUnitId, unit.timeZone, now, query);
  const body = kind === "orders" ? await ordersCsv(db, range) : await linesCsv(db, range);
  const fileName = `${unit.name} ${kind} ${range.from}${range.to === range.from ? "" : ` to ${range.to}`}.csv`;
  return { fileName, contentDisposition: attachment(fileName), body };
}

async function ordersCsv(db: Executor, range: LocalRange): Promise<string> {
  const rows = await findCsvOrders(db, range);
  return toCsv(
    ORDER_HEADER,
    rows.map((row) => [
      row.receipt_number,
      row.external_id,
      row.placed_local,
      row.status,
      row.rejected ? "no" : "yes",
      row.guest_name,
      row.is_delivery ? "yes" : "no",
      row.item_count,
      kroner(row.basket_total_minor),
      kroner(row.discount_minor),
      kroner(row.delivery_fee_minor),
      kroner(row.total_minor),
      row.methods,
      kroner(row.refunded_minor),
    ]),
  );
}

async function linesCsv(db: Executor, range: LocalRange): Promise<string> {
  const rows = await findCsvLines(db, range);
  return toCsv(
    LINE_HEADER,
    rows.map((row) => [
      row.receipt_number,
      row.placed_local,
      row.rejected ? "no" : "yes",
      row.product_id,
      row.name,
      row.choices.map((choice) => (choice.amount > 1 ? `${choice.amount} × ${choice.name}` : choice.name)).join("; "),
      row.amount,
      kroner(row.unit_price_minor),
      kroner(row.total_minor),
    ]),
  );
}
