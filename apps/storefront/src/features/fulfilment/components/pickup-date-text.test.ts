import { expect, test } from "vitest";
import { pickupDateText } from "./pickup-date-text";

const TODAY = "2026-11-23";
const DANISH = { today: "I dag", tomorrow: "I morgen" };
const ENGLISH = { today: "Today", tomorrow: "Tomorrow" };

test.each([
  ["2026-11-23", "da-DK", DANISH, { label: "I dag", detail: "23. nov." }],
  ["2026-11-24", "da-DK", DANISH, { label: "I morgen", detail: "24. nov." }],
  ["2026-11-25", "da-DK", DANISH, { label: "Onsdag", detail: "25. nov." }],
  ["2026-11-25", "en-US", ENGLISH, { label: "Wednesday", detail: "Nov 25" }],
  ["2026-12-01", "en-US", ENGLISH, { label: "Tuesday", detail: "Dec 1" }],
])("%s in %s", (date, language, words, expected) => {
  expect(pickupDateText(date, TODAY, language, words)).toEqual(expected);
});

test("the day is the restaurant's calendar day, whatever the guest's time zone", () => {
  // Formatted at noon UTC in UTC: no offset can move a YYYY-MM-DD to the day before or after.
  expect(pickupDateText("2026-03-29", TODAY, "en-US", ENGLISH)).toEqual({ label: "Sunday", detail: "Mar 29" });
});
