import { describe, expect, test } from "vitest";
import { formatDkk, priceText } from "./format-dkk";

describe("prices (SPEC §5: two decimals in Danish format unless whole)", () => {
  test.each([
    [8950, "da-DK", "89,50"],
    [125000, "da-DK", "1.250"],
    [8950, "en-US", "89.50"],
    [8950, "sv-SE", "89,50"],
  ])("%i øre in %s → %s", (minor, language, text) => {
    expect(formatDkk(minor, language)).toBe(text);
  });

  test("an API amount in DKK with the currency of the messages", () => {
    expect(priceText(89.5, "da-DK", "kr.")).toBe("89,50 kr.");
    expect(priceText(0.1 + 0.2, "en-US", "DKK")).toBe("0.30 DKK");
  });
});
