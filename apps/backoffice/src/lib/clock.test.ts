import { describe, expect, test } from "vitest";
import { clockTime, dateTimeText, daysFromToday } from "./clock";

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

describe("a date and time, the date in the person's language and the time as clockTime writes it", () => {
  const afternoon = "2026-11-30T13:05:00Z"; // 14:05 in Copenhagen

  test("Danish and English write the same 24-hour HH:MM after their own date, never 14.05 or 2:05 PM", () => {
    expect(dateTimeText(afternoon, "Europe/Copenhagen", "da-DK")).toBe("30. nov. 2026 14:05");
    expect(dateTimeText(afternoon, "Europe/Copenhagen", "en-US")).toBe("Nov 30, 2026 14:05");
  });

  test("the short date of a ledger or a notice keeps the same time", () => {
    expect(dateTimeText(afternoon, "Europe/Copenhagen", "da-DK", "short")).toBe("30.11.2026 14:05");
    expect(dateTimeText(afternoon, "Europe/Copenhagen", "en-US", "short")).toBe("11/30/26 14:05");
  });

  test("date and time are both the restaurant's: past its midnight is its next day, at 00:…", () => {
    expect(dateTimeText("2026-11-30T23:30:00Z", "Europe/Copenhagen", "en-US")).toBe("Dec 1, 2026 00:30");
    expect(dateTimeText("2026-11-30T23:30:00Z", "UTC", "da-DK")).toBe("30. nov. 2026 23:30");
  });

  test("the same time as clockTime gives alone, morning and evening", () => {
    for (const instant of ["2026-11-30T05:05:00Z", "2026-11-30T21:59:00Z"]) {
      for (const language of ["da-DK", "en-US"]) {
        expect(
          dateTimeText(instant, "Europe/Copenhagen", language).endsWith(` ${clockTime(instant, "Europe/Copenhagen")}`),
        ).toBe(true);
      }
    }
  });
});
