import { describe, expect, test } from "vitest";
import { isValidPhone } from "./guest-validation";
import { normalizePhone } from "./phone";

describe("normalizePhone", () => {
  const cases: { behaviour: string; typed: string; stored: string }[] = [
    { behaviour: "keeps plain digits", typed: "12345678", stored: "12345678" },
    { behaviour: "drops +45 and spaces, as autofill inserts it", typed: "+45 12 34 56 78", stored: "12345678" },
    { behaviour: "drops +45 written without spaces", typed: "+4512345678", stored: "12345678" },
    { behaviour: "drops 0045", typed: "0045 12 34 56 78", stored: "12345678" },
    { behaviour: "drops spaces between pairs", typed: "12 34 56 78", stored: "12345678" },
    { behaviour: "drops dashes", typed: "12-34-56-78", stored: "12345678" },
    { behaviour: "drops dots", typed: "12.34.56.78", stored: "12345678" },
    { behaviour: "drops parentheses around the country code", typed: "(+45) 12 34 56 78", stored: "12345678" },
    { behaviour: "drops no-break and thin spaces", typed: "+45\u00a012\u200934\u202f56 78", stored: "12345678" },
    { behaviour: "drops an en dash", typed: "1234\u20135678", stored: "12345678" },
    { behaviour: "trims around the number", typed: "  +45 12345678 ", stored: "12345678" },
    { behaviour: "keeps another country code's digits", typed: "+46 70 123 45 67", stored: "46701234567" },
    { behaviour: "keeps another country code after 00", typed: "0046 70 123 45 67", stored: "46701234567" },
    { behaviour: "keeps 45 without a prefix (no way to tell it apart)", typed: "45 12 34 56 78", stored: "4512345678" },
    { behaviour: "leaves a plus in the middle as typed", typed: "1234+5678", stored: "1234+5678" },
    { behaviour: "leaves letters as typed", typed: "1234 567a", stored: "1234 567a" },
    { behaviour: "leaves a lone +45 as typed", typed: "+45", stored: "+45" },
    { behaviour: "leaves a lone plus as typed", typed: "+", stored: "+" },
    { behaviour: "leaves empty text empty", typed: "   ", stored: "" },
  ];
  for (const { behaviour, typed, stored } of cases) {
    test(behaviour, () => {
      expect(normalizePhone(typed)).toBe(stored);
    });
  }

  // Property-style: every way of writing a Danish number that the issue names ends as the same 8 digits, and
  // normalising what is stored changes nothing.
  const digits = ["12345678", "98765432", "20304050"];
  const writings = (number: string) => {
    const pairs = number.match(/../g)?.join(" ") ?? number;
    return [
      number,
      pairs,
      `+45 ${pairs}`,
      `+45${number}`,
      `0045 ${pairs}`,
      `0045${number}`,
      `+45-${number.slice(0, 4)}-${number.slice(4)}`,
      `(+45) ${pairs}`,
      ` ${pairs} `,
    ];
  };
  for (const number of digits) {
    test(`stores ${number} for each way of writing it`, () => {
      for (const typed of writings(number)) expect([typed, normalizePhone(typed)]).toEqual([typed, number]);
    });
  }

  test("is idempotent", () => {
    const typed = [...digits.flatMap(writings), "+46 70 123 45 67", "1234+5678", "+45", "abc", ""];
    for (const value of typed) expect(normalizePhone(normalizePhone(value))).toBe(normalizePhone(value));
  });

  test("SPEC §5's rule still judges what is left", () => {
    expect(isValidPhone(normalizePhone("+45 12 34 56 78"))).toBe(true);
    expect(isValidPhone(normalizePhone("+45 12 34 56"))).toBe(false);
    expect(isValidPhone(normalizePhone("1234 567a"))).toBe(false);
    expect(isValidPhone(normalizePhone("+45"))).toBe(false);
  });
});
