import { describe, expect, test } from "vitest";
import { moneyRefusalCode, moneyText, parseMoney } from "./money-input";

describe("parseMoney in Danish", () => {
  test.each([
    ["89,50", 8950],
    ["89,5", 8950],
    ["89", 8900],
    ["0", 0],
    [",50", 50],
    ["1.250", 125_000],
    ["1.250,75", 125_075],
    ["12.500.000", 1_250_000_000],
    [" 89,50 kr.", 8950],
    ["89,50 kr", 8950],
    ["95 DKK", 9500],
    ["89.50", 8950],
    ["89.5", 8950],
  ])("%s is %i øre", (text, minor) => {
    expect(parseMoney(text, "da-DK")).toEqual({ ok: true, minor });
  });

  test.each([
    ["", "empty"],
    ["  ", "empty"],
    ["89,505", "decimals"],
    ["abc", "invalid"],
    ["-5", "negative"],
    ["−4,50", "negative"],
    ["-", "invalid"],
    ["-abc", "invalid"],
    ["1.25.0", "invalid"],
    ["89,5,0", "invalid"],
    ["1e3", "invalid"],
    ["12.34.567", "invalid"],
  ])("%j is refused as %s", (text, reason) => {
    expect(parseMoney(text, "da-DK")).toEqual({ ok: false, reason });
  });
});

describe("parseMoney in English", () => {
  test.each([
    ["89.50", 8950],
    ["89", 8900],
    ["1,250", 125_000],
    ["1,250.75", 125_075],
    ["89,50", 8950],
    ["DKK", null],
  ])("%s is %s øre", (text, minor) => {
    const parsed = parseMoney(text, "en-US");
    expect(parsed).toEqual(minor === null ? { ok: false, reason: "empty" } : { ok: true, minor });
  });

  test("three decimals are refused rather than rounded", () => {
    expect(parseMoney("89.505", "en-US")).toEqual({ ok: false, reason: "decimals" });
  });
});

test("a negative price is named as one: 'from 0 to 1.000.000 kr.', not 'write the amount as a number'", () => {
  const refused = parseMoney("-35", "da-DK");
  expect(refused).toEqual({ ok: false, reason: "negative" });
  if (!refused.ok && refused.reason !== "empty") expect(moneyRefusalCode(refused.reason)).toBe("Menu.InvalidPrice");
  expect(moneyRefusalCode("invalid")).toBe("Menu.MoneyInvalid");
  expect(moneyRefusalCode("decimals")).toBe("Menu.MoneyDecimals");
});

describe("moneyText", () => {
  test("writes øre as the field's language does, and reads back the same", () => {
    for (const minor of [0, 50, 8950, 8900, 125_075]) {
      for (const locale of ["da-DK", "en-US"] as const) {
        expect(parseMoney(moneyText(minor, locale), locale)).toEqual({ ok: true, minor });
      }
    }
    expect(moneyText(8950, "da-DK")).toBe("89,50");
    expect(moneyText(8950, "en-US")).toBe("89.50");
    expect(moneyText(null, "da-DK")).toBe("");
  });
});
