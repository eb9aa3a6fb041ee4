import { describe, expect, test } from "vitest";
import {
  chosenLabels,
  initialAmounts,
  initiallyOpenGroups,
  missingUnits,
  summarize,
  withAmount,
} from "./modifier-selection";
import { choice, group, product } from "./test/fixtures";

const sides = group({
  id: 1,
  en: "Sides",
  maxChoices: 2,
  choicesIncluded: 1,
  choices: [
    choice({ choiceId: 11, en: "Fries", price: 10, defaultChoiceAmount: 2 }),
    choice({ choiceId: 12, en: "Salad", price: 20, defaultChoiceAmount: 1 }),
  ],
});
const burger = product({ id: 1, price: 100, modifiers: [sides] });

describe("initialAmounts", () => {
  test("defaults fill a group up to its limit, in display order", () => {
    expect([...initialAmounts(burger, new Set())]).toEqual([["1:11", 2]]);
  });

  test("a sold-out choice is never pre-selected; the next default takes its place", () => {
    expect([...initialAmounts(burger, new Set([11]))]).toEqual([["1:12", 1]]);
  });
});

describe("withAmount", () => {
  test("a choice is held within what the group's limit leaves it", () => {
    const amounts = withAmount(burger, new Map([["1:11", 1]]), 1, 12, 5);
    expect(amounts.get("1:12")).toBe(1);
  });

  test("a choose-one group swaps its pick", () => {
    const one = product({ id: 2, modifiers: [{ ...sides, maxChoices: 1 }] });
    expect([...withAmount(one, new Map([["1:11", 1]]), 1, 12, 1)]).toEqual([["1:12", 1]]);
  });
});

describe("summarize", () => {
  const cases = [
    { behaviour: "nothing chosen: short, priced as the product", amounts: [], total: 10000, complete: false },
    { behaviour: "one included: complete, nothing extra", amounts: [["1:12", 1]], total: 10000, complete: true },
    {
      behaviour: "one beyond the included: the dearer charged",
      amounts: [
        ["1:11", 1],
        ["1:12", 1],
      ],
      total: 12000,
      complete: true,
    },
  ] as const;
  for (const { behaviour, amounts, total, complete } of cases) {
    test(behaviour, () => {
      const summary = summarize(burger, 1, new Map(amounts));
      expect(summary).toMatchObject({ totalPriceMinor: total, complete });
      expect(summary.shortModifierIds).toEqual(complete ? [] : [1]);
    });
  }
});

describe("initiallyOpenGroups", () => {
  const bun = group({ id: 2, en: "Bun", choicesIncluded: 1, choices: [choice({ choiceId: 21, en: "Brioche" })] });
  const side = group({
    id: 3,
    en: "Side",
    maxChoices: 2,
    choices: [choice({ choiceId: 31, en: "Fries", defaultChoiceAmount: 1 })],
  });
  const extras = group({ id: 4, en: "Extras", maxChoices: 3, choices: [choice({ choiceId: 41, en: "Bacon" })] });
  const toppings = group({ id: 5, en: "Toppings", maxChoices: 5, choicesIncluded: 2, choices: [] });

  test("the first group, the required ones and those holding a pre-selection open; the rest stay folded", () => {
    const meal = product({ id: 2, modifiers: [extras, bun, side, toppings] });
    expect(initiallyOpenGroups(meal, initialAmounts(meal, new Set()))).toEqual([4, 2, 3, 5]);
    const plain = product({ id: 3, modifiers: [bun, extras] });
    expect(initiallyOpenGroups(plain, initialAmounts(plain, new Set()))).toEqual([2]);
  });
});

describe("chosenLabels", () => {
  test("the chosen choices in display order, with a count above one", () => {
    const amounts = new Map([
      ["1:12", 1],
      ["1:11", 2],
    ]);
    expect(chosenLabels(sides, amounts, (c) => c.name["en-US"] ?? "")).toEqual(["2× Fries", "Salad"]);
  });
});

describe("missingUnits", () => {
  test("what a group still needs to reach its included count, never below 0", () => {
    expect(missingUnits(sides, new Map())).toBe(1);
    expect(missingUnits(sides, new Map([["1:11", 2]]))).toBe(0);
  });
});
