import { describe, expect, test } from "vitest";
import {
  addDays,
  formatHhMm,
  formatterPerZone,
  isoWeekdayOf,
  type LocalParts,
  localParts,
  parseHhMm,
  zonedTimeToUtc,
} from "./local-time";

const COPENHAGEN = "Europe/Copenhagen";

describe("localParts", () => {
  const cases: { behaviour: string; instant: string; timeZone: string; parts: LocalParts }[] = [
    {
      behaviour: "winter time in Copenhagen is UTC+1",
      instant: "2026-11-23T11:15:00.000Z",
      timeZone: COPENHAGEN,
      parts: { date: "2026-11-23", isoWeekday: 1, hour: 12, minute: 15, minutesOfDay: 735 },
    },
    {
      behaviour: "summer time in Copenhagen is UTC+2",
      instant: "2026-07-01T10:00:00.000Z",
      timeZone: COPENHAGEN,
      parts: { date: "2026-07-01", isoWeekday: 3, hour: 12, minute: 0, minutesOfDay: 720 },
    },
    {
      behaviour: "late UTC evening is already the next local day",
      instant: "2026-11-22T23:30:00.000Z",
      timeZone: COPENHAGEN,
      parts: { date: "2026-11-23", isoWeekday: 1, hour: 0, minute: 30, minutesOfDay: 30 },
    },
    {
      behaviour: "a Sunday is weekday 7",
      instant: "2026-11-22T12:00:00.000Z",
      timeZone: "UTC",
      parts: { date: "2026-11-22", isoWeekday: 7, hour: 12, minute: 0, minutesOfDay: 720 },
    },
    {
      behaviour: "seconds are dropped, not rounded",
      instant: "2026-11-23T11:15:59.999Z",
      timeZone: "UTC",
      parts: { date: "2026-11-23", isoWeekday: 1, hour: 11, minute: 15, minutesOfDay: 675 },
    },
  ];
  for (const { behaviour, instant, timeZone, parts } of cases) {
    test(behaviour, () => {
      expect(localParts(new Date(instant), timeZone)).toEqual(parts);
    });
  }

  test("a minute asked again is answered as before, whatever its seconds, and per zone", () => {
    const first = localParts(new Date("2026-11-23T11:15:05Z"), COPENHAGEN);
    expect(localParts(new Date("2026-11-23T11:15:55Z"), COPENHAGEN)).toBe(first);
    expect(localParts(new Date("2026-11-23T11:15:05Z"), "UTC")).toMatchObject({ hour: 11, minute: 15 });
    expect(localParts(new Date("2026-11-23T11:16:00Z"), COPENHAGEN)).toMatchObject({ hour: 12, minute: 16 });
    expect(Object.isFrozen(first)).toBe(true);
  });

  test("an instant from before whole-minute offsets keeps its seconds: Copenhagen's mean time was +0:53:28", () => {
    expect(localParts(new Date("1890-06-01T00:00:00Z"), COPENHAGEN)).toMatchObject({ hour: 0, minute: 53 });
    expect(localParts(new Date("1890-06-01T00:00:45Z"), COPENHAGEN)).toMatchObject({ hour: 0, minute: 54 });
  });
});

describe("zonedTimeToUtc", () => {
  const cases = [
    { behaviour: "noon in winter", date: "2026-11-23", minutes: 720, utc: "2026-11-23T11:00:00.000Z" },
    { behaviour: "noon in summer", date: "2026-07-01", minutes: 720, utc: "2026-07-01T10:00:00.000Z" },
    {
      behaviour: "24:00 is the next day's midnight",
      date: "2026-11-23",
      minutes: 1440,
      utc: "2026-11-23T23:00:00.000Z",
    },
    {
      behaviour: "spring forward: midnight still in winter time",
      date: "2026-03-29",
      minutes: 0,
      utc: "2026-03-28T23:00:00.000Z",
    },
    {
      behaviour: "spring forward: 01:59 is the last winter-time minute",
      date: "2026-03-29",
      minutes: 119,
      utc: "2026-03-29T00:59:00.000Z",
    },
    {
      behaviour: "spring forward: a skipped time moves forward by the gap",
      date: "2026-03-29",
      minutes: 150,
      utc: "2026-03-29T01:30:00.000Z",
    },
    {
      behaviour: "spring forward: 03:00 is the first summer-time minute",
      date: "2026-03-29",
      minutes: 180,
      utc: "2026-03-29T01:00:00.000Z",
    },
    {
      behaviour: "spring forward: the day ends in summer time",
      date: "2026-03-29",
      minutes: 1440,
      utc: "2026-03-29T22:00:00.000Z",
    },
    {
      behaviour: "fall back: midnight still in summer time",
      date: "2026-10-25",
      minutes: 0,
      utc: "2026-10-24T22:00:00.000Z",
    },
    {
      behaviour: "fall back: a repeated time means its first occurrence",
      date: "2026-10-25",
      minutes: 150,
      utc: "2026-10-25T00:30:00.000Z",
    },
    {
      behaviour: "fall back: 03:00 is in winter time",
      date: "2026-10-25",
      minutes: 180,
      utc: "2026-10-25T02:00:00.000Z",
    },
    {
      behaviour: "fall back: the day ends in winter time",
      date: "2026-10-25",
      minutes: 1440,
      utc: "2026-10-25T23:00:00.000Z",
    },
    {
      behaviour: "UTC is unchanged",
      date: "2026-03-29",
      minutes: 150,
      utc: "2026-03-29T02:30:00.000Z",
      timeZone: "UTC",
    },
  ];
  for (const { behaviour, date, minutes, utc, timeZone = COPENHAGEN } of cases) {
    test(behaviour, () => {
      expect(zonedTimeToUtc(date, minutes, timeZone).toISOString()).toBe(utc);
    });
  }

  test("refuses a date that does not exist", () => {
    expect(() => zonedTimeToUtc("2026-02-30", 0, COPENHAGEN)).toThrow(RangeError);
  });
});

describe("addDays", () => {
  const cases = [
    { behaviour: "adds within a month", date: "2026-11-23", days: 1, result: "2026-11-24" },
    { behaviour: "crosses a month end", date: "2026-01-31", days: 1, result: "2026-02-01" },
    { behaviour: "crosses a year end", date: "2026-12-31", days: 1, result: "2027-01-01" },
    { behaviour: "knows leap days", date: "2028-02-28", days: 1, result: "2028-02-29" },
    { behaviour: "goes back with a negative count", date: "2026-03-01", days: -1, result: "2026-02-28" },
    { behaviour: "is unaffected by DST changes", date: "2026-03-28", days: 2, result: "2026-03-30" },
    { behaviour: "reads a year below 100 as written (not 19xx)", date: "0001-01-01", days: 1, result: "0001-01-02" },
    { behaviour: "crosses into a year below 100", date: "0100-01-01", days: -1, result: "0099-12-31" },
  ];
  for (const { behaviour, date, days, result } of cases) {
    test(behaviour, () => {
      expect(addDays(date, days)).toBe(result);
    });
  }
});

describe("isoWeekdayOf", () => {
  const cases = [
    { behaviour: "Monday is 1", date: "2026-11-23", weekday: 1 },
    { behaviour: "Saturday is 6", date: "2026-11-28", weekday: 6 },
    { behaviour: "Sunday is 7", date: "2026-11-29", weekday: 7 },
    { behaviour: "1 January of year 1 (proleptic Gregorian) is a Monday", date: "0001-01-01", weekday: 1 },
  ];
  for (const { behaviour, date, weekday } of cases) {
    test(behaviour, () => {
      expect(isoWeekdayOf(date)).toBe(weekday);
    });
  }
});

describe("parseHhMm", () => {
  const cases = [
    { behaviour: "midnight is 0", text: "00:00", minutes: 0 },
    { behaviour: "reads hours and minutes", text: "11:15", minutes: 675 },
    { behaviour: "reads the last minute of the day", text: "23:59", minutes: 1439 },
    { behaviour: "24:00 is the end of the day", text: "24:00", minutes: 1440 },
  ];
  for (const { behaviour, text, minutes } of cases) {
    test(behaviour, () => {
      expect(parseHhMm(text)).toBe(minutes);
    });
  }

  const invalid = [
    { behaviour: "refuses a single-digit hour", text: "9:00" },
    { behaviour: "refuses hours past 24", text: "25:00" },
    { behaviour: "refuses minutes past 59", text: "10:60" },
    { behaviour: "refuses a time after 24:00", text: "24:15" },
    { behaviour: "refuses seconds", text: "10:00:00" },
  ];
  for (const { behaviour, text } of invalid) {
    test(behaviour, () => {
      expect(() => parseHhMm(text)).toThrow(RangeError);
    });
  }
});

describe("formatHhMm", () => {
  const cases = [
    { behaviour: "pads hours and minutes", minutes: 65, text: "01:05" },
    { behaviour: "midnight is 00:00", minutes: 0, text: "00:00" },
    { behaviour: "the end of the day is 24:00", minutes: 1440, text: "24:00" },
  ];
  for (const { behaviour, minutes, text } of cases) {
    test(behaviour, () => {
      expect(formatHhMm(minutes)).toBe(text);
    });
  }

  test("refuses minutes outside the day", () => {
    expect(() => formatHhMm(1441)).toThrow(RangeError);
  });
});

describe("formatterPerZone", () => {
  test("makes one formatter per time zone, on first use, and hands the same one back after", () => {
    const made: string[] = [];
    const formatterOf = formatterPerZone((timeZone) => {
      made.push(timeZone);
      return new Intl.DateTimeFormat("en-US", { timeZone, hour: "2-digit", hourCycle: "h23" });
    });
    const noon = new Date("2026-11-23T12:00:00Z");
    expect(formatterOf("Europe/Copenhagen").format(noon)).toBe("13");
    expect(formatterOf("America/New_York").format(noon)).toBe("07");
    expect(formatterOf("Europe/Copenhagen")).toBe(formatterOf("Europe/Copenhagen"));
    expect(made).toEqual(["Europe/Copenhagen", "America/New_York"]);
  });
});
