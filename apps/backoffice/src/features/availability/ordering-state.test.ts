import type { Availability } from "@app/contracts";
import { describe, expect, test } from "vitest";
import { orderingState, stillSoldOut } from "./ordering-state";

const open: Availability = { soldOut: [], pausedUntil: null, busyMinutes: 0, busyUntil: null };
const now = new Date("2026-11-29T11:00:00Z");

describe("whether guests can order online now", () => {
  test("nothing set: open", () => {
    expect(orderingState(open, now)).toEqual({ kind: "open" });
  });

  test("paused until a later time: paused until then; once it has passed: open", () => {
    const paused = { ...open, pausedUntil: "2026-11-29T11:30:00Z" };
    expect(orderingState(paused, now)).toEqual({ kind: "paused", until: "2026-11-29T11:30:00Z" });
    expect(orderingState(paused, new Date("2026-11-29T11:30:00Z"))).toEqual({ kind: "open" });
  });

  test("busy: +N minutes until its end; a pause shows first", () => {
    const busy = { ...open, busyMinutes: 20, busyUntil: "2026-11-29T22:59:00Z" };
    expect(orderingState(busy, now)).toEqual({ kind: "busy", minutes: 20, until: "2026-11-29T22:59:00Z" });
    expect(orderingState({ ...busy, pausedUntil: "2026-11-29T11:15:00Z" }, now).kind).toBe("paused");
    expect(orderingState({ ...busy, busyMinutes: 0 }, now)).toEqual({ kind: "open" });
  });

  test("a timed sold-out whose time has passed is back; one until restored stays", () => {
    const items: Availability["soldOut"] = [
      { target: "product", id: 1, name: "Burger", until: "2026-11-29T10:59:00Z" },
      { target: "choice", id: 2, name: "Bacon", until: "2026-11-29T12:00:00Z" },
      { target: "product", id: 3, name: "Fries", until: null },
    ];
    expect(stillSoldOut({ ...open, soldOut: items }, now).map((item) => item.name)).toEqual(["Bacon", "Fries"]);
  });
});
