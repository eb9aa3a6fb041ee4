import { describe, expect, test } from "vitest";
import { moneyText, parseMoneyText } from "./money-text";

describe("parseMoneyText", () => {
  test.each([
    ["50,00", "da-DK", 50],
    ["1.250,5", "da-DK", 1250.5],
    ["89", "da-DK", 89],
    [" 50,00 kr. ", "da-DK", 50],
    ["50.00", "en-US", 50],
    ["1,250.50", "en-US", 1250.5],
  ] as const)("%s in %s is %d", (text, locale, amount) => {
    expect(parseMoneyText(text, locale)).toBe(amount);
  });

  test.each([
    ["50.00", "da-DK"],
    ["50,00", "en-US"],
    ["5,001", "da-DK"],
    ["abc", "en-US"],
    ["", "da-DK"],
    ["-5", "en-US"],
  ] as const)("%s is not an amount in %s", (text, locale) => {
    expect(parseMoneyText(text, locale)).toBeNaN();
  });
});

describe("moneyText", () => {
  test("shows two decimals in the person's language", () => {
    expect(moneyText(50, "da-DK")).toBe("50,00");
    expect(moneyText(1250.5, "en-US")).toBe("1,250.50");
    expect(parseMoneyText(moneyText(1250.5, "da-DK"), "da-DK")).toBe(1250.5);
  });
});
