import { describe, expect, test } from "vitest";
import { endOfDaySearch, periodFromSearch, periodSearch, presetRange, rangeError } from "./date-range";

describe("presetRange", () => {
  const custom = { from: "2026-01-05", to: "2026-01-09" };
  const cases = [
    { preset: "today", today: "2026-10-25", range: { from: "2026-10-25", to: "2026-10-25" } },
    { preset: "yesterday", today: "2026-03-01", range: { from: "2026-02-28", to: "2026-02-28" } },
    { preset: "last7", today: "2026-10-27", range: { from: "2026-10-21", to: "2026-10-27" } },
    { preset: "month", today: "2026-10-27", range: { from: "2026-10-01", to: "2026-10-27" } },
    { preset: "month", today: "2026-11-01", range: { from: "2026-11-01", to: "2026-11-01" } },
    { preset: "custom", today: "2026-10-27", range: custom },
  ] as const;
  for (const { preset, today, range } of cases) {
    test(`${preset} on ${today} is ${range.from} to ${range.to}`, () => {
      expect(presetRange(preset, today, custom)).toEqual(range);
    });
  }
});

describe("rangeError", () => {
  test("a whole range of up to 366 days is fine", () => {
    expect(rangeError({ from: "2026-01-01", to: "2027-01-01" })).toBeNull();
  });
  test("a date not in the calendar is named on its field", () => {
    expect(rangeError({ from: "2026-02-30", to: "2026-03-01" })).toEqual({
      field: "from",
      code: "Figures.MissingDate",
    });
  });
  test("a missing date is named on its field", () => {
    expect(rangeError({ from: "", to: "2026-01-01" })).toEqual({ field: "from", code: "Figures.MissingDate" });
    expect(rangeError({ from: "2026-01-01", to: "" })).toEqual({ field: "to", code: "Figures.MissingDate" });
  });
  test("an end before the start is refused on the end", () => {
    expect(rangeError({ from: "2026-01-02", to: "2026-01-01" })).toEqual({ field: "to", code: "Figures.ToBeforeFrom" });
  });
  test("more than 366 days is refused on the end", () => {
    expect(rangeError({ from: "2026-01-01", to: "2027-01-02" })).toEqual({ field: "to", code: "Figures.TooLong" });
  });
});

describe("periodFromSearch", () => {
  const read = (search: string) => periodFromSearch(new URLSearchParams(search));
  test("no period in the address is today", () => {
    expect(read("")).toEqual({ preset: "today", custom: null, unreadable: false });
  });
  test("a named preset", () => {
    expect(read("?period=last7")).toEqual({ preset: "last7", custom: null, unreadable: false });
  });
  test("chosen dates", () => {
    expect(read("?from=2026-10-01&to=2026-10-07")).toEqual({
      preset: "custom",
      custom: { from: "2026-10-01", to: "2026-10-07" },
      unreadable: false,
    });
  });
  const unreadable = [
    "?period=forever",
    "?period=custom",
    "?from=2026-10-07&to=2026-10-01",
    "?from=2026-02-30&to=2026-03-01",
    "?from=2026-10-01",
    "?from=yesterday&to=today",
    "?from=2026-01-01&to=2027-01-02",
  ];
  for (const search of unreadable) {
    test(`${search} cannot be shown: today, said so`, () => {
      expect(read(search)).toEqual({ preset: "today", custom: null, unreadable: true });
    });
  }
});

describe("periodSearch", () => {
  const periods = [
    { preset: "today", custom: null },
    { preset: "yesterday", custom: null },
    { preset: "month", custom: null },
    { preset: "custom", custom: { from: "2026-10-01", to: "2026-10-07" } },
  ] as const;
  for (const period of periods) {
    test(`${period.preset} reads back as itself`, () => {
      expect(periodFromSearch(periodSearch(period))).toEqual({ ...period, unreadable: false });
    });
  }
  test("today is the address without a period", () => {
    expect(periodSearch({ preset: "today", custom: null }).toString()).toBe("");
  });
});

describe("endOfDaySearch", () => {
  test("holds the day and the figures' period to return to", () => {
    expect(endOfDaySearch({ preset: "last7", custom: null }, "2026-10-27").toString()).toBe(
      "period=last7&date=2026-10-27",
    );
  });
  test("leaves out a day that is not in the calendar", () => {
    expect(endOfDaySearch({ preset: "today", custom: null }, "2026-02-30").toString()).toBe("");
  });
});
