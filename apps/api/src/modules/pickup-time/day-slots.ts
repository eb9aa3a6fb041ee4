/**
 * The slots of one local date, shared by pickup (opening hours, the checkout instance's interval
 * and preparation time) and delivery (delivery hours, the delivery instance's). Capacity is the
 * kitchen's: every order, picked up or delivered, takes its items from the capacity instance's slot.
 */
import type { Executor } from "@app/db";
import {
  addDays,
  intervalAt,
  intervalsTouching,
  localParts,
  type PickupSlot,
  pickupSlotAt,
  pickupSlots,
  type SlotInput,
  zonedTimeToUtc,
} from "@app/domain";
import { unprocessable } from "../../errors";
import { findSlotCapacity, usedBySlot } from "../capacity";
import { findHoursRules } from "../tenancy";

export type DaySlotsInput = {
  productionUnitId: number;
  timeZone: string;
  /** The restaurant's local date YYYY-MM-DD. */
  date: string;
  kind: "opening" | "delivery";
  intervalMinutes: number;
  leadMinutes: number;
  /** Days after today a guest may choose (checkout instance guestFutureOrderDates). */
  futureDays: number;
  capacityInstanceId: number;
  enforceCapacity: boolean;
  /** Product units of the basket the kitchen makes (kitchenItemCount: no gift cards, no bag fee). */
  items: number;
  now: Date;
};

/**
 * An empty basket still needs room for at least one item: a full slot is never offered as available,
 * also not to the GET variant (which asks for an empty basket).
 */
const MIN_ITEMS = 1;

/** The day's slots, or 422 DATE_NOT_ALLOWED for a past date or one beyond the allowed future days. */
export async function daySlots(db: Executor, input: DaySlotsInput): Promise<PickupSlot[]> {
  requireAllowedDate(input.date, input.now, input.timeZone, input.futureDays);
  const dayStart = zonedTimeToUtc(input.date, 0, input.timeZone);
  const dayEnd = zonedTimeToUtc(addDays(input.date, 1), 0, input.timeZone);
  const slots = await slotInput(db, input, { from: dayStart, to: dayEnd });
  return slots ? pickupSlots(slots) : [];
}

/**
 * What the domain computes the date's slots from, with the capacity used in the slots starting within `usage`
 * (the day's, or one slot's); null when the date has no hours.
 */
async function slotInput(
  db: Executor,
  input: DaySlotsInput,
  usage: { from: Date; to: Date },
): Promise<SlotInput | null> {
  // One query after another: `db` may be a transaction (one connection, one query at a time).
  const hours = await findHoursRules(db, input.productionUnitId, input.kind);
  if (intervalsTouching(input.date, hours, input.timeZone).length === 0) return null;
  const capacity = await findSlotCapacity(db, input.capacityInstanceId);
  const used = await usedBySlot(db, input.capacityInstanceId, usage.from, usage.to);
  return {
    date: input.date,
    timeZone: input.timeZone,
    hours,
    intervalMinutes: input.intervalMinutes,
    now: input.now,
    leadMinutes: input.leadMinutes,
    capacity: {
      enforce: input.enforceCapacity,
      itemsPerSlot: capacity.itemsPerSlot,
      rules: capacity.rules,
      usedBySlot: used,
      basketItems: Math.max(MIN_ITEMS, input.items),
    },
  };
}

/** Today … today + futureDays in the restaurant's time zone. */
export function allowedDates(now: Date, timeZone: string, futureDays: number): string[] {
  const today = localParts(now, timeZone).date;
  return Array.from({ length: Math.max(0, futureDays) + 1 }, (_, i) => addDays(today, i));
}

/** `date` is a real calendar date: LocalDate of @app/contracts refuses others as malformed (400). */
export function requireAllowedDate(date: string, now: Date, timeZone: string, futureDays: number): void {
  const dates = allowedDates(now, timeZone, futureDays);
  if (date < dates[0]!) throw unprocessable("DATE_NOT_ALLOWED", "The date is in the past", "date");
  if (date > dates.at(-1)!) {
    throw unprocessable(
      "DATE_NOT_ALLOWED",
      futureDays === 0
        ? "Orders can only be placed for today"
        : `Orders can be placed at most ${futureDays} day${futureDays === 1 ? "" : "s"} ahead`,
      "date",
    );
  }
}

/**
 * Where an instant stands: `closed` when it falls outside the hours (opening or delivery hours: several
 * ranges a day, ranges past midnight, special hours and closed dates); `not-a-slot` when it is not an offered slot start of its date (not
 * on the interval, before now + lead time, or outside the allowed dates); `full` when it is a slot
 * but the basket no longer fits; else `ok`.
 */
export type SlotStatus = "ok" | "full" | "not-a-slot" | "closed";

export async function findSlot(db: Executor, input: Omit<DaySlotsInput, "date">, instant: Date): Promise<SlotStatus> {
  const hours = await findHoursRules(db, input.productionUnitId, input.kind);
  if (!intervalAt(instant, input.timeZone, hours)) return "closed";
  const date = localParts(instant, input.timeZone).date;
  if (!allowedDates(input.now, input.timeZone, input.futureDays).includes(date)) return "not-a-slot";
  // The chosen slot alone: its own usage (a point lookup), not the day's list (three times an order).
  const slots = await slotInput(db, { ...input, date }, { from: instant, to: new Date(instant.getTime() + 1) });
  const slot = slots ? pickupSlotAt(slots, instant) : null;
  if (!slot) return "not-a-slot";
  return slot.isAvailable ? "ok" : "full";
}
