/**
 * A range of the restaurant's local days as the instants that bound it: from local midnight of the first day to
 * local midnight after the last, so a day of 23 or 25 hours (a daylight-saving change) is whole.
 */
import { FIGURES_MAX_DAYS } from "@app/contracts";
import type { Executor } from "@app/db";
import { addDays, localParts, zonedTimeToUtc } from "@app/domain";
import { notFound, unprocessable } from "../../errors";
import { findProductionUnit } from "../tenancy";
import type { FiguresRange } from "./repository";

export type LocalRange = FiguresRange & { from: string; to: string };

/** The restaurant's row (404 when it does not exist) and its time zone. */
export async function requireUnit(db: Executor, productionUnitId: number) {
  const unit = await findProductionUnit(db, productionUnitId);
  if (!unit) throw notFound("Restaurant");
  return unit;
}

/** Today on the restaurant's clock when `from` is not given; `to` defaults to `from`; at most 366 days. */
export function localRange(
  productionUnitId: number,
  timeZone: string,
  now: Date,
  query: { from?: string | undefined; to?: string | undefined },
): LocalRange {
  const from = query.from ?? localParts(now, timeZone).date;
  const to = query.to ?? from;
  if (to < from) throw unprocessable("Input.Invalid", "The last day comes before the first day", "to");
  if (addDays(from, FIGURES_MAX_DAYS - 1) < to) {
    throw unprocessable("Input.Invalid", `A range is at most ${FIGURES_MAX_DAYS} days`, "to");
  }
  return {
    productionUnitId,
    timeZone,
    from,
    to,
    start: zonedTimeToUtc(from, 0, timeZone),
    end: zonedTimeToUtc(addDays(to, 1), 0, timeZone),
  };
}
