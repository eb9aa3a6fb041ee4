import { describe, expect, test } from "vitest";
import { matchingItems } from "./matching-items";

const items = {
  products: [
    { id: 1, name: "Cheeseburger", category: "Burgere" },
    { id: 2, name: "Pommes frites", category: "Tilbehør" },
  ],
  choices: [{ id: 7, name: "Ekstra ost", modifier: "Tilvalg" }],
};

describe("finding what to sell out", () => {
  test("every typed word must be in the name or its group, in any case", () => {
    expect(matchingItems(items, "OST").map((item) => item.id)).toEqual([7]);
    expect(matchingItems(items, "RGER").map((item) => item.id)).toEqual([1]);
    expect(matchingItems(items, "ost tilvalg")).toEqual([
      { target: "choice", id: 7, name: "Ekstra ost", group: "Tilvalg" },
    ]);
    expect(matchingItems(items, "burgere").map((item) => item.name)).toEqual(["Cheeseburger"]);
  });

  test("nothing typed lists nothing", () => {
    expect(matchingItems(items, "  ")).toEqual([]);
  });
});
