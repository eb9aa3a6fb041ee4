import { expect, test } from "vitest";
import { hourSpan, money } from "./format";

test("money shows øre in both languages, with each language's separators", () => {
  expect(money(1234.5, "da-DK")).toBe("1.234,50\u00a0kr.");
  expect(money(1234.5, "en-US")).toBe("1,234.50\u00a0DKK");
  expect(money(129, "da-DK")).toBe("129,00\u00a0kr.");
  expect(money(0, "en-US")).toBe("0.00\u00a0DKK");
});

test("an hour is the span of the clock it holds, the last one ending at midnight", () => {
  expect([hourSpan(0), hourSpan(9), hourSpan(23)]).toEqual(["00:00–01:00", "09:00–10:00", "23:00–00:00"]);
});
