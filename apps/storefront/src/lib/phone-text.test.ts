import { expect, test } from "vitest";
import { phoneHref, phoneText } from "./phone-text";

test.each([
  ["35361122", "35 36 11 22", "tel:+4535361122"],
  ["35 36 11 22", "35 36 11 22", "tel:+4535361122"],
  ["+45 86 12 44 55", "+45 86 12 44 55", "tel:+4586124455"],
])("%s reads as %s and dials %s", (stored, shown, href) => {
  expect(phoneText(stored)).toBe(shown);
  expect(phoneHref(stored)).toBe(href);
});
