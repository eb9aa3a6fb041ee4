/**
 * What the back office's hours and ordering editors refuse beyond the shapes of their fields, shared by the
 * screen (instant feedback on the field) and the API (which decides). A problem names the field as a path of
 * the request body ("weekly.3.closes") and a code the screen words in the user's language.
 */
import { isValidZipCode } from "./guest-validation";
import { parseHhMm } from "./local-time";

export type EditProblemCode = "SAME_TIMES" | "OVERLAP" | "DUPLICATE_DATE" | "INVALID_ZIP" | "DUPLICATE_ZIP";
export type EditProblem = { field: string; code: EditProblemCode };

/** English, for API clients; the back office words the codes itself. */
export const EDIT_PROBLEM_MESSAGES: Record<EditProblemCode, string> = {
  SAME_TIMES: "Opening and closing are the same time; use 00:00–24:00 for a whole day",
  OVERLAP: "This range overlaps another range of the same day",
  DUPLICATE_DATE: "This date is listed twice",
  INVALID_ZIP: "A zip code is 4 digits",
  DUPLICATE_ZIP: "This zip code is listed twice",
};

type Range = { opens: string; closes: string };

export type HoursEdit = {
  weekly: (Range & { kind: string; weekday: number })[];
  special: (Range & { kind: string; date: string })[];
  closed: { date: string }[];
};

export type OrderingEdit = {
  delivery: { zones: { zipCode: string }[] } | null;
  capacity: { rules: { weekday: number; starts: string; ends: string }[] };
};

export function hoursProblems(edit: HoursEdit): EditProblem[] {
  return [
    ...rangeProblems(edit.weekly, (r) => `${r.kind}:${r.weekday}`, "weekly"),
    ...rangeProblems(edit.special, (r) => `${r.kind}:${r.date}`, "special"),
    ...duplicates(
      edit.closed.map((c) => c.date),
      (i) => ({ field: `closed.${i}.date`, code: "DUPLICATE_DATE" }),
    ),
  ];
}

export function orderingProblems(edit: OrderingEdit): EditProblem[] {
  const zones = edit.delivery?.zones ?? [];
  const rules = edit.capacity.rules.map((rule) => ({ weekday: rule.weekday, opens: rule.starts, closes: rule.ends }));
  return [
    ...zones.flatMap((zone, i): EditProblem[] =>
      isValidZipCode(zone.zipCode) ? [] : [{ field: `delivery.zones.${i}.zipCode`, code: "INVALID_ZIP" }],
    ),
    ...duplicates(
      zones.map((zone) => zone.zipCode),
      (i) => ({ field: `delivery.zones.${i}.zipCode`, code: "DUPLICATE_ZIP" }),
    ),
    ...rangeProblems(rules, (r) => String(r.weekday), "capacity.rules", { opens: "starts", closes: "ends" }),
  ];
}

/**
 * Ranges that open as they close, and ranges that overlap an earlier one of the same group (a range past
 * midnight counts up to its closing the next day).
 */
function rangeProblems<R extends Range>(
  ranges: R[],
  groupOf: (range: R) => string,
  prefix: string,
  names = { opens: "opens", closes: "closes" },
): EditProblem[] {
  const problems: EditProblem[] = [];
  ranges.forEach((range, i) => {
    const [start, end] = minutesOf(range);
    if (start === end) {
      problems.push({ field: `${prefix}.${i}.${names.closes}`, code: "SAME_TIMES" });
      return;
    }
    const overlaps = ranges.slice(0, i).some((other) => {
      if (groupOf(other) !== groupOf(range)) return false;
      const [otherStart, otherEnd] = minutesOf(other);
      return otherStart !== otherEnd && start < otherEnd && otherStart < end;
    });
    if (overlaps) problems.push({ field: `${prefix}.${i}.${names.opens}`, code: "OVERLAP" });
  });
  return problems;
}

function minutesOf(range: Range): [number, number] {
  const opens = parseHhMm(range.opens);
  const closes = parseHhMm(range.closes);
  if (opens === closes) return [opens, opens];
  return [opens, closes < opens ? closes + 1440 : closes];
}

function duplicates(values: string[], problem: (index: number) => EditProblem): EditProblem[] {
  return values.flatMap((value, i) => (values.indexOf(value) < i ? [problem(i)] : []));
}
