/**
 * PUT …/hours: the restaurant's weekly ranges, special hours and closed dates become exactly what is sent (one
 * audit entry "hours.update" with before and after). Ranges may run past midnight; two ranges of one day that
 * overlap, or one that opens as it closes, are refused on their field (422).
 */
import type { RestaurantHours, UpdateRestaurantHoursRequest } from "@app/contracts";
import { hoursProblems } from "@app/domain";
import type { Deps } from "../../deps";
import { MANAGERS, requireRestaurant, type SignedInStaff } from "../staff";
import { readHoursRows, replaceHoursRows } from "../tenancy";
import { HOURS_ACTION, readHours } from "./read-hours";
import { refuseProblems, saveSection } from "./section-edit";

export async function updateHours(
  deps: Deps,
  staff: SignedInStaff,
  productionUnitId: number,
  request: UpdateRestaurantHoursRequest,
): Promise<RestaurantHours> {
  requireRestaurant(staff, productionUnitId, MANAGERS);
  refuseProblems(hoursProblems(request));
  const rows = {
    weekly: request.weekly.map(({ kind, weekday, opens, closes }) => ({ kind, weekday, opens, closes })),
    special: request.special.map(({ kind, date, opens, closes }) => ({ kind, date, opens, closes })),
    closed: request.closed.map(({ date, reason }) => ({ date, reason: reason.trim() })),
  };
  await saveSection(deps, staff, {
    productionUnitId,
    action: HOURS_ACTION,
    version: request.version,
    read: (tx) => readHoursRows(tx, productionUnitId),
    write: (tx) => replaceHoursRows(tx, productionUnitId, rows),
  });
  return readHours(deps.db, productionUnitId);
}
