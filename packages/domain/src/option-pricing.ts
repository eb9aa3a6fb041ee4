/**
 * Server-authoritative price of one basket line (SPEC §5 "Option pricing"). The storefront runs the
 * same function for instant feedback; the server recomputes and decides.
 *
 * Per modifier group, for ONE product unit (a choice's `amount` is per product unit):
 * 1. Each chosen choice's first `freeAmount` units are free. Over the whole line a choice is
 *    therefore charged only beyond freeAmount × quantity.
 * 2. The group's remaining chargeable units are sorted by price, highest first, and the
 *    `choicesIncluded` cheapest of them are included (not charged): extras beyond the included
 *    count are charged highest price first. Between equal prices the lower choiceId is charged,
 *    so the result does not depend on the order the guest picked in.
 * 3. unitPrice = productPrice + every group's charged units; total = unitPrice × quantity.
 *
 * Validation, all errors returned together:
 * - quantity an integer 1..99 (INVALID_QUANTITY); each choice amount an integer 1..99 (INVALID_CHOICE_AMOUNT);
 * - a modifier not on the product → UNKNOWN_MODIFIER; a choice not in its modifier → UNKNOWN_CHOICE;
 * - the same (modifierId, choiceId) more than once → DUPLICATE_CHOICE, reported once per pair;
 * - a group's chosen units above maxChoices → TOO_MANY_CHOICES; below choicesIncluded →
 *   TOO_FEW_CHOICES (SPEC "You haven't chosen all options": every included option must be chosen).
 *   Group counts use only the group's known choices with a valid amount, so one bad entry does not
 *   also raise a count error.
 */

export type ModifierRule = {
  modifierId: number;
  maxChoices: number;
  choicesIncluded: number;
  /** priceMinor is overwritePrice ?? defaultPrice, already resolved by the caller. */
  choices: { choiceId: number; priceMinor: number; freeAmount: number }[];
};

/** amount = units per ONE product unit. */
export type ChosenChoice = { modifierId: number; choiceId: number; amount: number };

export type PriceLineInput = {
  productPriceMinor: number;
  quantity: number;
  modifiers: ModifierRule[];
  chosen: ChosenChoice[];
};

/** priceMinor = what this choice adds to ONE product unit. */
export type PricedChoice = { modifierId: number; choiceId: number; amount: number; priceMinor: number };

export type LineError = {
  code:
    | "UNKNOWN_MODIFIER"
    | "UNKNOWN_CHOICE"
    | "DUPLICATE_CHOICE"
    | "INVALID_CHOICE_AMOUNT"
    | "TOO_MANY_CHOICES"
    | "TOO_FEW_CHOICES"
    | "INVALID_QUANTITY";
  modifierId?: number;
  choiceId?: number;
};

export type PriceLineResult =
  | { ok: true; unitPriceMinor: number; totalPriceMinor: number; choices: PricedChoice[] }
  | { ok: false; errors: LineError[] };

const MAX_QUANTITY = 99;
const MAX_CHOICE_AMOUNT = 99;

export function priceLine(input: PriceLineInput): PriceLineResult {
  const errors = findLineErrors(input);
  if (errors.length > 0) return { ok: false, errors };

  const chargedByChoice = new Map<string, number>();
  for (const rule of input.modifiers) {
    for (const [choiceId, priceMinor] of chargeGroup(rule, chosenIn(rule, input.chosen))) {
      chargedByChoice.set(choiceKey(rule.modifierId, choiceId), priceMinor);
    }
  }
  const choices = input.chosen.map((chosen) => ({
    ...chosen,
    priceMinor: chargedByChoice.get(choiceKey(chosen.modifierId, chosen.choiceId)) ?? 0,
  }));
  const unitPriceMinor = input.productPriceMinor + sum(choices.map((choice) => choice.priceMinor));
  return { ok: true, unitPriceMinor, totalPriceMinor: unitPriceMinor * input.quantity, choices };
}

/** What each chosen choice of one group adds to one product unit, by choiceId. */
function chargeGroup(rule: ModifierRule, chosen: ChosenChoice[]): Map<number, number> {
  const units = chosen.flatMap((choice) => chargeableUnits(rule, choice));
  units.sort((a, b) => b.priceMinor - a.priceMinor || a.choiceId - b.choiceId);
  const charged = units.slice(0, Math.max(0, units.length - rule.choicesIncluded));

  const priceByChoice = new Map(chosen.map((choice) => [choice.choiceId, 0]));
  for (const unit of charged) {
    priceByChoice.set(unit.choiceId, (priceByChoice.get(unit.choiceId) ?? 0) + unit.priceMinor);
  }
  return priceByChoice;
}

function chargeableUnits(rule: ModifierRule, chosen: ChosenChoice): { choiceId: number; priceMinor: number }[] {
  const choice = rule.choices.find((candidate) => candidate.choiceId === chosen.choiceId);
  if (!choice) return [];
  const count = Math.max(0, chosen.amount - choice.freeAmount);
  return Array.from({ length: count }, () => ({ choiceId: choice.choiceId, priceMinor: choice.priceMinor }));
}

function findLineErrors(input: PriceLineInput): LineError[] {
  const quantityErrors: LineError[] = isWholeNumberIn(input.quantity, 1, MAX_QUANTITY)
    ? []
    : [{ code: "INVALID_QUANTITY" }];
  return [
    ...quantityErrors,
    ...input.chosen.flatMap((chosen) => choiceErrors(chosen, input.modifiers)),
    ...duplicateErrors(input.chosen),
    ...input.modifiers.flatMap((rule) => groupCountErrors(rule, input.chosen)),
  ];
}

function choiceErrors(chosen: ChosenChoice, modifiers: ModifierRule[]): LineError[] {
  const where = { modifierId: chosen.modifierId, choiceId: chosen.choiceId };
  const errors: LineError[] = [];
  const rule = modifiers.find((candidate) => candidate.modifierId === chosen.modifierId);
  if (!rule) errors.push({ code: "UNKNOWN_MODIFIER", ...where });
  else if (!isKnownChoice(rule, chosen)) errors.push({ code: "UNKNOWN_CHOICE", ...where });
  if (!isValidAmount(chosen)) errors.push({ code: "INVALID_CHOICE_AMOUNT", ...where });
  return errors;
}

function duplicateErrors(chosen: ChosenChoice[]): LineError[] {
  const seen = new Set<string>();
  const reported = new Set<string>();
  const errors: LineError[] = [];
  for (const { modifierId, choiceId } of chosen) {
    const key = choiceKey(modifierId, choiceId);
    if (seen.has(key) && !reported.has(key)) {
      errors.push({ code: "DUPLICATE_CHOICE", modifierId, choiceId });
      reported.add(key);
    }
    seen.add(key);
  }
  return errors;
}

function groupCountErrors(rule: ModifierRule, chosen: ChosenChoice[]): LineError[] {
  const countable = chosenIn(rule, chosen).filter((choice) => isKnownChoice(rule, choice) && isValidAmount(choice));
  const units = sum(countable.map((choice) => choice.amount));
  if (units > rule.maxChoices) return [{ code: "TOO_MANY_CHOICES", modifierId: rule.modifierId }];
  if (units < rule.choicesIncluded) return [{ code: "TOO_FEW_CHOICES", modifierId: rule.modifierId }];
  return [];
}

function chosenIn(rule: ModifierRule, chosen: ChosenChoice[]): ChosenChoice[] {
  return chosen.filter((choice) => choice.modifierId === rule.modifierId);
}

function isKnownChoice(rule: ModifierRule, chosen: ChosenChoice): boolean {
  return rule.choices.some((choice) => choice.choiceId === chosen.choiceId);
}

function isValidAmount(chosen: ChosenChoice): boolean {
  return isWholeNumberIn(chosen.amount, 1, MAX_CHOICE_AMOUNT);
}

function isWholeNumberIn(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

function choiceKey(modifierId: number, choiceId: number): string {
  return `${modifierId}:${choiceId}`;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
