/**
 * A restaurant's hours: weekly ranges (several a day), special hours on dates (replacing that weekday's
 * ranges) and closed dates. A range whose closing time is at or before its opening time runs past midnight:
 * Friday 18:00–02:00 covers Saturday 00:00–02:00. "24:00" closes at midnight. The night belongs to the
 * evening it started: a closed Saturday does not cut Friday's range short, a closed Friday removes it whole.
 *
 * Ranges become real-time intervals through the restaurant's time zone (zonedTimeToUtc), so a range's length
 * follows the clock on DST nights: 01:00–03:00 lasts one hour on 2026-03-29 in Copenhagen and three on
 * 2026-10-25.
 */
import { addDays, isoWeekdayOf, localParts, parseHhMm, zonedTimeToUtc } from "./local-time";

export type DayHours = { opens: string; closes: string };

/** weekday: ISO 1 = Monday … 7 = Sunday; opens/closes: "HH:MM", closes "24:00" = midnight. */
export type WeeklyHours = { weekday: number; opens: string; closes: string }[];

/** Hours on one local date, replacing that weekday's ranges (several entries of a date: several ranges). */
export type SpecialHours = { date: string; opens: string; closes: string }[];

/** Everything that decides when a restaurant is open (or delivers): one kind of hours. */
export type HoursRules = {
  weekly: WeeklyHours;
  special?: SpecialHours;
  closedDates?: readonly string[];
};

/** A range in real time: [startMs, endMs), with the local date it starts on and its wall-clock times. */
export type OpenInterval = { date: string; opens: string; closes: string; startMs: number; endMs: number };

export type OpeningStatus = { date: string; opens: string | null; closes: string | null; isOpen: boolean };

/** Whether a range runs past midnight into the next day: it closes at or before it opens. */
export function runsPastMidnight(range: DayHours): boolean {
  return parseHhMm(range.closes) <= parseHhMm(range.opens);
}

/**
 * The ranges that start on a local date, earliest first: none on a closed date, the date's special hours when
 * it has any, else its weekday's. "12:00"–"12:00" runs past midnight: a whole day.
 */
export function rangesOn(date: string, rules: HoursRules): DayHours[] {
  if (rules.closedDates?.includes(date)) return [];
  const special = (rules.special ?? []).filter((entry) => entry.date === date);
  const weekday = isoWeekdayOf(date);
  const source = special.length > 0 ? special : rules.weekly.filter((entry) => entry.weekday === weekday);
  return source
    .map(({ opens, closes }) => ({ opens, closes }))
    .sort((a, b) => parseHhMm(a.opens) - parseHhMm(b.opens) || parseHhMm(a.closes) - parseHhMm(b.closes));
}

/** The real-time intervals of the ranges that start on `date`; empty ones (a skipped hour) are left out. */
export function intervalsStartingOn(date: string, rules: HoursRules, timeZone: string): OpenInterval[] {
  return rangesOn(date, rules).flatMap((range) => {
    const startMs = zonedTimeToUtc(date, parseHhMm(range.opens), timeZone).getTime();
    const closesOn = runsPastMidnight(range) ? addDays(date, 1) : date;
    const endMs = zonedTimeToUtc(closesOn, parseHhMm(range.closes), timeZone).getTime();
    return endMs > startMs ? [{ date, ...range, startMs, endMs }] : [];
  });
}

/**
 * The intervals that touch a local date: those starting on it and the previous day's that run past midnight
 * into it, in order of start.
 */
export function intervalsTouching(date: string, rules: HoursRules, timeZone: string): OpenInterval[] {
  const dayStartMs = zonedTimeToUtc(date, 0, timeZone).getTime();
  const fromDayBefore = intervalsStartingOn(addDays(date, -1), rules, timeZone).filter(
    (interval) => interval.endMs > dayStartMs,
  );
  return [...fromDayBefore, ...intervalsStartingOn(date, rules, timeZone)].sort((a, b) => a.startMs - b.startMs);
}

/** The interval that holds `instant` (opens inclusive, closes exclusive), or null when closed then. */
export function intervalAt(instant: Date, timeZone: string, rules: HoursRules): OpenInterval | null {
  const atMs = instant.getTime();
  const { date } = localParts(instant, timeZone);
  return intervalsTouching(date, rules, timeZone).find((i) => i.startMs <= atMs && atMs < i.endMs) ?? null;
}

/**
 * Today's hours where the restaurant is, and whether it is open now. Open: the range it is open in (also one
 * that began yesterday evening). Closed: the next range today, else today's last, else none.
 */
export function openingStatus(now: Date, timeZone: string, rules: HoursRules): OpeningStatus {
  const { date } = localParts(now, timeZone);
  const open = intervalAt(now, timeZone, rules);
  if (open) return { date, opens: open.opens, closes: open.closes, isOpen: true };
  const today = intervalsStartingOn(date, rules, timeZone);
  const shown = today.find((interval) => interval.startMs > now.getTime()) ?? today.at(-1);
  return { date, opens: shown?.opens ?? null, closes: shown?.closes ?? null, isOpen: false };
}

/**
 * The first opening and the last closing of a date (what a list of dates shows), or null when nothing is open
 * on it. A range from the evening before that runs into the date counts as opening at "00:00".
 */
export function dateSpan(date: string, rules: HoursRules, timeZone: string): DayHours | null {
  const intervals = intervalsTouching(date, rules, timeZone);
  if (intervals.length === 0) return null;
  const first = intervals[0]!;
  const last = intervals.reduce((latest, interval) => (interval.endMs > latest.endMs ? interval : latest));
  return { opens: first.date === date ? first.opens : "00:00", closes: last.closes };
}
