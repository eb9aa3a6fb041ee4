import { describe, expect, test } from "vitest";
import { weekdayNames } from "./weekday-names";

describe("weekdayNames", () => {
  test("as headings, Monday first, each with a capital", () => {
    expect(weekdayNames("da-DK", "heading")).toEqual([
      "Mandag",
      "Tirsdag",
      "Onsdag",
      "Torsdag",
      "Fredag",
      "Lørdag",
      "Søndag",
    ]);
    expect(weekdayNames("en-US", "heading")[0]).toBe("Monday");
  });

  test("inside a sentence, Danish weekdays are lower case and English ones keep their capital", () => {
    expect(weekdayNames("da-DK", "sentence")).toEqual([
      "mandag",
      "tirsdag",
      "onsdag",
      "torsdag",
      "fredag",
      "lørdag",
      "søndag",
    ]);
    expect(weekdayNames("en-US", "sentence")[6]).toBe("Sunday");
  });
});
