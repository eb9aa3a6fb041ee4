/**
 * The figures' date range: the presets (today, yesterday, last 7 days, this month) as local dates of the
 * restaurant's clock, the check of a custom range before it is asked for (the server checks it again), and the
 * period as the page's address holds it, so a reload, the Back button and a shared link show the same figures.
 */
import { FIGURES_MAX_DAYS, LocalDate } from "@app/contracts";
import { addDays } from "@app/domain";

export const PRESETS = ["today", "yesterday", "last7", "month", "custom"] as const;
export type Preset = (typeof PRESETS)[number];
export type DateRange = { from: string; to: string };

/** The range a preset means on `today` (the restaurant's local date); custom keeps the range it is given. */
export function presetRange(preset: Preset, today: string, custom: DateRange): DateRange {
  switch (preset) {
    case "today":
      return { from: today, to: today };
    case "yesterday": {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case "last7":
      return { from: addDays(today, -6), to: today };
    case "month":
      return { from: `${today.slice(0, 8)}01`, to: today };
    case "custom":
      return custom;
  }
}

export type RangeProblem = {
  field: "from" | "to";
  code: "Figures.MissingDate" | "Figures.ToBeforeFrom" | "Figures.TooLong";
};

/** A local date "YYYY-MM-DD" that is in the calendar (not "2026-02-30"). */
export const isLocalDate = (text: string): boolean => LocalDate.safeParse(text).success;

/** What is wrong with a custom range, on the field to fix; null when it can be asked for. */
export function rangeError(range: DateRange): RangeProblem | null {
  if (!isLocalDate(range.from)) return { field: "from", code: "Figures.MissingDate" };
  if (!isLocalDate(range.to)) return { field: "to", code: "Figures.MissingDate" };
  if (range.to < range.from) return { field: "to", code: "Figures.ToBeforeFrom" };
  if (addDays(range.from, FIGURES_MAX_DAYS - 1) < range.to) return { field: "to", code: "Figures.TooLong" };
  return null;
}

/** The chosen period: a preset, with the dates of "custom" (null until dates are chosen). */
export type Period = { preset: Preset; custom: DateRange | null };

const TODAY: Period = { preset: "today", custom: null };
const NAMED_PRESETS: readonly string[] = PRESETS.filter((preset) => preset !== "custom");

/**
 * The period the address names: `?period=yesterday` (today when there is none), or chosen dates as
 * `?from=2026-10-01&to=2026-10-07`. An address that cannot be shown (an unknown period, a date not in the calendar,
 * an end before the start, too many days) shows today, and says so through `unreadable`.
 */
export function periodFromSearch(search: URLSearchParams): Period & { unreadable: boolean } {
  const from = search.get("from");
  const to = search.get("to");
  if (from !== null || to !== null) {
    const custom = { from: from ?? "", to: to ?? "" };
    return rangeError(custom) ? { ...TODAY, unreadable: true } : { preset: "custom", custom, unreadable: false };
  }
  const named = search.get("period");
  if (named === null) return { ...TODAY, unreadable: false };
  return NAMED_PRESETS.includes(named)
    ? { preset: named as Preset, custom: null, unreadable: false }
    : { ...TODAY, unreadable: true };
}

/** The address's search of a period: what periodFromSearch reads back as the same period. */
export function periodSearch(period: Period): URLSearchParams {
  if (period.preset === "custom" && period.custom) return new URLSearchParams(period.custom);
  return new URLSearchParams(period.preset === "today" ? {} : { period: period.preset });
}

/**
 * The end-of-day report's address: its day beside the figures' period, so its way back returns to that period.
 * A day that is not in the calendar is left out: the report shows today.
 */
export function endOfDaySearch(period: Period, date: string): URLSearchParams {
  const search = periodSearch(period);
  if (isLocalDate(date)) search.set("date", date);
  return search;
}
