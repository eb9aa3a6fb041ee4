/**
 * What the front page's band says about the restaurant right now: today's hours, open or closed, and the earliest
 * pickup. All by the restaurant's own clock (its time zone), whatever the guest's device says; the pickup comes
 * from the pickup slots the API computes (the same rules the checkout offers), so the band never promises a time
 * the checkout would not.
 */
import type { HoursToday, PickupTimeSlot } from "@app/contracts";
import { localParts, parseHhMm } from "@app/domain";

export type HoursLine = { kind: "all-day" } | { kind: "hours"; open: string; close: string } | { kind: "closed" };

export type PickupPromise =
  /** The earliest free slot, as minutes from now rounded up to five ("ready in about 20 min"). */
  | { kind: "ready-in"; minutes: number }
  /** Closed now, opening later today. */
  | { kind: "opens-at"; time: string }
  /** Nothing more today: closed for the day, or every slot is taken. */
  | { kind: "none-today" }
  /** Staff paused online orders: none can be placed before `time`, whatever the slots after it say. */
  | { kind: "paused-until"; time: string };

export type RestaurantStatus = {
  /** null when the hours the page has are not today's (a tab left open past midnight). */
  hours: HoursLine | null;
  openNow: boolean | null;
  /** null until the day's slots are known. */
  pickup: PickupPromise | null;
};

const MINUTES_PER_DAY = 24 * 60;

export type StatusInput = {
  hours: HoursToday | null;
  timeZone: string;
  now: Date;
  /** Today's pickup slots for an empty basket; null while they load (or when they could not be read). */
  slots: readonly PickupTimeSlot[] | null;
  /**
   * HH:MM until which staff paused online orders, or null: the page's ordering notice (ordering-pause.ts), so the
   * band never says "ready in about 30 min" beside "we are not taking orders", nor the other way round.
   */
  pausedUntil: string | null;
};

export function restaurantStatus({ hours, timeZone, now, slots, pausedUntil }: StatusInput): RestaurantStatus {
  const { date, minutesOfDay } = localParts(now, timeZone);
  const today = hours && hours.date === date ? hours : null;
  const line = today ? hoursLine(today) : null;
  const openNow =
    line === null
      ? null
      : line.kind === "closed"
        ? false
        : line.kind === "all-day" || (minutesOfDay >= parseHhMm(line.open) && minutesOfDay < parseHhMm(line.close));
  return {
    hours: line,
    openNow,
    pickup:
      pausedUntil !== null
        ? { kind: "paused-until", time: pausedUntil }
        : slots === null
          ? null
          : pickupPromise(line, openNow, minutesOfDay, now, slots),
  };
}

function hoursLine(hours: HoursToday): HoursLine {
  if (!hours.open || !hours.close || parseHhMm(hours.open) >= parseHhMm(hours.close)) return { kind: "closed" };
  if (parseHhMm(hours.open) === 0 && parseHhMm(hours.close) === MINUTES_PER_DAY) return { kind: "all-day" };
  return { kind: "hours", open: hours.open, close: hours.close };
}

function pickupPromise(
  line: HoursLine | null,
  openNow: boolean | null,
  minutesOfDay: number,
  now: Date,
  slots: readonly PickupTimeSlot[],
): PickupPromise {
  if (openNow === false && line?.kind === "hours" && minutesOfDay < parseHhMm(line.open)) {
    return { kind: "opens-at", time: line.open };
  }
  const first = slots.find((slot) => slot.isAvailable && Date.parse(slot.time) >= now.getTime());
  if (!first || openNow === false) return { kind: "none-today" };
  const minutes = Math.ceil((Date.parse(first.time) - now.getTime()) / 60_000);
  return { kind: "ready-in", minutes: Math.max(5, Math.ceil(minutes / 5) * 5) };
}

/** Today's local date where the restaurant is (which day's slots to ask for). */
export function restaurantDate(now: Date, timeZone: string): string {
  return localParts(now, timeZone).date;
}
