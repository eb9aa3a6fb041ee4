import { describe, expect, test } from "vitest";
import { presetRange, rangeError } from "./date-range";

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
