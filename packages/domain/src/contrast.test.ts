import { describe, expect, test } from "vitest";
import { contrastRatio, formatContrastRatio, MIN_TEXT_CONTRAST, relativeLuminance } from "./contrast";

describe("relativeLuminance", () => {
  test("is 0 for black and 1 for white", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBe(1);
  });

  test("weighs green most and blue least, as the eye does", () => {
    expect(relativeLuminance("#00ff00")).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance("#ff0000")).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance("#0000ff")).toBeCloseTo(0.0722, 4);
  });

  test("reads upper- and lower-case hex alike", () => {
    expect(relativeLuminance("#1A7F4B")).toBe(relativeLuminance("#1a7f4b"));
  });

  test("refuses what is not #rrggbb", () => {
    expect(() => relativeLuminance("#fff")).toThrow(RangeError);
    expect(() => relativeLuminance("red")).toThrow(RangeError);
  });
});

describe("contrastRatio", () => {
  // WebAIM's contrast checker (https://webaim.org/resources/contrastchecker/) shows these cut to two decimals.
  const cases: { colour: string; withWhite: number }[] = [
    { colour: "#000000", withWhite: 21 },
    { colour: "#ffffff", withWhite: 1 },
    { colour: "#777777", withWhite: 4.478 },
    { colour: "#767676", withWhite: 4.542 },
    { colour: "#0000ff", withWhite: 8.592 },
    { colour: "#ff0000", withWhite: 3.998 },
    { colour: "#2e7d32", withWhite: 5.127 },
    { colour: "#ffd700", withWhite: 1.403 },
  ];
  for (const { colour, withWhite } of cases) {
    test(`${colour} against white is ${withWhite}:1`, () => {
      expect(contrastRatio(colour, "#ffffff")).toBeCloseTo(withWhite, 2);
    });
  }

  test("does not depend on the order of the colours", () => {
    expect(contrastRatio("#ffffff", "#2e7d32")).toBe(contrastRatio("#2e7d32", "#ffffff"));
  });

  test("puts #767676 just above and #777777 just below the 4.5:1 text minimum", () => {
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(MIN_TEXT_CONTRAST);
  });
});

describe("formatContrastRatio", () => {
  test("shows one decimal", () => {
    expect(formatContrastRatio(3.14)).toBe("3.1:1");
    expect(formatContrastRatio(21)).toBe("21.0:1");
  });

  test("rounds down, so a ratio just below 4.5 never reads 4.5:1", () => {
    expect(formatContrastRatio(4.4999)).toBe("4.4:1");
  });
});
