import { describe, expect, test } from "vitest";
import { catalogueChoices } from "./catalogue-choices";

const bag = { id: 1, name: "Pose", names: { "da-DK": "Pose", "en-US": "Bag" } };
const fries = { id: 2, name: "Pommes frites", names: { "da-DK": "Pommes frites", "en-US": "French fries" } };
const cola = { id: 3, name: "Cola", names: { "da-DK": "Cola" } };

describe("a settings picker's choices", () => {
  test.each([
    { language: "en-US", shown: ["Bag", "French fries", "Cola"] },
    { language: "da-DK", shown: ["Pose", "Pommes frites", "Cola"] },
  ])("are named in the person's language ($language), else by the restaurant's name", ({ language, shown }) => {
    expect(catalogueChoices([bag, fries, cola], language).map((choice) => choice.name)).toEqual(shown);
  });

  test("keep the API's order (a menu's categories) unless asked to sort", () => {
    expect(catalogueChoices([fries, bag], "en-US").map((choice) => choice.id)).toEqual([2, 1]);
  });

  test("sorted, follow the names shown in the person's language, not the restaurant's", () => {
    // Danish order: Cola, Pommes frites, Pose; English: Bag, Cola, French fries.
    expect(catalogueChoices([cola, bag, fries], "en-US", { byName: true }).map((choice) => choice.name)).toEqual([
      "Bag",
      "Cola",
      "French fries",
    ]);
  });
});
