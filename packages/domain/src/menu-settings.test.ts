import { describe, expect, test } from "vitest";
import { type GroupSettings, validateModifierSettings, validateProductPrices } from "./menu-settings";

const choice = (choiceId: number, freeAmount = 0, defaultChoiceAmount = 0) => ({
  choiceId,
  freeAmount,
  defaultChoiceAmount,
});

function group(settings: Partial<GroupSettings>): GroupSettings {
  return { maxChoices: 2, choicesIncluded: 1, choices: [choice(1), choice(2)], ...settings };
}

describe("validateModifierSettings", () => {
  const cases: { behaviour: string; group: GroupSettings; errors: { field: string; code: string }[] }[] = [
    { behaviour: "accepts a group the guest can satisfy", group: group({}), errors: [] },
    {
      behaviour: "accepts an optional group with no choices yet",
      group: group({ choicesIncluded: 0, choices: [] }),
      errors: [],
    },
    {
      behaviour: "refuses a group in which nothing may be chosen",
      group: group({ maxChoices: 0, choicesIncluded: 0 }),
      errors: [{ field: "maxChoices", code: "Menu.MaxChoicesTooLow" }],
    },
    {
      behaviour: "refuses more included choices than may be chosen (the product could never be ordered)",
      group: group({ maxChoices: 2, choicesIncluded: 3 }),
      errors: [{ field: "choicesIncluded", code: "Menu.IncludedAboveMax" }],
    },
    {
      behaviour: "accepts included equal to the maximum",
      group: group({ maxChoices: 2, choicesIncluded: 2 }),
      errors: [],
    },
    {
      behaviour: "refuses a group that must be chosen from but has no choice",
      group: group({ choicesIncluded: 1, choices: [] }),
      errors: [{ field: "choicesIncluded", code: "Menu.GroupWithoutChoices" }],
    },
    {
      behaviour: "refuses pre-selected units above the maximum, counted over the group",
      group: group({ maxChoices: 2, choices: [choice(1, 0, 2), choice(2, 0, 1)] }),
      errors: [{ field: "defaultChoiceAmount", code: "Menu.DefaultsAboveMax" }],
    },
    {
      behaviour: "accepts pre-selected units up to the maximum",
      group: group({ maxChoices: 3, choices: [choice(1, 0, 2), choice(2, 0, 1)] }),
      errors: [],
    },
    {
      behaviour: "refuses a free amount above the maximum, naming the choice",
      group: group({ maxChoices: 2, choices: [choice(1, 2), choice(2, 3)] }),
      errors: [{ field: "choices.1.freeAmount", code: "Menu.FreeAboveMax" }],
    },
  ];
  for (const { behaviour, group: settings, errors } of cases) {
    test(behaviour, () => expect(validateModifierSettings(settings)).toEqual(errors));
  }
});

describe("validateProductPrices", () => {
  const cases = [
    { behaviour: "accepts a plain price", prices: { priceMinor: 8900 }, errors: [] },
    { behaviour: "accepts a higher before-price", prices: { priceMinor: 8900, originalPriceMinor: 9900 }, errors: [] },
    {
      behaviour: "refuses a before-price that is not higher",
      prices: { priceMinor: 8900, originalPriceMinor: 8900 },
      errors: [{ field: "originalPriceMinor", code: "Menu.OriginalPriceNotHigher" }],
    },
    {
      behaviour: "accepts a lower weekday sale price",
      prices: { priceMinor: 8900, dailyPriceMinor: 6900 },
      errors: [],
    },
    {
      behaviour: "refuses a weekday sale price that is not lower",
      prices: { priceMinor: 8900, dailyPriceMinor: 9900 },
      errors: [{ field: "productPriceDaily.priceMinor", code: "Menu.SalePriceNotLower" }],
    },
  ];
  for (const { behaviour, prices, errors } of cases) {
    test(behaviour, () =>
      expect(validateProductPrices({ originalPriceMinor: null, dailyPriceMinor: null, ...prices })).toEqual(errors),
    );
  }
});
