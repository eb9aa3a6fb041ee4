/** The figures of a range of the restaurant's local days: four aggregate statements, one after another. */
import type { EndOfDayReport, Figures } from "@app/contracts";
import type { Executor } from "@app/db";
import { type LocalRange, localRange, requireUnit } from "./figures-range";
import { findHourTotals, findMethodTotals, findProductTotals, findReceiptRange, findRefundTotals } from "./repository";
import { toFiguresJson } from "./to-figures-json";

export async function readFigures(
  db: Executor,
  productionUnitId: number,
  now: Date,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<Figures> {
  const unit = await requireUnit(db, productionUnitId);
  return figuresOf(db, localRange(productionUnitId, unit.timeZone, now, query));
}

async function figuresOf(db: Executor, range: LocalRange): Promise<Figures> {
  // One after another: the executor may be one connection (docs/api-conventions.md).
  const hours = await findHourTotals(db, range);
  const methods = await findMethodTotals(db, range);
  const products = await findProductTotals(db, range);
  const refunds = await findRefundTotals(db, range);
  return toFiguresJson(range, { hours, methods, products, refunds });
}

/** One local day's figures with what a printed end-of-day report heads them with. */
export async function readEndOfDay(
  db: Executor,
  productionUnitId: number,
  now: Date,
  date: string | undefined,
): Promise<EndOfDayReport> {
  const unit = await requireUnit(db, productionUnitId);
  const range = localRange(productionUnitId, unit.timeZone, now, { from: date, to: date });
  const figures = await figuresOf(db, range);
  const receipts = await findReceiptRange(db, range);
  return {
    restaurant: { id: unit.id, name: unit.name, address: unit.address, cvrNumber: unit.cvrNumber },
    date: range.from,
    generatedUtc: now.toISOString(),
    receiptNumbers:
      receipts.first === null || receipts.last === null
        ? null
        : { first: Number(receipts.first), last: Number(receipts.last) },
    figures,
  };
}
