import { describe, expect, test } from "vitest";
import { LocalDate } from "./common";

describe("LocalDate", () => {
  const cases = [
    { behaviour: "accepts an ordinary date", date: "2026-11-23", valid: true },
    { behaviour: "accepts the last day of a 31-day month", date: "2026-12-31", valid: true },
    { behaviour: "accepts 29 February of a leap year", date: "2028-02-29", valid: true },
    { behaviour: "accepts 29 February of a year divisible by 400", date: "2000-02-29", valid: true },
    { behaviour: "refuses 29 February of a common year", date: "2026-02-29", valid: false },
    { behaviour: "refuses 29 February of a century that is no leap year", date: "2100-02-29", valid: false },
    { behaviour: "refuses 30 February", date: "2026-02-30", valid: false },
    { behaviour: "refuses 31 April", date: "2026-04-31", valid: false },
    { behaviour: "refuses month 13", date: "2026-13-01", valid: false },
    { behaviour: "refuses another format", date: "23-11-2026", valid: false },
    { behaviour: "refuses year 0000, which no calendar has", date: "0000-01-01", valid: false },
    { behaviour: "accepts year 0001", date: "0001-01-01", valid: true },
  ];
  for (const { behaviour, date, valid } of cases) {
    test(behaviour, () => {
      expect(LocalDate.safeParse(date).success).toBe(valid);
    });
  }

  test("names the problem of a date of the right shape that does not exist", () => {
    const result = LocalDate.safeParse("2026-02-30");
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Expected a date that exists in the calendar"]);
  });
});
