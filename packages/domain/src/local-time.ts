/**
 * Wall-clock time in the restaurant's time zone. Pure: the instant and the IANA zone name come in
 * as arguments, and the zone rules come from Intl.DateTimeFormat (tz data built into the runtime),
 * so browser and server agree without a date library.
 *
 * Dates are local calendar dates "YYYY-MM-DD"; times of day are minutes since local midnight,
 * where 1440 ("24:00") is the midnight that ends the day.
 */

export type LocalParts = {
  date: string;
  /** 1 = Monday … 7 = Sunday */
  isoWeekday: number;
  hour: number;
  minute: number;
  minutesOfDay: number;
};

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const MINUTES_PER_DAY = 1440;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const HH_MM_PATTERN = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/;

const formatterFor = formatterPerZone(
  (timeZone) =>
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }),
);

const WHOLE_MINUTE_OFFSETS_SINCE_MS = Date.UTC(1973, 0, 1);
const RECENT_PARTS_LIMIT = 10_000;
const recentParts = new Map<string, Readonly<LocalParts>>();

/**
 * The wall clock at `instant` in `timeZone`. Answers are kept per zone and minute: a day's pickup slots ask
 * for the same minutes on every request, and Intl's formatToParts was ~2 % of a placed order's CPU. Every
 * zone's offset has been a whole number of minutes since 1972, so an instant's minute decides its answer.
 */
export function localParts(instant: Date, timeZone: string): Readonly<LocalParts> {
  const ms = instant.getTime();
  if (!(ms >= WHOLE_MINUTE_OFFSETS_SINCE_MS)) return readLocalParts(instant, timeZone);
  const key = `${timeZone} ${Math.floor(ms / MINUTE_MS)}`;
  let parts = recentParts.get(key);
  if (parts === undefined) {
    parts = Object.freeze(readLocalParts(instant, timeZone));
    if (recentParts.size >= RECENT_PARTS_LIMIT) recentParts.clear();
    recentParts.set(key, parts);
  }
  return parts;
}

function readLocalParts(instant: Date, timeZone: string): LocalParts {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const date = `${String(part("year")).padStart(4, "0")}-${pad2(part("month"))}-${pad2(part("day"))}`;
  const hour = part("hour") % 24; // some engines print midnight as 24 even with h23
  const minute = part("minute");
  return { date, isoWeekday: isoWeekdayOf(date), hour, minute, minutesOfDay: hour * 60 + minute };
}

/**
 * The instant when the wall clock in `timeZone` shows `date` + `minutesOfDay`. Across DST changes
 * it follows the usual "compatible" rule (as Temporal does): a time skipped in spring moves forward
 * by the gap (02:30 → 03:30), a time repeated in autumn means its first occurrence.
 */
export function zonedTimeToUtc(date: string, minutesOfDay: number, timeZone: string): Date {
  const wallClockMs = dateToUtcMs(date) + minutesOfDay * MINUTE_MS;
  const offsetBefore = offsetMsAt(wallClockMs - DAY_MS, timeZone);
  const offsetAfter = offsetMsAt(wallClockMs + DAY_MS, timeZone);
  const matching = [offsetBefore, offsetAfter]
    .map((offset) => wallClockMs - offset)
    .filter((instantMs) => offsetMsAt(instantMs, timeZone) === wallClockMs - instantMs);
  if (matching.length > 0) return new Date(Math.min(...matching));
  return new Date(wallClockMs - offsetBefore);
}

export function addDays(date: string, days: number): string {
  return formatUtcDate(dateToUtcMs(date) + days * DAY_MS);
}

/** 1 = Monday … 7 = Sunday */
export function isoWeekdayOf(date: string): number {
  return new Date(dateToUtcMs(date)).getUTCDay() || 7;
}

/** "HH:MM" → minutes since midnight; "24:00" = 1440, the end of the day. */
export function parseHhMm(text: string): number {
  const match = HH_MM_PATTERN.exec(text);
  if (!match) throw new RangeError(`Expected a time as HH:MM, got "${text}"`);
  if (match[1] === undefined || match[2] === undefined) return MINUTES_PER_DAY;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Minutes since midnight → "HH:MM"; 1440 → "24:00". */
export function formatHhMm(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > MINUTES_PER_DAY) {
    throw new RangeError(`Expected whole minutes 0..1440, got ${minutes}`);
  }
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/**
 * One formatter per time zone, made on first use: building a DateTimeFormat costs far more than using
 * one, and slot lists and receipts format many instants.
 */
export function formatterPerZone(
  make: (timeZone: string) => Intl.DateTimeFormat,
): (timeZone: string) => Intl.DateTimeFormat {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let formatter = formatters.get(timeZone);
    if (!formatter) {
      formatter = make(timeZone);
      formatters.set(timeZone, formatter);
    }
    return formatter;
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant (whole minutes). */
function offsetMsAt(instantMs: number, timeZone: string): number {
  const { date, minutesOfDay } = localParts(new Date(instantMs), timeZone);
  const wholeMinuteMs = Math.floor(instantMs / MINUTE_MS) * MINUTE_MS;
  return dateToUtcMs(date) + minutesOfDay * MINUTE_MS - wholeMinuteMs;
}

function dateToUtcMs(date: string): number {
  const match = DATE_PATTERN.exec(date);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0–99 as 1900–1999, and "0001-01-01" failed the check.
  const ms = match ? new Date(0).setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (Number.isNaN(ms) || formatUtcDate(ms) !== date)
    throw new RangeError(`Expected a date as YYYY-MM-DD, got "${date}"`);
  return ms;
}

function formatUtcDate(ms: number): string {
  const day = new Date(ms);
  return `${String(day.getUTCFullYear()).padStart(4, "0")}-${pad2(day.getUTCMonth() + 1)}-${pad2(day.getUTCDate())}`;
}

function pad2(value: number): string {
  return String(value).padStart(2, "0");
}
