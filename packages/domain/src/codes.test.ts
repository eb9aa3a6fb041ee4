import { describe, expect, test } from "vitest";
import { endOfLocalDate, isBeforeLocalToday, localDateOf, normalizeCode, startOfLocalDate } from "./codes";

describe("normalizeCode", () => {
  const cases = [
    { behaviour: "upper-cases", code: "sommer10", normalized: "SOMMER10" },
    { behaviour: "trims surrounding space", code: "  GAVE-500 \t", normalized: "GAVE-500" },
    { behaviour: "keeps inner characters", code: "gave-500", normalized: "GAVE-500" },
    { behaviour: "is idempotent", code: "SOMMER10", normalized: "SOMMER10" },
  ];
  for (const { behaviour, code, normalized } of cases) {
    test(behaviour, () => {
      expect(normalizeCode(code)).toBe(normalized);
    });
  }
});

describe("validity dates on the restaurant's clock", () => {
  const ZONE = "Europe/Copenhagen";
  test("a day of summer time starts at 22:00 UTC the day before", () => {
    expect(startOfLocalDate("2026-07-01", ZONE).toISOString()).toBe("2026-06-30T22:00:00.000Z");
  });
  test("the day the clocks go back is 25 hours long: it ends at 22:59:59.999 UTC", () => {
    expect(startOfLocalDate("2026-10-25", ZONE).toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(endOfLocalDate("2026-10-25", ZONE).toISOString()).toBe("2026-10-25T22:59:59.999Z");
  });
  test("the day the clocks go forward is 23 hours long", () => {
    expect(startOfLocalDate("2026-03-29", ZONE).toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(endOfLocalDate("2026-03-29", ZONE).toISOString()).toBe("2026-03-29T21:59:59.999Z");
  });
  test("reads back as the dates that were entered", () => {
    for (const date of ["2026-03-29", "2026-10-25", "2026-12-31"]) {
      expect(localDateOf(startOfLocalDate(date, ZONE), ZONE)).toBe(date);
      expect(localDateOf(endOfLocalDate(date, ZONE), ZONE)).toBe(date);
    }
  });
  test("a date is over once the restaurant's day after it has begun, not the UTC one", () => {
    const halfPastMidnightInCopenhagen = new Date("2026-11-23T23:30:00Z"); // 24 November, 00:30
    expect(isBeforeLocalToday("2026-11-23", halfPastMidnightInCopenhagen, ZONE)).toBe(true);
    expect(isBeforeLocalToday("2026-11-24", halfPastMidnightInCopenhagen, ZONE)).toBe(false);
    const lateEveningInCopenhagen = new Date("2026-11-23T22:30:00Z"); // 23 November, 23:30
    expect(isBeforeLocalToday("2026-11-23", lateEveningInCopenhagen, ZONE)).toBe(false);
  });
});
