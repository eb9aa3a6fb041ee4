import type { DeliveryDate } from "@app/contracts";
import type { Executor } from "@app/db";
import { hoursOn } from "@app/domain";
import { loadOwnCheckout } from "../checkout";
import { allowedDates, daySlots } from "../pickup-time";
import { findClosedDates, findHours } from "../tenancy";
import type { Deps } from "./delivery-address";
import { deliveryContext } from "./delivery-slot-input";

/** Today … today + guestFutureOrderDates: the dates with delivery hours and at least one slot left. */
export async function getDeliveryDates(
  { db, now }: Deps,
  productionUnitId: number,
  checkoutId: string,
): Promise<DeliveryDate[]> {
  const checkout = await loadOwnCheckout(db, checkoutId, productionUnitId);
  const { slots } = await deliveryContext(db, checkout, 0, now());
  return deliveryDates(db, slots);
}

export async function deliveryDates(db: Executor, slots: Awaited<ReturnType<typeof deliveryContext>>["slots"]) {
  // One query after another: `db` may be a transaction (one connection, one query at a time).
  const weekly = await findHours(db, slots.productionUnitId, "delivery");
  const closedDates = await findClosedDates(db, slots.productionUnitId);
  const dates: DeliveryDate[] = [];
  for (const date of allowedDates(slots.now, slots.timeZone, slots.futureDays)) {
    const hours = hoursOn(date, weekly, closedDates);
    if (!hours) continue;
    if ((await daySlots(db, { ...slots, date })).length === 0) continue;
    dates.push({ date, opens: hours.opens, closes: hours.closes });
  }
  return dates;
}
