import { expect, test } from "vitest";
import { sortedByName } from "./names";

const rows = [
  { id: 1, name: { "da-DK": "Bagt kartoffel", "en-US": "Baked potato" } },
  { id: 2, name: { "da-DK": "Bestik", "en-US": "Cutlery" } },
  { id: 3, name: { "da-DK": "Brownie", "en-US": "Brownie" } },
  { id: 4, name: { "da-DK": "Æblejuice", "en-US": "Apple juice" } },
  { id: 5, name: { "da-DK": "Øl" } },
];

test("sorted by the English names in English, an untranslated row by its Danish name", () => {
  expect(sortedByName(rows, "en-US", "Unnamed").map((row) => row.id)).toEqual([4, 1, 3, 2, 5]);
});

test("sorted the Danish way in Danish: Æ and Ø after Z", () => {
  expect(sortedByName(rows, "da-DK", "Unavngivet").map((row) => row.id)).toEqual([1, 2, 3, 4, 5]);
});
