/**
 * A restaurant's weekly opening hours plus dates it is closed (holidays). One opening period per
 * weekday, within the day: "24:00" closes at midnight; a period past midnight is not modelled.
 */
import { isoWeekdayOf, localParts, parseHhMm } from "./local-time";

export type DayHours = { opens: string; closes: string };

/** weekday: ISO 1 = Monday … 7 = Sunday; opens/closes: "HH:MM", closes "24:00" = midnight. */
export type WeeklyHours = { weekday: number; opens: string; closes: string }[];

export type OpeningStatus = { date: string; opens: string | null; closes: string | null; isOpen: boolean };

/**
 * The hours on a local date, or null when closed that day: a closed date, no entry for the
 * weekday, or an entry that does not open before it closes (e.g. "00:00"–"00:00").
 * With several entries for a weekday the first one counts.
 */
export function hoursOn(date: string, weekly: WeeklyHours, closedDates: string[]): DayHours | null {
  if (closedDates.includes(date)) return null;
  const weekday = isoWeekdayOf(date);
  const entry = weekly.find((candidate) => candidate.weekday === weekday);
  if (!entry || parseHhMm(entry.opens) >= parseHhMm(entry.closes)) return null;
  return { opens: entry.opens, closes: entry.closes };
}

/** Today's hours where the restaurant is, and whether it is open now (opens inclusive, closes exclusive). */
export function openingStatus(now: Date, timeZone: string, weekly: WeeklyHours, closedDates: string[]): OpeningStatus {
  const { date, minutesOfDay } = localParts(now, timeZone);
  const hours = hoursOn(date, weekly, closedDates);
  if (!hours) return { date, opens: null, closes: null, isOpen: false };
  const isOpen = minutesOfDay >= parseHhMm(hours.opens) && minutesOfDay < parseHhMm(hours.closes);
  return { date, opens: hours.opens, closes: hours.closes, isOpen };
}
