import type { Executor } from "@app/db";
import { notFound } from "../../errors";
import { findCheckoutInstance, findTimeZone } from "../checkout";
import { getModuleSettings } from "../settings";
import { busyMinutesAt } from "../warehouse";
import type { DaySlotsInput } from "./day-slots";

/**
 * What pickup slots of a module depend on: opening hours, the checkout instance's orderTimeInterval,
 * preparationMinutes (plus busy mode's minutes) and guestFutureOrderDates, and the module's enforceCapacity setting.
 */
export async function pickupSlotInput(
  db: Executor,
  source: { productionUnitId: number; moduleId: number; checkoutInstanceId: number },
  capacityInstanceId: number,
  items: number,
  now: Date,
): Promise<Omit<DaySlotsInput, "date">> {
  // One query after another: `db` may be a transaction (one connection, one query at a time).
  const instance = await findCheckoutInstance(db, source.checkoutInstanceId);
  const settings = await getModuleSettings(db, source.moduleId);
  const timeZone = await findTimeZone(db, source.productionUnitId);
  // Busy mode (issue 44): the kitchen needs N minutes more, so the earliest slot moves N minutes later.
  const busyMinutes = await busyMinutesAt(db, source.productionUnitId, now);
  if (!instance) throw notFound("Checkout instance");
  return {
    productionUnitId: source.productionUnitId,
    timeZone,
    kind: "opening",
    intervalMinutes: instance.orderTimeInterval,
    leadMinutes: instance.preparationMinutes + busyMinutes,
    futureDays: instance.guestFutureOrderDates,
    capacityInstanceId,
    enforceCapacity: settings.enforceCapacity,
    items,
    now,
  };
}
