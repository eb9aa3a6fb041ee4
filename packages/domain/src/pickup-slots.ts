/**
 * Pickup time slots for one local date (SPEC §5, §9). Slots start at the opening time and follow
 * every intervalMinutes of real time up to, not including, the closing time. Stepping in real time
 * keeps slots unique across DST changes: in Copenhagen a 00:00–24:00 day has 96 quarter-hour slots,
 * 92 on the spring-forward day and 100 on the fall-back day. Slot times are UTC ISO strings, which
 * also key the capacity already used.
 */
import { parseHhMm, zonedTimeToUtc } from "./local-time";
import type { DayHours } from "./opening-hours";

const MINUTE_MS = 60_000;

export type SlotCapacity = {
  enforce: boolean;
  itemsPerSlot: number;
  /** Items already ordered per slot, keyed by the slot start as ISO UTC. */
  usedBySlot: ReadonlyMap<string, number>;
  basketItems: number;
};

export type SlotInput = {
  /** Local date YYYY-MM-DD in timeZone. */
  date: string;
  timeZone: string;
  hours: DayHours | null;
  intervalMinutes: number;
  now: Date;
  leadMinutes: number;
  capacity: SlotCapacity;
};

/** time: ISO 8601 UTC, e.g. 2026-11-23T11:15:00.000Z */
export type PickupSlot = { time: string; isAvailable: boolean };

/** The day's slots from now + lead time on; earlier ones are left out, full ones are unavailable. */
export function pickupSlots(input: SlotInput): PickupSlot[] {
  const { capacity } = input;
  const earliestMs = input.now.getTime() + input.leadMinutes * MINUTE_MS;
  return slotStarts(input.date, input.hours, input.intervalMinutes, input.timeZone)
    .filter((start) => start.getTime() >= earliestMs)
    .map((start) => {
      const time = start.toISOString();
      const used = capacity.usedBySlot.get(time) ?? 0;
      return { time, isAvailable: slotFits({ ...capacity, used }) };
    });
}

/**
 * The one slot of `pickupSlots(input)` that starts at `instant`, or null when it lists none there; without
 * building the day's list (a chosen time is checked three times an order). Only that slot's usage is read
 * from `capacity.usedBySlot`.
 */
export function pickupSlotAt(input: SlotInput, instant: Date): PickupSlot | null {
  const atMs = instant.getTime();
  const { opensMs, closesMs, stepMs } = slotBounds(input.date, input.hours, input.intervalMinutes, input.timeZone);
  const earliestMs = input.now.getTime() + input.leadMinutes * MINUTE_MS;
  if (atMs < opensMs || atMs >= closesMs || (atMs - opensMs) % stepMs !== 0 || atMs < earliestMs) return null;
  const time = instant.toISOString();
  const used = input.capacity.usedBySlot.get(time) ?? 0;
  return { time, isAvailable: slotFits({ ...input.capacity, used }) };
}

/** Whether the basket still fits in a slot; without capacity enforcement everything fits. */
export function slotFits(input: {
  itemsPerSlot: number;
  used: number;
  basketItems: number;
  enforce: boolean;
}): boolean {
  return !input.enforce || input.used + input.basketItems <= input.itemsPerSlot;
}

function slotStarts(date: string, hours: DayHours | null, intervalMinutes: number, timeZone: string): Date[] {
  const { opensMs, closesMs, stepMs } = slotBounds(date, hours, intervalMinutes, timeZone);
  const starts: Date[] = [];
  for (let startMs = opensMs; startMs < closesMs; startMs += stepMs) starts.push(new Date(startMs));
  return starts;
}

/** Where the day's slots start and end, in real time; an empty range on a closed day. */
function slotBounds(date: string, hours: DayHours | null, intervalMinutes: number, timeZone: string) {
  if (!hours) return { opensMs: 0, closesMs: 0, stepMs: MINUTE_MS };
  if (!Number.isInteger(intervalMinutes) || intervalMinutes < 1) {
    throw new RangeError(`Slot interval must be whole minutes above 0, got ${intervalMinutes}`);
  }
  const stepMs = intervalMinutes * MINUTE_MS;
  const opensMs = zonedTimeToUtc(date, parseHhMm(hours.opens), timeZone).getTime();
  const closesMs = zonedTimeToUtc(date, parseHhMm(hours.closes), timeZone).getTime();
  return { opensMs, closesMs, stepMs };
}
