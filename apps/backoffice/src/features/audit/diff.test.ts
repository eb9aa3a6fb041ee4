import { describe, expect, test } from "vitest";
import { changesBetween, codeKey, isAmountInOre, valueText } from "./diff";

describe("changesBetween", () => {
  test("lists only the fields that changed, by their dotted path", () => {
    const before = { name: "C", settings: { mobilepay: false, requiredGuestInformation: { phone: true } } };
    const after = { name: "C", settings: { mobilepay: true, requiredGuestInformation: { phone: false } } };
    expect(changesBetween(before, after)).toEqual([
      { path: "settings.mobilepay", before: false, after: true },
      { path: "settings.requiredGuestInformation.phone", before: true, after: false },
    ]);
  });

  test("a created thing has no before: every field is new", () => {
    expect(changesBetween(null, { name: "C", hosts: ["c.localhost"] })).toEqual([
      { path: "name", before: undefined, after: "C" },
      { path: "hosts", before: undefined, after: ["c.localhost"] },
    ]);
  });

  test("a list is one value: compared and shown whole", () => {
    expect(changesBetween({ hosts: ["a"] }, { hosts: ["a", "b"] })).toEqual([
      { path: "hosts", before: ["a"], after: ["a", "b"] },
    ]);
  });

  test("missing and null are the same nothing", () => {
    expect(changesBetween(null, { name: "C", logo: null })).toEqual([{ path: "name", before: undefined, after: "C" }]);
  });

  test("equal values show no change", () => {
    expect(changesBetween({ a: [1], b: { c: null } }, { a: [1], b: { c: null } })).toEqual([]);
  });

  test("plain values that differ are one change", () => {
    expect(changesBetween(false, true)).toEqual([{ path: "value", before: false, after: true }]);
  });
});

describe("valueText", () => {
  test("an instant reads as a date in the language and the back office's 24-hour HH:MM (lib/clock)", () => {
    expect(valueText("2026-11-29T12:56:38.573Z", "da-DK", "Europe/Copenhagen")).toBe("29. nov. 2026 13:56");
    expect(valueText("2026-11-29T12:56:38.573Z", "en-US", "Europe/Copenhagen")).toBe("Nov 29, 2026 13:56");
  });
  test("a date, a number and other text stay as they are", () => {
    expect(valueText("2026-11-29", "da-DK")).toBe("2026-11-29");
    expect(valueText(42, "da-DK")).toBe("42");
    expect(valueText("ejer@bistro-norrebro.example", "da-DK")).toBe("ejer@bistro-norrebro.example");
  });
});

describe("codeKey", () => {
  test("a stored code is looked up under its field: the audit's own words, or the screen's that shows it", () => {
    expect(codeKey("target", "product")).toBe("audit.values.target.product");
    expect(codeKey("after.mode", "live")).toBe("audit.values.mode.live");
    expect(codeKey("kitchenStatus", "picked-up")).toBe("orders.status.picked-up");
  });
});

describe("isAmountInOre", () => {
  test("a field named …Minor holds øre; other numbers do not", () => {
    expect(isAmountInOre("balanceMinor", "giftcard.issue", {})).toBe(true);
    expect(isAmountInOre("after.minimumBasketMinor", "discount-code.update", {})).toBe(true);
    expect(isAmountInOre("usageLimit", "discount-code.update", {})).toBe(false);
  });

  test("a discount code's value is øre when it takes an amount off, a percentage otherwise", () => {
    expect(isAmountInOre("value", "discount-code.create", { kind: "amount", value: 5000 })).toBe(true);
    expect(isAmountInOre("value", "discount-code.create", { kind: "percentage", value: 15 })).toBe(false);
    expect(isAmountInOre("value", "maintenance.update", { kind: "amount" })).toBe(false);
  });
});
