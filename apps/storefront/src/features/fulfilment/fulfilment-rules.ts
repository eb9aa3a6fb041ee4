/** Pure rules of pickup and delivery (SPEC §5, §9): slot times on the restaurant's clock, the days to order for. */
import type { PickupTimeSlot } from "@app/contracts";
import { addDays, formatHhMm, localParts } from "@app/domain";

/**
 * A slot as the guest reads it: HH:MM on the restaurant's clock. The API sends UTC instants (SPEC §9), the
 * receipt shows the restaurant's time, and a guest abroad orders for the restaurant's clock too.
 */
export function slotTimeText(instant: string, timeZone: string): string {
  return formatHhMm(localParts(new Date(instant), timeZone).minutesOfDay);
}

/** SPEC §5: only available slots are shown. */
export function availableSlots(slots: readonly PickupTimeSlot[]): PickupTimeSlot[] {
  return slots.filter((slot) => slot.isAvailable);
}

/**
 * The days a guest may order for: today … today + guestFutureOrderDates (SPEC §3; 0 = today only, no
 * picker). Counted with @app/domain's calendar arithmetic, so a DST day is one day.
 */
export function orderDates(today: string, guestFutureOrderDates: number): string[] {
  const days = Math.max(0, Math.floor(guestFutureOrderDates));
  return Array.from({ length: days + 1 }, (_, offset) => addDays(today, offset));
}
