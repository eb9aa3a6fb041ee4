import { describe, expect, test } from "vitest";
import { orderingNotice } from "./ordering-pause";

const ZONE = "Europe/Copenhagen";
const NOW = new Date("2026-11-23T11:03:00Z"); // 12:03 in Copenhagen

describe("orderingNotice", () => {
  test("paused: try again after the end, on the restaurant's clock", () => {
    const notice = orderingNotice({ orderingPausedUntil: "2026-11-23T11:30:00.000Z", busyMinutes: 0 }, NOW, ZONE);
    expect(notice).toMatchObject({ kind: "paused", time: "12:30" });
  });

  test("a pause that has ended says nothing, busy mode says its minutes", () => {
    expect(orderingNotice({ orderingPausedUntil: "2026-11-23T11:00:00.000Z", busyMinutes: 0 }, NOW, ZONE)).toBeNull();
    expect(orderingNotice({ orderingPausedUntil: null, busyMinutes: 20 }, NOW, ZONE)).toEqual({
      kind: "busy",
      minutes: 20,
    });
  });

  test("no hours (they could not be read) say nothing", () => {
    expect(orderingNotice(null, NOW, ZONE)).toBeNull();
  });
});
