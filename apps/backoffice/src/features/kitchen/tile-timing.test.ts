import { describe, expect, test } from "vitest";
import { tileTiming } from "./tile-timing";

const ready = "2026-11-29T12:30:00Z";
const at = (iso: string) => new Date(iso);

describe("a tile's timer against the ready time", () => {
  test.each([
    ["2026-11-29T12:10:00Z", { state: "on-time", minutes: 20 }],
    ["2026-11-29T12:24:59Z", { state: "on-time", minutes: 6 }],
    ["2026-11-29T12:25:00Z", { state: "due-soon", minutes: 5 }],
    ["2026-11-29T12:29:30Z", { state: "due-soon", minutes: 1 }],
    ["2026-11-29T12:30:00Z", { state: "due-soon", minutes: 0 }],
    ["2026-11-29T12:30:30Z", { state: "late", minutes: 0 }],
    ["2026-11-29T12:33:10Z", { state: "late", minutes: 3 }],
  ])("at %s: %j", (now, timing) => {
    expect(tileTiming(ready, at(now))).toEqual(timing);
  });
});
