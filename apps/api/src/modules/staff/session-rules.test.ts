import { describe, expect, test } from "vitest";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, LAST_SEEN_STEP_MS, sessionAlive, shouldTouch } from "./session-rules";

const start = new Date("2026-11-29T08:00:00Z");
const after = (ms: number) => new Date(start.getTime() + ms);

describe("a back-office session", () => {
  test("lives 12 hours without use, not a millisecond more", () => {
    const session = { createdAt: start, lastSeenAt: start };
    expect(sessionAlive(session, after(IDLE_TIMEOUT_MS - 1))).toBe(true);
    expect(sessionAlive(session, after(IDLE_TIMEOUT_MS))).toBe(false);
  });

  test("lives 7 days in all however often it is used", () => {
    const session = { createdAt: start, lastSeenAt: after(ABSOLUTE_TIMEOUT_MS - 1000) };
    expect(sessionAlive(session, after(ABSOLUTE_TIMEOUT_MS - 1))).toBe(true);
    expect(sessionAlive(session, after(ABSOLUTE_TIMEOUT_MS))).toBe(false);
  });

  test("records its last use at most once a step", () => {
    const session = { createdAt: start, lastSeenAt: start };
    expect(shouldTouch(session, after(LAST_SEEN_STEP_MS - 1))).toBe(false);
    expect(shouldTouch(session, after(LAST_SEEN_STEP_MS))).toBe(true);
  });
});
