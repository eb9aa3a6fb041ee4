import { describe, expect, test } from "vitest";
import { contrastRatio, MIN_BRAND_CONTRAST } from "./contrast";

describe("contrastRatio", () => {
  test.each([
    ["#000000", "#ffffff", 21],
    ["#ffffff", "#ffffff", 1],
    ["#767676", "#ffffff", 4.54],
    ["#777777", "#ffffff", 4.48],
    ["#1f5f4a", "#ffffff", 7.52],
  ])("%s against %s is %d:1", (a, b, expected) => {
    expect(contrastRatio(a, b)).toBeCloseTo(expected, 2);
  });

  test("does not depend on the order of the colours", () => {
    expect(contrastRatio("#ffffff", "#b34a12")).toBe(contrastRatio("#b34a12", "#ffffff"));
  });

  test("#767676 is the lightest grey that white text passes AA on", () => {
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(MIN_BRAND_CONTRAST);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(MIN_BRAND_CONTRAST);
  });

  test("refuses what is not #rrggbb", () => {
    expect(() => contrastRatio("red", "#ffffff")).toThrow("Not a #rrggbb colour");
  });
});
