/**
 * When a sold-out item or a pause of online ordering ends by itself (issue 44), on the restaurant's own clock:
 * "until the end of today" is the restaurant's next local midnight and "until 23:30" is 23:30 where the
 * restaurant is, on the day it is said, whatever the offset from UTC is that day (a DST change included).
 * Pure: the instant and the IANA zone come in as arguments.
 */
import { addDays, localParts, parseHhMm, zonedTimeToUtc } from "./local-time";

const MINUTE_MS = 60_000;

/** The restaurant's next local midnight after `now`: the end of its day. */
export function endOfLocalDay(now: Date, timeZone: string): Date {
  return zonedTimeToUtc(addDays(localParts(now, timeZone).date, 1), 0, timeZone);
}

export type SoldOutEnd =
  | { kind: "end-of-day" }
  /** A local time of today, HH:MM. */
  | { kind: "time"; time: string }
  | { kind: "restored" };

/**
 * The instant a sold-out item comes back: null until staff restore it. A time that is not later than now
 * today is refused ("time-passed"), not moved to tomorrow: at 14:05 "until 14:00" is a slip of the finger,
 * and an item silently sold out until tomorrow afternoon would cost a day's sales unnoticed.
 */
export function soldOutUntil(
  end: SoldOutEnd,
  now: Date,
  timeZone: string,
): { until: Date | null } | { refused: "time-passed" } {
  switch (end.kind) {
    case "restored":
      return { until: null };
    case "end-of-day":
      return { until: endOfLocalDay(now, timeZone) };
    case "time": {
      const until = zonedTimeToUtc(localParts(now, timeZone).date, parseHhMm(end.time), timeZone);
      return until.getTime() > now.getTime() ? { until } : { refused: "time-passed" };
    }
  }
}

export type PauseChange =
  | { kind: "pause"; minutes: number }
  | { kind: "pause-today" }
  | { kind: "busy"; minutes: number }
  | { kind: "resume" };

/** What the restaurant's ordering pause row holds after a change. */
export type OrderingPauseState = { pausedUntil: Date | null; busyMinutes: number; busyUntil: Date | null };

/**
 * The pause after `change`: a pause for N minutes ends N minutes from now; "pause today" and busy mode end at
 * the end of the restaurant's day (a busy mode nobody remembers to lift is over by tomorrow's service). A pause
 * leaves busy mode as it is (the rush is still on when ordering reopens); resume ends both.
 */
export function changeOrderingPause(
  current: OrderingPauseState,
  change: PauseChange,
  now: Date,
  timeZone: string,
): OrderingPauseState {
  const still = activeOrderingPause(current, now);
  switch (change.kind) {
    case "pause":
      return { ...still, pausedUntil: new Date(now.getTime() + change.minutes * MINUTE_MS) };
    case "pause-today":
      return { ...still, pausedUntil: endOfLocalDay(now, timeZone) };
    case "busy":
      return { ...still, busyMinutes: change.minutes, busyUntil: endOfLocalDay(now, timeZone) };
    case "resume":
      return { pausedUntil: null, busyMinutes: 0, busyUntil: null };
  }
}

/** The pause as it stands at `now`: times that have passed mean nothing (reads only read, nothing is cleared). */
export function activeOrderingPause(state: OrderingPauseState, now: Date): OrderingPauseState {
  const paused = state.pausedUntil !== null && state.pausedUntil.getTime() > now.getTime();
  const busy = state.busyUntil !== null && state.busyUntil.getTime() > now.getTime() && state.busyMinutes > 0;
  return {
    pausedUntil: paused ? state.pausedUntil : null,
    busyMinutes: busy ? state.busyMinutes : 0,
    busyUntil: busy ? state.busyUntil : null,
  };
}

/** Whether a sold-out row with this `until` still counts at `now` (null: until restored). */
export function stillSoldOut(until: Date | null, now: Date): boolean {
  return until === null || until.getTime() > now.getTime();
}

/** The earliest `until` still to come among the rows: when a kept answer made of them stops being true. */
export function earliestEnd(untils: readonly (Date | null)[], now: Date): Date | null {
  let earliest: Date | null = null;
  for (const until of untils) {
    if (until && until.getTime() > now.getTime() && (!earliest || until < earliest)) earliest = until;
  }
  return earliest;
}
