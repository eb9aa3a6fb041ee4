import type { HoursToday } from "@app/contracts";
import { describe, expect, test } from "vitest";
import { restaurantDate, restaurantStatus } from "./restaurant-status";

const ZONE = "Europe/Copenhagen";
/** Monday 23 November 2026: Copenhagen is UTC+1. */
const hours = (open: string | null, close: string | null, date = "2026-11-23"): HoursToday => ({
  date,
  open,
  close,
  isOpen: false,
  timeZone: ZONE,
  orderingPausedUntil: null,
  busyMinutes: 0,
});
const slot = (utc: string, isAvailable = true) => ({ time: `2026-11-23T${utc}:00.000Z`, isAvailable });
/** 12:03 in Copenhagen. */
const NOON = new Date("2026-11-23T11:03:00Z");

describe("today's hours and open now, by the restaurant's clock", () => {
  test.each([
    {
      case: "within the hours",
      open: "11:00",
      close: "21:00",
      at: NOON,
      hours: { kind: "hours", open: "11:00", close: "21:00" },
      openNow: true,
    },
    {
      case: "before opening",
      open: "11:00",
      close: "21:00",
      at: new Date("2026-11-23T08:30:00Z"),
      hours: { kind: "hours", open: "11:00", close: "21:00" },
      openNow: false,
    },
    {
      case: "at closing time (closes exclusive)",
      open: "11:00",
      close: "21:00",
      at: new Date("2026-11-23T20:00:00Z"),
      hours: { kind: "hours", open: "11:00", close: "21:00" },
      openNow: false,
    },
    {
      case: "around the clock",
      open: "00:00",
      close: "24:00",
      at: new Date("2026-11-23T02:00:00Z"),
      hours: { kind: "all-day" },
      openNow: true,
    },
    { case: "closed all day", open: null, close: null, at: NOON, hours: { kind: "closed" }, openNow: false },
  ])("$case", ({ open, close, at, hours: line, openNow }) => {
    const status = restaurantStatus({
      hours: hours(open, close),
      timeZone: ZONE,
      pausedUntil: null,
      now: at,
      slots: null,
    });
    expect(status.hours).toEqual(line);
    expect(status.openNow).toBe(openNow);
  });

  test("the guest's own clock does not matter: 23:30 UTC is already tomorrow in Copenhagen", () => {
    expect(restaurantDate(new Date("2026-11-23T23:30:00Z"), ZONE)).toBe("2026-11-24");
  });

  test("hours of another day (a tab left open past midnight) say nothing rather than something wrong", () => {
    const status = restaurantStatus({
      hours: hours("11:00", "21:00", "2026-11-22"),
      timeZone: ZONE,
      pausedUntil: null,
      now: NOON,
      slots: null,
    });
    expect(status).toEqual({ hours: null, openNow: null, pickup: null });
  });
});

describe("the earliest pickup", () => {
  const open = hours("11:00", "21:00");

  test("nothing is promised until the day's slots are known", () => {
    expect(
      restaurantStatus({ hours: open, timeZone: ZONE, pausedUntil: null, now: NOON, slots: null }).pickup,
    ).toBeNull();
  });

  test.each([
    {
      case: "the first free slot 27 minutes away: about 30 min",
      slots: [slot("11:15", false), slot("11:30")],
      minutes: 30,
    },
    { case: "exactly 20 minutes away: 20 min", slots: [slot("11:23")], minutes: 20 },
    { case: "a free slot 2 minutes away: at least 5 min", slots: [slot("11:05")], minutes: 5 },
    { case: "a slot already past is not the earliest", slots: [slot("11:00"), slot("11:45")], minutes: 45 },
  ])("$case", ({ slots, minutes }) => {
    expect(restaurantStatus({ hours: open, timeZone: ZONE, pausedUntil: null, now: NOON, slots }).pickup).toEqual({
      kind: "ready-in",
      minutes,
    });
  });

  test("closed now and opening later today: opens at the opening time, even with slots after it", () => {
    const early = new Date("2026-11-23T07:00:00Z");
    const status = restaurantStatus({
      hours: open,
      timeZone: ZONE,
      pausedUntil: null,
      now: early,
      slots: [slot("10:20")],
    });
    expect(status.pickup).toEqual({ kind: "opens-at", time: "11:00" });
  });

  test("every slot taken, or closed for the day: no more pickups today", () => {
    const full = restaurantStatus({
      hours: open,
      timeZone: ZONE,
      pausedUntil: null,
      now: NOON,
      slots: [slot("11:30", false)],
    });
    expect(full.pickup).toEqual({ kind: "none-today" });
    const late = restaurantStatus({
      hours: open,
      timeZone: ZONE,
      pausedUntil: null,
      now: new Date("2026-11-23T20:30:00Z"),
      slots: [],
    });
    expect(late.pickup).toEqual({ kind: "none-today" });
    const closedDay = restaurantStatus({
      hours: hours(null, null),
      timeZone: ZONE,
      pausedUntil: null,
      now: NOON,
      slots: [],
    });
    expect(closedDay.pickup).toEqual({ kind: "none-today" });
  });

  test("online orders paused until 12:30: orders again from 12:30, not 'ready in' a slot after the pause", () => {
    const status = restaurantStatus({
      hours: open,
      timeZone: ZONE,
      now: NOON,
      slots: [slot("11:45")],
      pausedUntil: "12:30",
    });
    expect(status.pickup).toEqual({ kind: "paused-until", time: "12:30" });
    // Before the slots are read too: the pause alone decides.
    expect(
      restaurantStatus({ hours: open, timeZone: ZONE, now: NOON, slots: null, pausedUntil: "12:30" }).pickup,
    ).toEqual({
      kind: "paused-until",
      time: "12:30",
    });
  });

  test("no pause (none, or one that has ended): the earliest slot again", () => {
    const status = restaurantStatus({
      hours: open,
      timeZone: ZONE,
      now: NOON,
      slots: [slot("11:23")],
      pausedUntil: null,
    });
    expect(status.pickup).toEqual({ kind: "ready-in", minutes: 20 });
  });
});
