/**
 * Pickup (and delivery) time slots for one local date (SPEC §5, §9). The slots of a range start at its
 * opening time and follow every intervalMinutes of real time up to, not including, its closing time. A date
 * lists the slots that start on it: those of its own ranges and of the previous evening's range that runs
 * past midnight. Stepping in real time keeps slots unique across DST changes: in Copenhagen a 00:00–24:00 day
 * has 96 quarter-hour slots, 92 on the spring-forward day and 100 on the fall-back day. Slot times are UTC
 * ISO strings, which also key the capacity already used.
 */
import { type CapacityRule, itemsPerSlotAt } from "./capacity-rules";
import { addDays, zonedTimeToUtc } from "./local-time";
import { type HoursRules, intervalsTouching, type OpenInterval } from "./opening-hours";

const MINUTE_MS = 60_000;

export type SlotCapacity = {
  enforce: boolean;
  /** Items per slot where no rule says otherwise. */
  itemsPerSlot: number;
  /** Items per slot by weekday and time range (capacity-rules.ts). */
  rules?: readonly CapacityRule[];
  /** Items already ordered per slot, keyed by the slot start as ISO UTC. */
  usedBySlot: ReadonlyMap<string, number>;
  basketItems: number;
};

export type SlotInput = {
  /** Local date YYYY-MM-DD in timeZone. */
  date: string;
  timeZone: string;
  /** The opening (or delivery) hours: weekly ranges, special hours, closed dates. */
  hours: HoursRules;
  intervalMinutes: number;
  now: Date;
  leadMinutes: number;
  capacity: SlotCapacity;
};

/** time: ISO 8601 UTC, e.g. 2026-11-23T11:15:00.000Z */
export type PickupSlot = { time: string; isAvailable: boolean };

/** The day's slots from now + lead time on; earlier ones are left out, full ones are unavailable. */
export function pickupSlots(input: SlotInput): PickupSlot[] {
  const earliestMs = input.now.getTime() + input.leadMinutes * MINUTE_MS;
  return slotStarts(input)
    .filter((startMs) => startMs >= earliestMs)
    .map((startMs) => slotAt(input, new Date(startMs)));
}

/**
 * The one slot of `pickupSlots(input)` that starts at `instant`, or null when it lists none there; without
 * building the day's list (a chosen time is checked three times an order). Only that slot's usage is read
 * from `capacity.usedBySlot`.
 */
export function pickupSlotAt(input: SlotInput, instant: Date): PickupSlot | null {
  const atMs = instant.getTime();
  const stepMs = stepOf(input.intervalMinutes);
  const { fromMs, toMs } = dayBounds(input);
  if (atMs < fromMs || atMs >= toMs || atMs < input.now.getTime() + input.leadMinutes * MINUTE_MS) return null;
  const inInterval = intervalsOf(input).some(
    (interval) => atMs >= interval.startMs && atMs < interval.endMs && (atMs - interval.startMs) % stepMs === 0,
  );
  return inInterval ? slotAt(input, instant) : null;
}

/** The items the slot starting at `instant` holds: the capacity rule for its weekday and time, else the default. */
export function slotLimit(input: Pick<SlotInput, "timeZone" | "capacity">, instant: Date): number {
  return itemsPerSlotAt(instant, input.timeZone, input.capacity);
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

function slotAt(input: SlotInput, instant: Date): PickupSlot {
  const time = instant.toISOString();
  const used = input.capacity.usedBySlot.get(time) ?? 0;
  const itemsPerSlot = slotLimit(input, instant);
  return { time, isAvailable: slotFits({ ...input.capacity, itemsPerSlot, used }) };
}

/** Every slot start of the date in real time, in order, each once (overlapping ranges may share starts). */
function slotStarts(input: SlotInput): number[] {
  const stepMs = stepOf(input.intervalMinutes);
  const { fromMs, toMs } = dayBounds(input);
  const starts = new Set<number>();
  for (const interval of intervalsOf(input)) {
    for (let startMs = interval.startMs; startMs < interval.endMs; startMs += stepMs) {
      if (startMs >= fromMs && startMs < toMs) starts.add(startMs);
    }
  }
  return [...starts].sort((a, b) => a - b);
}

function intervalsOf(input: SlotInput): OpenInterval[] {
  return intervalsTouching(input.date, input.hours, input.timeZone);
}

/** The date's real-time span: its local midnight up to the next one. */
function dayBounds(input: Pick<SlotInput, "date" | "timeZone">) {
  const fromMs = zonedTimeToUtc(input.date, 0, input.timeZone).getTime();
  const toMs = zonedTimeToUtc(addDays(input.date, 1), 0, input.timeZone).getTime();
  return { fromMs, toMs };
}

function stepOf(intervalMinutes: number): number {
  if (!Number.isInteger(intervalMinutes) || intervalMinutes < 1) {
    throw new RangeError(`Slot interval must be whole minutes above 0, got ${intervalMinutes}`);
  }
  return intervalMinutes * MINUTE_MS;
}
