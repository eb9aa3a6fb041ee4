import { describe, expect, test } from "vitest";
import { clockTime, daysFromToday } from "./clock";

describe("times on the restaurant's clock", () => {
  test("an instant reads as the restaurant's local time, summer and winter", () => {
    expect(clockTime("2026-07-01T10:30:00Z", "Europe/Copenhagen")).toBe("12:30");
    expect(clockTime(new Date("2026-12-01T10:30:00Z"), "Europe/Copenhagen")).toBe("11:30");
  });

  test("HH:MM with a colon on a 24-hour clock, early and late, whatever the zone", () => {
    expect(clockTime("2026-11-29T05:05:00Z", "Europe/Copenhagen")).toBe("06:05");
    expect(clockTime("2026-11-29T23:00:00Z", "Europe/Copenhagen")).toBe("00:00");
    expect(clockTime("2026-11-29T22:45:00Z", "UTC")).toBe("22:45");
  });

  test("today and tomorrow are the restaurant's days, not UTC's", () => {
    const now = new Date("2026-11-29T22:30:00Z"); // 23:30 in Copenhagen, still the 29th
    expect(daysFromToday("2026-11-29T22:50:00Z", now, "Europe/Copenhagen")).toBe(0);
    expect(daysFromToday("2026-11-29T23:00:00Z", now, "Europe/Copenhagen")).toBe(1); // midnight: the 30th
    expect(daysFromToday("2026-10-25T22:59:00Z", new Date("2026-10-25T00:30:00Z"), "Europe/Copenhagen")).toBe(0);
  });
});
