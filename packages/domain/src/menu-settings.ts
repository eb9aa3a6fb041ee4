/**
 * What the menu editor may save (issue 45), so that every product it saves can be ordered and priced by
 * option-pricing.ts (SPEC §5 "Option groups", "Option pricing"). The back office runs these for instant
 * feedback; the API runs them again and decides. Each error names the field of the editor's request it is
 * about (a dotted path) and a code the back office translates.
 *
 * Option groups, as option-pricing.ts reads them:
 * - maxChoices ≥ 1: a group in which nothing may be chosen cannot be shown (MAX_CHOICES_TOO_LOW);
 * - choicesIncluded ≤ maxChoices: the guest must choose at least choicesIncluded and at most maxChoices units,
 *   so a larger included count makes the product impossible to order (INCLUDED_ABOVE_MAX);
 * - a group that must be chosen from (choicesIncluded ≥ 1) needs a choice to choose (GROUP_WITHOUT_CHOICES);
 * - the pre-selected units (defaultChoiceAmount, summed over the group) fit maxChoices, or the option panel
 *   would open over the limit (DEFAULTS_ABOVE_MAX);
 * - freeAmount ≤ maxChoices: more free units than may ever be chosen means an editing mistake (FREE_ABOVE_MAX).
 * Prices (SPEC §3 product):
 * - a before-price (originalPrice) is higher than the price, since it is shown struck through
 *   (ORIGINAL_PRICE_NOT_HIGHER);
 * - a weekday sale price (productPriceDaily) is lower than the price (SALE_PRICE_NOT_LOWER).
 */

export type MenuErrorCode =
  | "Menu.MaxChoicesTooLow"
  | "Menu.IncludedAboveMax"
  | "Menu.GroupWithoutChoices"
  | "Menu.DefaultsAboveMax"
  | "Menu.FreeAboveMax"
  | "Menu.OriginalPriceNotHigher"
  | "Menu.SalePriceNotLower";

export type MenuFieldError = { field: string; code: MenuErrorCode };

/** A choice as placed in a group (modifier_choice). */
export type GroupChoiceSettings = { choiceId: number; freeAmount: number; defaultChoiceAmount: number };

/** An option group as set on one product: the product's limits and the group's choices. */
export type GroupSettings = {
  maxChoices: number;
  choicesIncluded: number;
  choices: GroupChoiceSettings[];
};

/**
 * The errors of one group on one product; `choices.<i>` names a choice by its index in `choices`. The caller
 * maps these onto the request it is answering (the product's settings, or one choice's place in the group).
 */
export function validateModifierSettings(group: GroupSettings): MenuFieldError[] {
  const errors: MenuFieldError[] = [];
  if (group.maxChoices < 1) errors.push({ field: "maxChoices", code: "Menu.MaxChoicesTooLow" });
  if (group.choicesIncluded > group.maxChoices)
    errors.push({ field: "choicesIncluded", code: "Menu.IncludedAboveMax" });
  if (group.choicesIncluded >= 1 && group.choices.length === 0) {
    errors.push({ field: "choicesIncluded", code: "Menu.GroupWithoutChoices" });
  }
  const defaults = group.choices.reduce((sum, choice) => sum + choice.defaultChoiceAmount, 0);
  if (group.maxChoices >= 1 && defaults > group.maxChoices) {
    errors.push({ field: "defaultChoiceAmount", code: "Menu.DefaultsAboveMax" });
  }
  group.choices.forEach((choice, index) => {
    if (group.maxChoices >= 1 && choice.freeAmount > group.maxChoices) {
      errors.push({ field: `choices.${index}.freeAmount`, code: "Menu.FreeAboveMax" });
    }
  });
  return errors;
}

export type ProductPrices = {
  priceMinor: number;
  originalPriceMinor: number | null;
  dailyPriceMinor: number | null;
};

/** The errors of a product's prices, on the fields of the editor's product request. */
export function validateProductPrices(prices: ProductPrices): MenuFieldError[] {
  const errors: MenuFieldError[] = [];
  if (prices.originalPriceMinor !== null && prices.originalPriceMinor <= prices.priceMinor) {
    errors.push({ field: "originalPriceMinor", code: "Menu.OriginalPriceNotHigher" });
  }
  if (prices.dailyPriceMinor !== null && prices.dailyPriceMinor >= prices.priceMinor) {
    errors.push({ field: "productPriceDaily.priceMinor", code: "Menu.SalePriceNotLower" });
  }
  return errors;
}
