import { describe, expect, test } from "vitest";
import { availableSlots, orderDates, slotTimeText } from "./fulfilment-rules";

describe("dates and slot times in the restaurant's time zone", () => {
  const cases: [string, string, string][] = [
    ["2026-01-15T11:15:00.000Z", "Europe/Copenhagen", "12:15"], // winter, UTC+1
    ["2026-07-15T11:15:00.000Z", "Europe/Copenhagen", "13:15"], // summer, UTC+2
    ["2026-07-15T22:30:00.000Z", "Europe/Copenhagen", "00:30"], // past local midnight
    ["2026-07-15T11:15:00.000Z", "UTC", "11:15"],
  ];
  test.each(cases)("slot %s in %s shows %s", (instant, timeZone, text) => {
    expect(slotTimeText(instant, timeZone)).toBe(text);
  });

  const dates: [number, string[]][] = [
    [0, ["2026-03-28"]],
    [2, ["2026-03-28", "2026-03-29", "2026-03-30"]], // across the spring DST change
  ];
  test.each(dates)("guestFutureOrderDates %i → %j", (future, expected) => {
    expect(orderDates("2026-03-28", future)).toEqual(expected);
  });

  test("only available slots are shown", () => {
    const slots = [
      { time: "2026-05-01T10:00:00.000Z", isAvailable: false },
      { time: "2026-05-01T10:15:00.000Z", isAvailable: true },
    ];
    expect(availableSlots(slots)).toEqual([slots[1]]);
  });
});
