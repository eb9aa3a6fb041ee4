import { describe, expect, test } from "vitest";
import { minorPriceText, priceText } from "./price-text";

describe("prices (SPEC §5: two decimals in Danish format unless whole)", () => {
  test.each([
    [8950, "da-DK", "89,50\u00a0kr."],
    [125000, "da-DK", "1.250\u00a0kr."],
    [8950, "en-US", "89.50\u00a0kr."],
    [8950, "sv-SE", "89,50\u00a0kr."],
  ])("%i øre in %s → %s", (minor, language, text) => {
    expect(minorPriceText(minor, language, "kr.")).toBe(text);
  });

  test("the amount and its currency never part at a line's end: a no-break space joins them", () => {
    for (const text of [minorPriceText(12500, "da-DK", "kr."), priceText(125, "en-US", "DKK")]) {
      expect(text).toMatch(/^[\d.,]+\u00a0(kr\.|DKK)$/);
      expect(text).not.toContain(" ");
    }
  });

  test("an API amount in DKK with the currency of the messages", () => {
    expect(priceText(89.5, "da-DK", "kr.")).toBe("89,50\u00a0kr.");
    expect(priceText(0.1 + 0.2, "en-US", "DKK")).toBe("0.30\u00a0DKK");
  });
});
