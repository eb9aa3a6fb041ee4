/**
 * Whether guests can order online right now, from the restaurant's availability and the screen's clock: a pause
 * or busy mode whose end has passed is over without anything being written (the server reads it the same way),
 * so the banner goes at that moment, also with no event.
 */
import type { Availability } from "@app/contracts";

export type OrderingState =
  | { kind: "open" }
  | { kind: "paused"; until: string }
  | { kind: "busy"; minutes: number; until: string };

export function orderingState(availability: Availability, now: Date): OrderingState {
  const { pausedUntil, busyMinutes, busyUntil } = availability;
  if (pausedUntil && Date.parse(pausedUntil) > now.getTime()) return { kind: "paused", until: pausedUntil };
  if (busyMinutes > 0 && busyUntil && Date.parse(busyUntil) > now.getTime()) {
    return { kind: "busy", minutes: busyMinutes, until: busyUntil };
  }
  return { kind: "open" };
}

/** The sold-out items still sold out at `now` (a timed one whose time has passed is back). */
export function stillSoldOut(availability: Availability, now: Date): Availability["soldOut"] {
  return availability.soldOut.filter((item) => item.until === null || Date.parse(item.until) > now.getTime());
}
