import { describe, expect, test } from "vitest";
import { codeState, giftcardState } from "./code-state";

const code = { isActive: true, validFrom: null, validUntil: null, usageLimit: null, usageCount: 0 };
const today = "2026-11-29";

describe("codeState", () => {
  const cases = [
    { name: "switched on, no limits", change: {}, state: "on" },
    { name: "switched off", change: { isActive: false, validUntil: "2025-01-01" }, state: "off" },
    { name: "its last day was yesterday", change: { validUntil: "2026-11-28" }, state: "expired" },
    { name: "its last day is today", change: { validUntil: today }, state: "on" },
    { name: "its first day is tomorrow", change: { validFrom: "2026-11-30" }, state: "notYet" },
    { name: "its first day is today", change: { validFrom: today }, state: "on" },
    { name: "used as often as it may be", change: { usageLimit: 100, usageCount: 100 }, state: "usedUp" },
    { name: "used less often than it may be", change: { usageLimit: 100, usageCount: 99 }, state: "on" },
  ] as const;
  for (const { name, change, state } of cases) {
    test(`${name}: ${state}`, () => {
      expect(codeState({ ...code, ...change }, today)).toBe(state);
    });
  }
});

describe("giftcardState", () => {
  const card = { isActive: true, validUntil: null, balance: 100 };
  const cases = [
    { name: "switched on, money left", change: {}, state: "on" },
    { name: "switched off", change: { isActive: false }, state: "off" },
    { name: "its last day was yesterday", change: { validUntil: "2026-11-28" }, state: "expired" },
    { name: "its last day is today", change: { validUntil: today }, state: "on" },
    { name: "nothing left on it", change: { balance: 0 }, state: "usedUp" },
  ] as const;
  for (const { name, change, state } of cases) {
    test(`${name}: ${state}`, () => {
      expect(giftcardState({ ...card, ...change }, today)).toBe(state);
    });
  }
});
