import { describe, expect, test } from "vitest";
import { type DayHours, hoursOn, type OpeningStatus, openingStatus, type WeeklyHours } from "./opening-hours";

const COPENHAGEN = "Europe/Copenhagen";
const MONDAY = "2026-11-23";
const TUESDAY = "2026-11-24";
const SATURDAY = "2026-11-28";
const SUNDAY = "2026-11-29";

const WEEK: WeeklyHours = [
  { weekday: 1, opens: "11:00", closes: "21:00" },
  { weekday: 2, opens: "11:00", closes: "21:00" },
  { weekday: 6, opens: "00:00", closes: "24:00" },
  { weekday: 7, opens: "12:00", closes: "12:00" },
];

describe("hoursOn", () => {
  const cases: { behaviour: string; date: string; closedDates?: string[]; hours: DayHours | null }[] = [
    { behaviour: "the weekday's hours", date: MONDAY, hours: { opens: "11:00", closes: "21:00" } },
    { behaviour: "a whole day up to 24:00", date: SATURDAY, hours: { opens: "00:00", closes: "24:00" } },
    { behaviour: "closed on a weekday without hours", date: "2026-11-25", hours: null },
    { behaviour: "closed on a closed date", date: TUESDAY, closedDates: [TUESDAY], hours: null },
    { behaviour: "closed when it would close as it opens", date: SUNDAY, hours: null },
  ];
  for (const { behaviour, date, closedDates = [], hours } of cases) {
    test(behaviour, () => {
      expect(hoursOn(date, WEEK, closedDates)).toEqual(hours);
    });
  }
});

describe("openingStatus", () => {
  const cases: { behaviour: string; now: string; closedDates?: string[]; status: OpeningStatus }[] = [
    {
      behaviour: "open during the day's hours",
      now: "2026-11-23T11:15:00.000Z", // 12:15 in Copenhagen
      status: { date: MONDAY, opens: "11:00", closes: "21:00", isOpen: true },
    },
    {
      behaviour: "open from the opening minute",
      now: "2026-11-23T10:00:00.000Z", // 11:00 in Copenhagen
      status: { date: MONDAY, opens: "11:00", closes: "21:00", isOpen: true },
    },
    {
      behaviour: "closed before opening, with the day's hours",
      now: "2026-11-23T09:59:00.000Z", // 10:59 in Copenhagen
      status: { date: MONDAY, opens: "11:00", closes: "21:00", isOpen: false },
    },
    {
      behaviour: "closed from the closing minute",
      now: "2026-11-23T20:00:00.000Z", // 21:00 in Copenhagen
      status: { date: MONDAY, opens: "11:00", closes: "21:00", isOpen: false },
    },
    {
      behaviour: "uses the local date, not the UTC date",
      now: "2026-11-23T23:30:00.000Z", // Tuesday 00:30 in Copenhagen
      status: { date: TUESDAY, opens: "11:00", closes: "21:00", isOpen: false },
    },
    {
      behaviour: "open in the last minute of a day open until 24:00",
      now: "2026-11-28T22:59:00.000Z", // Saturday 23:59 in Copenhagen
      status: { date: SATURDAY, opens: "00:00", closes: "24:00", isOpen: true },
    },
    {
      behaviour: "closed without hours on a closed date",
      now: "2026-11-24T11:00:00.000Z",
      closedDates: [TUESDAY],
      status: { date: TUESDAY, opens: null, closes: null, isOpen: false },
    },
  ];
  for (const { behaviour, now, closedDates = [], status } of cases) {
    test(behaviour, () => {
      expect(openingStatus(new Date(now), COPENHAGEN, WEEK, closedDates)).toEqual(status);
    });
  }
});
