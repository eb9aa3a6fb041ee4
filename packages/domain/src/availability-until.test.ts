import { describe, expect, test } from "vitest";
import {
  activeOrderingPause,
  changeOrderingPause,
  earliestEnd,
  endOfLocalDay,
  type OrderingPauseState,
  soldOutUntil,
  stillSoldOut,
} from "./availability-until";
import { localParts } from "./local-time";

const COPENHAGEN = "Europe/Copenhagen";
const at = (iso: string) => new Date(iso);
const NOT_PAUSED: OrderingPauseState = { pausedUntil: null, busyMinutes: 0, busyUntil: null };
const local = (instant: Date | null) => (instant ? localParts(instant, COPENHAGEN) : null);

// 2026-03-29: Copenhagen's clocks go from 02:00 CET to 03:00 CEST (a 23-hour day).
// 2026-10-25: from 03:00 CEST back to 02:00 CET (a 25-hour day).
describe("sold out across the daylight-saving changes in Europe/Copenhagen", () => {
  const cases = [
    {
      day: "spring, before the change",
      now: "2026-03-29T00:30:00Z",
      endOfDay: "2026-03-29T22:00:00Z",
      at2330: "2026-03-29T21:30:00Z",
    },
    {
      day: "spring, after the change",
      now: "2026-03-29T08:00:00Z",
      endOfDay: "2026-03-29T22:00:00Z",
      at2330: "2026-03-29T21:30:00Z",
    },
    {
      day: "autumn, in the repeated hour",
      now: "2026-10-25T00:30:00Z",
      endOfDay: "2026-10-25T23:00:00Z",
      at2330: "2026-10-25T22:30:00Z",
    },
    {
      day: "autumn, after the change",
      now: "2026-10-25T09:00:00Z",
      endOfDay: "2026-10-25T23:00:00Z",
      at2330: "2026-10-25T22:30:00Z",
    },
    {
      day: "the evening before autumn's change",
      now: "2026-10-24T20:00:00Z",
      endOfDay: "2026-10-24T22:00:00Z",
      at2330: "2026-10-24T21:30:00Z",
    },
  ];

  test.each(cases)("$day: until the end of today comes back at the next local midnight", ({ now, endOfDay }) => {
    const result = soldOutUntil({ kind: "end-of-day" }, at(now), COPENHAGEN);
    expect(result).toEqual({ until: at(endOfDay) });
    expect(local(at(endOfDay))).toMatchObject({ hour: 0, minute: 0 });
  });

  test.each(cases)("$day: until 23:30 comes back at 23:30 on the restaurant's clock", ({ now, at2330 }) => {
    const result = soldOutUntil({ kind: "time", time: "23:30" }, at(now), COPENHAGEN);
    expect(result).toEqual({ until: at(at2330) });
    expect(local(at(at2330))).toMatchObject({ date: local(at(now))!.date, hour: 23, minute: 30 });
  });

  test("an item sold out until 23:30 is sold out a minute before and back at 23:30 local, not an hour off", () => {
    const { until } = soldOutUntil({ kind: "time", time: "23:30" }, at("2026-03-29T08:00:00Z"), COPENHAGEN) as {
      until: Date;
    };
    expect(stillSoldOut(until, at("2026-03-29T21:29:00Z"))).toBe(true);
    expect(stillSoldOut(until, at("2026-03-29T21:30:00Z"))).toBe(false);
    // 23:30 in winter time would have been 22:30 UTC: an hour late.
    expect(stillSoldOut(until, at("2026-03-29T22:29:00Z"))).toBe(false);
  });

  test("until the end of today is not 09:00 UTC the next morning", () => {
    const { until } = soldOutUntil({ kind: "end-of-day" }, at("2026-10-25T09:00:00Z"), COPENHAGEN) as { until: Date };
    expect(stillSoldOut(until, at("2026-10-25T22:59:00Z"))).toBe(true);
    expect(stillSoldOut(until, at("2026-10-25T23:00:00Z"))).toBe(false);
  });

  test("a time that has passed today is refused, not moved to tomorrow", () => {
    expect(soldOutUntil({ kind: "time", time: "09:00" }, at("2026-03-29T08:00:00Z"), COPENHAGEN)).toEqual({
      refused: "time-passed",
    });
    expect(soldOutUntil({ kind: "time", time: "10:00" }, at("2026-03-29T08:00:00Z"), COPENHAGEN)).toEqual({
      refused: "time-passed",
    });
  });

  test("a time skipped by the spring change means the hour after the gap", () => {
    const result = soldOutUntil({ kind: "time", time: "02:30" }, at("2026-03-29T00:30:00Z"), COPENHAGEN);
    expect(result).toEqual({ until: at("2026-03-29T01:30:00Z") });
  });

  test("until restored has no end", () => {
    expect(soldOutUntil({ kind: "restored" }, at("2026-03-29T08:00:00Z"), COPENHAGEN)).toEqual({ until: null });
    expect(stillSoldOut(null, at("2030-01-01T00:00:00Z"))).toBe(true);
  });
});

describe("pausing online orders across the daylight-saving changes", () => {
  test.each([
    ["2026-03-29T00:30:00Z", "2026-03-29T22:00:00Z"],
    ["2026-03-29T10:00:00Z", "2026-03-29T22:00:00Z"],
    ["2026-10-25T00:30:00Z", "2026-10-25T23:00:00Z"],
    ["2026-10-25T12:00:00Z", "2026-10-25T23:00:00Z"],
  ])("paused at %s for the rest of today resumes at %s (local midnight)", (now, resumes) => {
    const after = changeOrderingPause(NOT_PAUSED, { kind: "pause-today" }, at(now), COPENHAGEN);
    expect(after.pausedUntil).toEqual(at(resumes));
    expect(activeOrderingPause(after, new Date(at(resumes).getTime() - 60_000)).pausedUntil).toEqual(at(resumes));
    expect(activeOrderingPause(after, at(resumes)).pausedUntil).toBeNull();
  });

  test("a 60-minute pause over the spring change lasts 60 real minutes (01:30 → 03:30 on the clock)", () => {
    const after = changeOrderingPause(
      NOT_PAUSED,
      { kind: "pause", minutes: 60 },
      at("2026-03-29T00:30:00Z"),
      COPENHAGEN,
    );
    expect(after.pausedUntil).toEqual(at("2026-03-29T01:30:00Z"));
    expect(local(after.pausedUntil)).toMatchObject({ hour: 3, minute: 30 });
  });

  test("busy mode adds its minutes until the end of the restaurant's day", () => {
    const after = changeOrderingPause(
      NOT_PAUSED,
      { kind: "busy", minutes: 20 },
      at("2026-10-25T10:00:00Z"),
      COPENHAGEN,
    );
    expect(after).toEqual({ pausedUntil: null, busyMinutes: 20, busyUntil: at("2026-10-25T23:00:00Z") });
    expect(activeOrderingPause(after, at("2026-10-25T23:00:00Z"))).toEqual(NOT_PAUSED);
  });

  test("a pause keeps busy mode, resume ends both", () => {
    const now = at("2026-11-23T11:00:00Z");
    const busy = changeOrderingPause(NOT_PAUSED, { kind: "busy", minutes: 15 }, now, COPENHAGEN);
    const paused = changeOrderingPause(busy, { kind: "pause", minutes: 15 }, now, COPENHAGEN);
    expect(paused).toEqual({ ...busy, pausedUntil: at("2026-11-23T11:15:00Z") });
    expect(changeOrderingPause(paused, { kind: "resume" }, now, COPENHAGEN)).toEqual(NOT_PAUSED);
  });

  test("the end of the day of a 25-hour day is 25 hours after its midnight", () => {
    const end = endOfLocalDay(at("2026-10-25T00:30:00Z"), COPENHAGEN);
    const start = endOfLocalDay(at("2026-10-24T12:00:00Z"), COPENHAGEN);
    expect(end.getTime() - start.getTime()).toBe(25 * 3_600_000);
  });
});

describe("earliestEnd", () => {
  test("is the earliest end still to come; passed ends and until-restored rows do not count", () => {
    const now = at("2026-11-23T11:00:00Z");
    const ends = [null, at("2026-11-23T10:00:00Z"), at("2026-11-23T13:00:00Z"), at("2026-11-23T12:00:00Z")];
    expect(earliestEnd(ends, now)).toEqual(at("2026-11-23T12:00:00Z"));
    expect(earliestEnd([null], now)).toBeNull();
  });
});
