import { describe, expect, test } from "vitest";
import { formatPrice, toDkk, toMinor } from "./money";

describe("toMinor", () => {
  const cases = [
    { behaviour: "converts kroner with decimals to øre", dkk: 89.5, minor: 8950 },
    { behaviour: "converts whole kroner to øre", dkk: 89, minor: 8900 },
    { behaviour: "is exact for sums that are inexact in floating point", dkk: 0.1 + 0.2, minor: 30 },
    { behaviour: "rounds a half øre away from zero", dkk: 1.005, minor: 101 },
    { behaviour: "rounds below a half øre down", dkk: 12.344, minor: 1234 },
    { behaviour: "keeps negative amounts negative", dkk: -12.5, minor: -1250 },
    { behaviour: "returns 0 (not -0) for a tiny negative amount", dkk: -0.001, minor: 0 },
  ];
  for (const { behaviour, dkk, minor } of cases) {
    test(behaviour, () => {
      expect(Object.is(toMinor(dkk), minor)).toBe(true);
    });
  }

  test("refuses a value that is not a finite number", () => {
    expect(() => toMinor(Number.NaN)).toThrow(RangeError);
  });
});

describe("toDkk", () => {
  const cases = [
    { behaviour: "converts øre to kroner with decimals", minor: 8950, dkk: 89.5 },
    { behaviour: "converts øre to whole kroner", minor: 8900, dkk: 89 },
    { behaviour: "converts a single øre", minor: 1, dkk: 0.01 },
  ];
  for (const { behaviour, minor, dkk } of cases) {
    test(behaviour, () => {
      expect(toDkk(minor)).toBe(dkk);
    });
  }
});

describe("formatPrice", () => {
  const cases = [
    { behaviour: "Danish: two decimals with a comma", minor: 8950, locale: "da-DK", text: "89,50" },
    { behaviour: "Danish: no decimals when whole", minor: 8900, locale: "da-DK", text: "89" },
    { behaviour: "Danish: thousands grouped with a dot", minor: 125000, locale: "da-DK", text: "1.250" },
    { behaviour: "Danish: grouping and decimals together", minor: 123456789, locale: "da-DK", text: "1.234.567,89" },
    { behaviour: "Danish: single øre padded to two digits", minor: 5, locale: "da-DK", text: "0,05" },
    { behaviour: "English: two decimals with a point", minor: 8950, locale: "en-US", text: "89.50" },
    { behaviour: "English: no decimals when whole", minor: 8900, locale: "en-US", text: "89" },
    { behaviour: "English: thousands grouped with a comma", minor: 125000, locale: "en-US", text: "1,250" },
    { behaviour: "zero prints as 0", minor: 0, locale: "da-DK", text: "0" },
    { behaviour: "negative amounts get a leading minus", minor: -2550, locale: "da-DK", text: "-25,50" },
  ] as const;
  for (const { behaviour, minor, locale, text } of cases) {
    test(behaviour, () => {
      expect(formatPrice(minor, locale)).toBe(text);
    });
  }
});
