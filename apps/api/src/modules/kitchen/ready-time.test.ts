import { describe, expect, test } from "vitest";
import { checkReadyTime } from "./ready-time";

const now = new Date("2026-11-23T10:00:00Z");
const guestTime = new Date("2026-11-23T11:00:00Z");
const at = (iso: string) => () => checkReadyTime(new Date(iso), { now, guestTime });

describe("the ready time staff may set", () => {
  test("now, a little ago (a tap takes a moment), and up to 4 hours after the guest's time", () => {
    expect(at("2026-11-23T10:00:00Z")()).toEqual(new Date("2026-11-23T10:00:00Z"));
    expect(at("2026-11-23T09:58:00Z")()).toEqual(new Date("2026-11-23T09:58:00Z"));
    expect(at("2026-11-23T15:00:00Z")()).toEqual(new Date("2026-11-23T15:00:00Z"));
  });

  test("more than 2 minutes ago is Kitchen.ReadyTimePassed", () => {
    expect(at("2026-11-23T09:57:59Z")).toThrow(
      expect.objectContaining({ code: "Kitchen.ReadyTimePassed", field: "readyTime" }),
    );
  });

  test("more than 4 hours after the later of now and the guest's time is Kitchen.ReadyTimeTooLate", () => {
    expect(at("2026-11-23T15:00:01Z")).toThrow(expect.objectContaining({ code: "Kitchen.ReadyTimeTooLate" }));
  });
});
