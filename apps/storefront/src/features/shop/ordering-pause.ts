/**
 * What the shop says when staff paused online orders or the kitchen is busy (issue 44), from today's hours as the
 * API answers them (HoursToday.orderingPausedUntil, busyMinutes). Pure: the clock and zone come in. A pause
 * whose end has passed says nothing, so the notice goes at the right minute without another read.
 */
import type { HoursToday } from "@app/contracts";
import { formatHhMm, localParts } from "@app/domain";

export type OrderingNotice =
  /** No orders now: try again after `time` (HH:MM on the restaurant's clock). */
  | { kind: "paused"; time: string; untilMs: number }
  /** Orders taken, the earliest pickup `minutes` later than usual. */
  | { kind: "busy"; minutes: number }
  | null;

export function orderingNotice(
  hours: Pick<HoursToday, "orderingPausedUntil" | "busyMinutes"> | null,
  now: Date,
  timeZone: string,
): OrderingNotice {
  const untilMs = hours?.orderingPausedUntil ? Date.parse(hours.orderingPausedUntil) : Number.NaN;
  if (untilMs > now.getTime()) {
    return { kind: "paused", time: formatHhMm(localParts(new Date(untilMs), timeZone).minutesOfDay), untilMs };
  }
  if (hours?.busyMinutes && hours.busyMinutes > 0) return { kind: "busy", minutes: hours.busyMinutes };
  return null;
}
