import type { AdminOrder } from "@app/contracts";
import { expect, test } from "vitest";
import { boardColumns, countdown, later } from "./format";

test.each([
  ["2026-11-29T12:12:00.000Z", { kind: "in", minutes: 12 }],
  ["2026-11-29T12:00:20.000Z", { kind: "now", minutes: 0 }],
  ["2026-11-29T11:55:00.000Z", { kind: "late", minutes: 5 }],
])("ready at %s, now 12:00 UTC → %o", (readyTime, expected) => {
  expect(countdown(readyTime, new Date("2026-11-29T12:00:00.000Z"))).toEqual(expected);
});

test("+10 min is ten minutes after the given time", () => {
  expect(later("2026-11-29T12:00:00.000Z", 10)).toBe("2026-11-29T12:10:00.000Z");
});

test("the board: new, in progress (accepted), ready; each by ready time; finished ones on none", () => {
  const at = (id: string, kitchenStatus: AdminOrder["kitchenStatus"], readyTime: string) =>
    ({ id, kitchenStatus, readyTime, receiptNumber: 1 }) as AdminOrder;
  const columns = boardColumns([
    at("late", "new", "2026-11-29T12:30:00.000Z"),
    at("early", "new", "2026-11-29T12:00:00.000Z"),
    at("cooking", "accepted", "2026-11-29T12:10:00.000Z"),
    at("waiting", "ready", "2026-11-29T11:50:00.000Z"),
    at("gone", "picked-up", "2026-11-29T11:00:00.000Z"),
  ]);
  expect({
    new: columns.new.map((o) => o.id),
    inProgress: columns["in-progress"].map((o) => o.id),
    ready: columns.ready.map((o) => o.id),
  }).toEqual({ new: ["early", "late"], inProgress: ["cooking"], ready: ["waiting"] });
});
