/**
 * The figures' date range: the presets (today, yesterday, last 7 days, this month) as local dates of the
 * restaurant's clock, and the check of a custom range before it is asked for (the server checks it again).
 */
import { FIGURES_MAX_DAYS } from "@app/contracts";
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

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with a custom range, on the field to fix; null when it can be asked for. */
export function rangeError(range: DateRange): RangeProblem | null {
  if (!DATE.test(range.from)) return { field: "from", code: "Figures.MissingDate" };
  if (!DATE.test(range.to)) return { field: "to", code: "Figures.MissingDate" };
  if (range.to < range.from) return { field: "to", code: "Figures.ToBeforeFrom" };
  if (addDays(range.from, FIGURES_MAX_DAYS - 1) < range.to) return { field: "to", code: "Figures.TooLong" };
  return null;
}
