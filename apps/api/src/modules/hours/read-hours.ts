import type { RestaurantHours } from "@app/contracts";
import type { Executor } from "@app/db";
import { readHoursRows } from "../tenancy";
import { requireRestaurantRow, sectionVersion } from "./section-edit";

export const HOURS_ACTION = "hours.update";

/** GET …/hours: weekly ranges (opening and delivery), special hours and closed dates, with their version. */
export async function readHours(db: Executor, productionUnitId: number): Promise<RestaurantHours> {
  const row = await requireRestaurantRow(db, productionUnitId);
  const rows = await readHoursRows(db, productionUnitId);
  return { ...rows, timeZone: row.unit.timeZone, version: sectionVersion(rows) };
}
