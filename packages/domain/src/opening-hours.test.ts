import { describe, expect, test } from "vitest";
import {
  type DayHours,
  dateSpan,
  type HoursRules,
  intervalsTouching,
  type OpeningStatus,
  openingStatus,
  rangesOn,
} from "./opening-hours";

const COPENHAGEN = "Europe/Copenhagen";
const MONDAY = "2026-11-23";
const TUESDAY = "2026-11-24";
const FRIDAY = "2026-11-27";
const SATURDAY = "2026-11-28";
const SUNDAY = "2026-11-29";

const WEEK: HoursRules = {
  weekly: [
    { weekday: 1, opens: "17:00", closes: "21:00" },
    { weekday: 1, opens: "11:00", closes: "14:00" },
    { weekday: 2, opens: "11:00", closes: "21:00" },
    { weekday: 5, opens: "18:00", closes: "02:00" },
    { weekday: 6, opens: "00:00", closes: "24:00" },
  ],
};

describe("rangesOn", () => {
  const cases: { behaviour: string; date: string; rules?: Partial<HoursRules>; ranges: DayHours[] }[] = [
    {
      behaviour: "several ranges of a weekday, earliest first",
      date: MONDAY,
      ranges: [
        { opens: "11:00", closes: "14:00" },
        { opens: "17:00", closes: "21:00" },
      ],
    },
    {
      behaviour: "a range past midnight belongs to the day it opens",
      date: FRIDAY,
      ranges: [{ opens: "18:00", closes: "02:00" }],
    },
    { behaviour: "none on a weekday without hours", date: "2026-11-25", ranges: [] },
    { behaviour: "none on a closed date", date: TUESDAY, rules: { closedDates: [TUESDAY] }, ranges: [] },
    {
      behaviour: "special hours replace the weekday's",
      date: MONDAY,
      rules: { special: [{ date: MONDAY, opens: "12:00", closes: "15:00" }] },
      ranges: [{ opens: "12:00", closes: "15:00" }],
    },
    {
      behaviour: "a closed date wins over special hours",
      date: MONDAY,
      rules: { special: [{ date: MONDAY, opens: "12:00", closes: "15:00" }], closedDates: [MONDAY] },
      ranges: [],
    },
  ];
  for (const { behaviour, date, rules, ranges } of cases) {
    test(behaviour, () => {
      expect(rangesOn(date, { ...WEEK, ...rules })).toEqual(ranges);
    });
  }
});

describe("openingStatus", () => {
  const cases: { behaviour: string; now: string; rules?: Partial<HoursRules>; status: OpeningStatus }[] = [
    {
      behaviour: "open in the day's first range",
      now: "2026-11-23T11:15:00.000Z", // 12:15 in Copenhagen
      status: { date: MONDAY, opens: "11:00", closes: "14:00", isOpen: true },
    },
    {
      behaviour: "closed between two ranges, showing the next",
      now: "2026-11-23T14:00:00.000Z", // 15:00
      status: { date: MONDAY, opens: "17:00", closes: "21:00", isOpen: false },
    },
    {
      behaviour: "open in the second range from its opening minute",
      now: "2026-11-23T16:00:00.000Z", // 17:00
      status: { date: MONDAY, opens: "17:00", closes: "21:00", isOpen: true },
    },
    {
      behaviour: "closed from the closing minute of the last range, showing it",
      now: "2026-11-23T20:00:00.000Z", // 21:00
      status: { date: MONDAY, opens: "17:00", closes: "21:00", isOpen: false },
    },
    {
      behaviour: "uses the local date, not the UTC date",
      now: "2026-11-23T23:30:00.000Z", // Tuesday 00:30 in Copenhagen
      status: { date: TUESDAY, opens: "11:00", closes: "21:00", isOpen: false },
    },
    {
      behaviour: "open after midnight in Friday's range that runs to 02:00",
      now: "2026-11-28T00:30:00.000Z", // Saturday 01:30
      status: { date: SATURDAY, opens: "18:00", closes: "02:00", isOpen: true },
    },
    {
      behaviour: "the night belongs to Friday: a closed Saturday does not cut it short",
      now: "2026-11-28T00:30:00.000Z",
      rules: { closedDates: [SATURDAY] },
      status: { date: SATURDAY, opens: "18:00", closes: "02:00", isOpen: true },
    },
    {
      behaviour: "a closed Friday removes its night too",
      now: "2026-11-28T00:30:00.000Z",
      rules: { closedDates: [FRIDAY, SATURDAY] },
      status: { date: SATURDAY, opens: null, closes: null, isOpen: false },
    },
    {
      behaviour: "open in the last minute of a day open until 24:00",
      now: "2026-11-28T22:59:00.000Z", // Saturday 23:59
      status: { date: SATURDAY, opens: "00:00", closes: "24:00", isOpen: true },
    },
    {
      behaviour: "closed without hours on a closed date",
      now: "2026-11-24T11:00:00.000Z",
      rules: { closedDates: [TUESDAY] },
      status: { date: TUESDAY, opens: null, closes: null, isOpen: false },
    },
    {
      behaviour: "special hours decide the day",
      now: "2026-11-29T12:00:00.000Z", // Sunday 13:00
      rules: { special: [{ date: SUNDAY, opens: "12:00", closes: "14:00" }] },
      status: { date: SUNDAY, opens: "12:00", closes: "14:00", isOpen: true },
    },
  ];
  for (const { behaviour, now, rules, status } of cases) {
    test(behaviour, () => {
      expect(openingStatus(new Date(now), COPENHAGEN, { ...WEEK, ...rules })).toEqual(status);
    });
  }
});

describe("hours on the DST nights of Copenhagen", () => {
  const night = (date: string): HoursRules => ({ weekly: [], special: [{ date, opens: "01:00", closes: "03:00" }] });
  const hoursOf = (date: string) =>
    intervalsTouching(date, night(date), COPENHAGEN).map((i) => (i.endMs - i.startMs) / 3_600_000);

  test("01:00–03:00 lasts one hour on 2026-03-29 (02:00 → 03:00)", () => {
    expect(hoursOf("2026-03-29")).toEqual([1]);
  });

  test("01:00–03:00 lasts three hours on 2026-10-25 (03:00 → 02:00)", () => {
    expect(hoursOf("2026-10-25")).toEqual([3]);
  });

  test("open at 01:30 (winter time) and at both 02:30s of the fall-back night", () => {
    const rules = night("2026-10-25");
    for (const now of ["2026-10-24T23:30:00.000Z", "2026-10-25T00:30:00.000Z", "2026-10-25T01:30:00.000Z"]) {
      expect(openingStatus(new Date(now), COPENHAGEN, rules).isOpen).toBe(true);
    }
    expect(openingStatus(new Date("2026-10-25T02:00:00.000Z"), COPENHAGEN, rules).isOpen).toBe(false);
  });

  test("a range that lies in the skipped hour is no range", () => {
    const rules: HoursRules = { weekly: [], special: [{ date: "2026-03-29", opens: "02:00", closes: "03:00" }] };
    expect(intervalsTouching("2026-03-29", rules, COPENHAGEN)).toEqual([]);
  });
});

describe("dateSpan", () => {
  test("the first opening and the last closing of the date's ranges", () => {
    expect(dateSpan(MONDAY, WEEK, COPENHAGEN)).toEqual({ opens: "11:00", closes: "21:00" });
    expect(dateSpan(FRIDAY, WEEK, COPENHAGEN)).toEqual({ opens: "18:00", closes: "02:00" });
    expect(dateSpan("2026-11-25", WEEK, COPENHAGEN)).toBeNull();
  });

  test("a date reached only by the evening before's range opens at 00:00", () => {
    const rules: HoursRules = { weekly: [{ weekday: 5, opens: "18:00", closes: "02:00" }] };
    expect(dateSpan(SATURDAY, rules, COPENHAGEN)).toEqual({ opens: "00:00", closes: "02:00" });
  });
});
