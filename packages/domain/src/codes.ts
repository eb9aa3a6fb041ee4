import { addDays, localParts, zonedTimeToUtc } from "./local-time";

/**
 * Discount and gift-card codes are matched ignoring case and surrounding space: they are stored
 * upper-case, and every lookup normalizes what the guest typed the same way.
 */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * A code's validity is entered as the restaurant's local calendar dates: valid from the start of the first day
 * to the end of the last, on the restaurant's clock. The instants follow the day's real length, so a code
 * valid until 2026-10-25 in Copenhagen ends at 23:59:59.999 CET, not an hour off after the clocks went back.
 */
export function startOfLocalDate(date: string, timeZone: string): Date {
  return zonedTimeToUtc(date, 0, timeZone);
}

/** The last millisecond of `date` in `timeZone` (validUntil is inclusive: domain discount.ts). */
export function endOfLocalDate(date: string, timeZone: string): Date {
  return new Date(zonedTimeToUtc(addDays(date, 1), 0, timeZone).getTime() - 1);
}

/** Whether the calendar date `date` (YYYY-MM-DD) is over in `timeZone` at `now`: today is not. */
export function isBeforeLocalToday(date: string, now: Date, timeZone: string): boolean {
  return date < localDateOf(now, timeZone);
}

/** The restaurant's calendar date of a stored validity instant, as the back office shows and edits it. */
export function localDateOf(instant: Date, timeZone: string): string {
  return localParts(instant, timeZone).date;
}
