import { describe, expect, test } from "vitest";
import { type ModifierRule, type PriceLineInput, type PriceLineResult, priceLine } from "./option-pricing";

const BURGER = 8900;

/** Sauces: two included, 5 kr and 7 kr. */
const SAUCES: ModifierRule = {
  modifierId: 1,
  maxChoices: 2,
  choicesIncluded: 2,
  choices: [
    { choiceId: 11, priceMinor: 500, freeAmount: 0 },
    { choiceId: 12, priceMinor: 700, freeAmount: 0 },
  ],
};

/** Toppings: one included, 10, 20 and 30 kr. */
const TOPPINGS: ModifierRule = {
  modifierId: 2,
  maxChoices: 3,
  choicesIncluded: 1,
  choices: [
    { choiceId: 21, priceMinor: 1000, freeAmount: 0 },
    { choiceId: 22, priceMinor: 2000, freeAmount: 0 },
    { choiceId: 23, priceMinor: 3000, freeAmount: 0 },
  ],
};

/** Dip: the first one per burger is free, then 10 kr each. */
const DIPS: ModifierRule = {
  modifierId: 3,
  maxChoices: 5,
  choicesIncluded: 0,
  choices: [{ choiceId: 31, priceMinor: 1000, freeAmount: 1 }],
};

/** Cheese: default price 15 kr, overwritten to 12 kr for this product (resolved by the caller). */
const CHEESE: ModifierRule = {
  modifierId: 4,
  maxChoices: 1,
  choicesIncluded: 0,
  choices: [{ choiceId: 41, priceMinor: 1200, freeAmount: 0 }],
};

/** Sides: one included; fries have one free unit of their own. */
const SIDES: ModifierRule = {
  modifierId: 5,
  maxChoices: 4,
  choicesIncluded: 1,
  choices: [
    { choiceId: 51, priceMinor: 1000, freeAmount: 1 },
    { choiceId: 52, priceMinor: 2000, freeAmount: 0 },
    { choiceId: 53, priceMinor: 500, freeAmount: 0 },
  ],
};

/** Drinks: one included, two drinks at the same price. */
const DRINKS: ModifierRule = {
  modifierId: 6,
  maxChoices: 2,
  choicesIncluded: 1,
  choices: [
    { choiceId: 61, priceMinor: 1500, freeAmount: 0 },
    { choiceId: 62, priceMinor: 1500, freeAmount: 0 },
  ],
};

describe("priceLine prices", () => {
  const cases: { behaviour: string; input: PriceLineInput; result: PriceLineResult }[] = [
    {
      behaviour: "a product without modifiers costs its price times the quantity",
      input: { productPriceMinor: BURGER, quantity: 2, modifiers: [], chosen: [] },
      result: { ok: true, unitPriceMinor: 8900, totalPriceMinor: 17800, choices: [] },
    },
    {
      behaviour: "choices within the included count cost nothing",
      input: {
        productPriceMinor: BURGER,
        quantity: 1,
        modifiers: [SAUCES],
        chosen: [
          { modifierId: 1, choiceId: 11, amount: 1 },
          { modifierId: 1, choiceId: 12, amount: 1 },
        ],
      },
      result: {
        ok: true,
        unitPriceMinor: 8900,
        totalPriceMinor: 8900,
        choices: [
          { modifierId: 1, choiceId: 11, amount: 1, priceMinor: 0 },
          { modifierId: 1, choiceId: 12, amount: 1, priceMinor: 0 },
        ],
      },
    },
    {
      behaviour: "extras beyond the included count are charged highest price first",
      input: {
        productPriceMinor: BURGER,
        quantity: 1,
        modifiers: [TOPPINGS],
        chosen: [
          { modifierId: 2, choiceId: 21, amount: 1 },
          { modifierId: 2, choiceId: 22, amount: 1 },
          { modifierId: 2, choiceId: 23, amount: 1 },
        ],
      },
      result: {
        ok: true,
        unitPriceMinor: 13900,
        totalPriceMinor: 13900,
        choices: [
          { modifierId: 2, choiceId: 21, amount: 1, priceMinor: 0 },
          { modifierId: 2, choiceId: 22, amount: 1, priceMinor: 2000 },
          { modifierId: 2, choiceId: 23, amount: 1, priceMinor: 3000 },
        ],
      },
    },
    {
      behaviour: "several units of one choice count one by one against the included count",
      input: {
        productPriceMinor: BURGER,
        quantity: 1,
        modifiers: [TOPPINGS],
        chosen: [{ modifierId: 2, choiceId: 23, amount: 3 }],
      },
      result: {
        ok: true,
        unitPriceMinor: 14900,
        totalPriceMinor: 14900,
        choices: [{ modifierId: 2, choiceId: 23, amount: 3, priceMinor: 6000 }],
      },
    },
    {
      behaviour: "a choice is charged only beyond its free amount times the quantity",
      input: {
        productPriceMinor: BURGER,
        quantity: 2,
        modifiers: [DIPS],
        chosen: [{ modifierId: 3, choiceId: 31, amount: 3 }],
      },
      // 6 dips on the line, 2 free (1 × quantity 2), 4 charged at 10 kr = 2 per burger.
      result: {
        ok: true,
        unitPriceMinor: 10900,
        totalPriceMinor: 21800,
        choices: [{ modifierId: 3, choiceId: 31, amount: 3, priceMinor: 2000 }],
      },
    },
    {
      behaviour: "a choice within its free amount costs nothing",
      input: {
        productPriceMinor: BURGER,
        quantity: 3,
        modifiers: [DIPS],
        chosen: [{ modifierId: 3, choiceId: 31, amount: 1 }],
      },
      result: {
        ok: true,
        unitPriceMinor: 8900,
        totalPriceMinor: 26700,
        choices: [{ modifierId: 3, choiceId: 31, amount: 1, priceMinor: 0 }],
      },
    },
    {
      behaviour: "an overwritten choice price is charged as given",
      input: {
        productPriceMinor: BURGER,
        quantity: 1,
        modifiers: [CHEESE],
        chosen: [{ modifierId: 4, choiceId: 41, amount: 1 }],
      },
      result: {
        ok: true,
        unitPriceMinor: 10100,
        totalPriceMinor: 10100,
        choices: [{ modifierId: 4, choiceId: 41, amount: 1, priceMinor: 1200 }],
      },
    },
    {
      behaviour: "free amounts are taken off before the included count takes the cheapest units",
      input: {
        productPriceMinor: BURGER,
        quantity: 1,
        modifiers: [SIDES],
        chosen: [
          { modifierId: 5, choiceId: 51, amount: 2 },
          { modifierId: 5, choiceId: 52, amount: 1 },
          { modifierId: 5, choiceId: 53, amount: 1 },
        ],
      },
      // Chargeable: one fries (10 kr; the other is free), 20 kr, 5 kr; the 5 kr one is included.
      result: {
        ok: true,
        unitPriceMinor: 11900,
        totalPriceMinor: 11900,
        choices: [
          { modifierId: 5, choiceId: 51, amount: 2, priceMinor: 1000 },
          { modifierId: 5, choiceId: 52, amount: 1, priceMinor: 2000 },
          { modifierId: 5, choiceId: 53, amount: 1, priceMinor: 0 },
        ],
      },
    },
    {
      behaviour: "each group applies its own included count and the charges add up",
      input: {
        productPriceMinor: BURGER,
        quantity: 3,
        modifiers: [TOPPINGS, DIPS],
        chosen: [
          { modifierId: 2, choiceId: 21, amount: 1 },
          { modifierId: 2, choiceId: 22, amount: 1 },
          { modifierId: 3, choiceId: 31, amount: 2 },
        ],
      },
      result: {
        ok: true,
        unitPriceMinor: 11900,
        totalPriceMinor: 35700,
        choices: [
          { modifierId: 2, choiceId: 21, amount: 1, priceMinor: 0 },
          { modifierId: 2, choiceId: 22, amount: 1, priceMinor: 2000 },
          { modifierId: 3, choiceId: 31, amount: 2, priceMinor: 1000 },
        ],
      },
    },
    {
      behaviour: "between equal prices the lower choice id is charged, whatever the order chosen",
      input: {
        productPriceMinor: BURGER,
        quantity: 1,
        modifiers: [DRINKS],
        chosen: [
          { modifierId: 6, choiceId: 62, amount: 1 },
          { modifierId: 6, choiceId: 61, amount: 1 },
        ],
      },
      result: {
        ok: true,
        unitPriceMinor: 10400,
        totalPriceMinor: 10400,
        choices: [
          { modifierId: 6, choiceId: 62, amount: 1, priceMinor: 0 },
          { modifierId: 6, choiceId: 61, amount: 1, priceMinor: 1500 },
        ],
      },
    },
  ];
  for (const { behaviour, input, result } of cases) {
    test(behaviour, () => {
      expect(priceLine(input)).toEqual(result);
    });
  }
});

describe("priceLine refuses", () => {
  const line = (quantity: number, chosen: PriceLineInput["chosen"]): PriceLineInput => ({
    productPriceMinor: BURGER,
    quantity,
    modifiers: [SAUCES, DIPS],
    chosen,
  });
  const twoSauces = [
    { modifierId: 1, choiceId: 11, amount: 1 },
    { modifierId: 1, choiceId: 12, amount: 1 },
  ];
  const cases: { behaviour: string; input: PriceLineInput; result: PriceLineResult }[] = [
    {
      behaviour: "a quantity of 0",
      input: line(0, twoSauces),
      result: { ok: false, errors: [{ code: "INVALID_QUANTITY" }] },
    },
    {
      behaviour: "a quantity above 99",
      input: line(100, twoSauces),
      result: { ok: false, errors: [{ code: "INVALID_QUANTITY" }] },
    },
    {
      behaviour: "a fractional quantity",
      input: line(1.5, twoSauces),
      result: { ok: false, errors: [{ code: "INVALID_QUANTITY" }] },
    },
    {
      behaviour: "a choice amount of 0",
      input: line(1, [...twoSauces, { modifierId: 3, choiceId: 31, amount: 0 }]),
      result: { ok: false, errors: [{ code: "INVALID_CHOICE_AMOUNT", modifierId: 3, choiceId: 31 }] },
    },
    {
      behaviour: "a choice amount above 99",
      input: line(1, [...twoSauces, { modifierId: 3, choiceId: 31, amount: 100 }]),
      result: { ok: false, errors: [{ code: "INVALID_CHOICE_AMOUNT", modifierId: 3, choiceId: 31 }] },
    },
    {
      behaviour: "a fractional choice amount",
      input: line(1, [...twoSauces, { modifierId: 3, choiceId: 31, amount: 0.5 }]),
      result: { ok: false, errors: [{ code: "INVALID_CHOICE_AMOUNT", modifierId: 3, choiceId: 31 }] },
    },
    {
      behaviour: "a modifier that is not on the product",
      input: line(1, [...twoSauces, { modifierId: 99, choiceId: 11, amount: 1 }]),
      result: { ok: false, errors: [{ code: "UNKNOWN_MODIFIER", modifierId: 99, choiceId: 11 }] },
    },
    {
      behaviour: "a choice that is not in its modifier",
      input: line(1, [...twoSauces, { modifierId: 3, choiceId: 11, amount: 1 }]),
      result: { ok: false, errors: [{ code: "UNKNOWN_CHOICE", modifierId: 3, choiceId: 11 }] },
    },
    {
      behaviour: "the same choice more than once, reported once",
      input: line(1, [
        { modifierId: 1, choiceId: 11, amount: 1 },
        { modifierId: 1, choiceId: 11, amount: 1 },
        { modifierId: 1, choiceId: 11, amount: 1 },
      ]),
      result: {
        ok: false,
        errors: [
          { code: "DUPLICATE_CHOICE", modifierId: 1, choiceId: 11 },
          { code: "TOO_MANY_CHOICES", modifierId: 1 },
        ],
      },
    },
    {
      behaviour: "more units in a group than maxChoices",
      input: line(1, [...twoSauces, { modifierId: 3, choiceId: 31, amount: 6 }]),
      result: { ok: false, errors: [{ code: "TOO_MANY_CHOICES", modifierId: 3 }] },
    },
    {
      behaviour: "fewer units in a group than choicesIncluded",
      input: line(1, twoSauces.slice(0, 1)),
      result: { ok: false, errors: [{ code: "TOO_FEW_CHOICES", modifierId: 1 }] },
    },
    {
      behaviour: "a group with included choices left empty",
      input: line(1, []),
      result: { ok: false, errors: [{ code: "TOO_FEW_CHOICES", modifierId: 1 }] },
    },
    {
      behaviour: "everything wrong at once, with every error listed",
      input: line(0, [
        { modifierId: 1, choiceId: 11, amount: 1 },
        { modifierId: 1, choiceId: 13, amount: 1 },
        { modifierId: 7, choiceId: 71, amount: 1 },
        { modifierId: 3, choiceId: 31, amount: 0 },
      ]),
      result: {
        ok: false,
        errors: [
          { code: "INVALID_QUANTITY" },
          { code: "UNKNOWN_CHOICE", modifierId: 1, choiceId: 13 },
          { code: "UNKNOWN_MODIFIER", modifierId: 7, choiceId: 71 },
          { code: "INVALID_CHOICE_AMOUNT", modifierId: 3, choiceId: 31 },
          { code: "TOO_FEW_CHOICES", modifierId: 1 },
        ],
      },
    },
  ];
  for (const { behaviour, input, result } of cases) {
    test(behaviour, () => {
      expect(priceLine(input)).toEqual(result);
    });
  }
});
