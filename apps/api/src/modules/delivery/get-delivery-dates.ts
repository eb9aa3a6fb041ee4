import type { DeliveryDate } from "@app/contracts";
import type { Executor } from "@app/db";
import { dateSpan } from "@app/domain";
import { loadOwnCheckout } from "../checkout";
import { allowedDates, daySlots } from "../pickup-time";
import { findHoursRules } from "../tenancy";
import type { Deps } from "./delivery-address";
import { deliveryContext } from "./delivery-slot-input";

/** Today … today + guestFutureOrderDates: the dates with at least one delivery slot left. */
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
  const rules = await findHoursRules(db, slots.productionUnitId, "delivery");
  const dates: DeliveryDate[] = [];
  for (const date of allowedDates(slots.now, slots.timeZone, slots.futureDays)) {
    const hours = dateSpan(date, rules, slots.timeZone);
    if (!hours) continue;
    if ((await daySlots(db, { ...slots, date })).length === 0) continue;
    dates.push({ date, opens: hours.opens, closes: hours.closes });
  }
  return dates;
}
