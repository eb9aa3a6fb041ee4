import { describe, expect, test } from "vitest";
import { dateInWords } from "./date-in-words";

describe("a date field's day in the app's language", () => {
  test.each([
    ["2027-01-02", "da-DK", "lør. 2. jan. 2027"],
    ["2027-01-02", "en-US", "Sat, Jan 2, 2027"],
    ["2026-12-24", "da-DK", "tors. 24. dec. 2026"],
    ["2026-12-24", "en-US", "Thu, Dec 24, 2026"],
  ])("%s in %s reads %s", (value, language, words) => {
    expect(dateInWords(value, language)).toBe(words);
  });

  test.each(["", "2027-01", "2027-02-30", "02.01.2027"])("%j is no day yet: nothing to say", (value) => {
    expect(dateInWords(value, "da-DK")).toBeUndefined();
  });
});
