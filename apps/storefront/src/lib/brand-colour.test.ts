import { describe, expect, test } from "vitest";
import { applyBrandColour, brandPalette, contrastRatio } from "./brand-colour";

describe("brandPalette", () => {
  test("white text on a dark brand colour, near-black text on a light one", () => {
    expect(brandPalette("#1f4e8c").onBrand).toBe("#ffffff");
    expect(brandPalette("#f6d77a").onBrand).toBe("#1d1d1f");
  });

  test.each(["#f6d77a", "#e67e22", "#00ff00", "#ffffff", "#2e7d32"])(
    "links in %s reach AA contrast on white",
    (hex) => {
      const { brandInk, brand, onBrand } = brandPalette(hex);
      expect(contrastRatio(brandInk, "#ffffff")).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(brand, onBrand)).toBeGreaterThanOrEqual(4.5);
    },
  );

  test("an already readable colour is kept as it is", () => {
    expect(brandPalette("#2e7d32").brandInk).toBe("#2e7d32");
  });

  test("contrast of black on white is 21", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
  });
});

test("applyBrandColour sets the custom properties, and nothing without a colour", () => {
  const set: Record<string, string> = {};
  const root = {
    style: { setProperty: (name: string, value: string) => (set[name] = value) },
  } as unknown as HTMLElement;
  applyBrandColour(root, null);
  expect(set).toEqual({});
  applyBrandColour(root, "#1f4e8c");
  expect(set).toEqual({ "--brand": "#1f4e8c", "--on-brand": "#ffffff", "--brand-ink": "#1f4e8c" });
});
