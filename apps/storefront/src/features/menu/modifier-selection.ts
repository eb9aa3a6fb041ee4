/**
 * The guest's choices in a product's option groups (SPEC §5), as pure functions over a map of amounts.
 * Prices come from priceLine (@app/domain), the same function the server prices the line with.
 */
import type { Product, ProductModifier } from "@app/contracts";
import { type ChosenChoice, type ModifierRule, priceLine, showsQuantitySection, toMinor } from "@app/domain";

/** Units chosen per choice and ONE product unit, by `choiceKey(modifierId, choiceId)`; absent = 0. */
export type Amounts = ReadonlyMap<string, number>;

/** What the guest adds: the basket's new line (amount = product units). */
export type AddLine = { productId: number; amount: number; choices: ChosenChoice[] };

export function choiceKey(modifierId: number, choiceId: number): string {
  return `${modifierId}:${choiceId}`;
}

export function amountOf(amounts: Amounts, modifierId: number, choiceId: number): number {
  return amounts.get(choiceKey(modifierId, choiceId)) ?? 0;
}

export function groupUnits(group: ProductModifier, amounts: Amounts): number {
  return group.choices.reduce((units, choice) => units + amountOf(amounts, group.id, choice.choiceId), 0);
}

/** SPEC §2: the products sold one at a time (dips, salat, sauce, bagt kartoffel) have no quantity, by Danish name. */
export function hasQuantitySection(product: Product): boolean {
  return showsQuantitySection(product.name["da-DK"] ?? "");
}

/** A group of one is a choose-one: a new pick replaces the old, so nobody has to untick first. */
export function isChooseOne(group: ProductModifier): boolean {
  return group.maxChoices === 1;
}

/** The pre-selected units (defaultChoiceAmount), never a sold-out choice, never past a group's limit. */
export function initialAmounts(product: Product, blockedChoiceIds: ReadonlySet<number>): Map<string, number> {
  const amounts = new Map<string, number>();
  for (const group of product.modifiers) {
    let room = group.maxChoices;
    for (const choice of group.choices) {
      const amount = Math.min(choice.defaultChoiceAmount, room);
      if (amount <= 0 || blockedChoiceIds.has(choice.choiceId)) continue;
      amounts.set(choiceKey(group.id, choice.choiceId), amount);
      room -= amount;
    }
  }
  return amounts;
}

/**
 * What a group asks of the guest, shown before any add attempt (SPEC §5: a group below choicesIncluded is
 * flagged, so those units are required): `choose` units at least (0 = optional), at most `upTo`, of which
 * `included` cost nothing.
 */
export type GroupRequirement = { required: boolean; choose: number; upTo: number; included: number };

export function groupRequirement(group: ProductModifier): GroupRequirement {
  return {
    required: group.choicesIncluded > 0,
    choose: group.choicesIncluded,
    upTo: group.maxChoices,
    included: group.choicesIncluded,
  };
}

/** Units still missing before the group may be added (0 once it reaches choicesIncluded). */
export function missingUnits(group: ProductModifier, amounts: Amounts): number {
  return Math.max(0, group.choicesIncluded - groupUnits(group, amounts));
}

/**
 * The groups open when the panel opens: the first, every required one and every one holding a
 * pre-selection, so the guest sees at once what is asked and what was chosen for them (the burger's fries).
 */
export function initiallyOpenGroups(product: Product, amounts: Amounts): number[] {
  return product.modifiers
    .filter((group, index) => index === 0 || group.choicesIncluded > 0 || groupUnits(group, amounts) > 0)
    .map((group) => group.id);
}

/** A group's chosen choices as the guest reads them, in display order: "Fries", "2× Bacon". */
export function chosenLabels(
  group: ProductModifier,
  amounts: Amounts,
  nameOf: (choice: ProductModifier["choices"][number]) => string,
): string[] {
  return group.choices.flatMap((choice) => {
    const amount = amountOf(amounts, group.id, choice.choiceId);
    if (amount <= 0) return [];
    return [amount > 1 ? `${amount}× ${nameOf(choice)}` : nameOf(choice)];
  });
}

/** Most units of one choice the guest may have now: what is left of the group's maxChoices (SPEC §5). */
export function choiceLimit(group: ProductModifier, amounts: Amounts, choiceId: number): number {
  if (isChooseOne(group)) return 1;
  const others = groupUnits(group, amounts) - amountOf(amounts, group.id, choiceId);
  return Math.max(0, group.maxChoices - others);
}

/** The amounts with one choice set to `amount`, held within the group's limit. */
export function withAmount(
  product: Product,
  amounts: Amounts,
  modifierId: number,
  choiceId: number,
  amount: number,
): Map<string, number> {
  const next = new Map(amounts);
  const group = product.modifiers.find((candidate) => candidate.id === modifierId);
  if (!group) return next;
  if (isChooseOne(group) && amount > 0) {
    for (const choice of group.choices) next.delete(choiceKey(modifierId, choice.choiceId));
  }
  const held = Math.max(0, Math.min(amount, choiceLimit(group, next, choiceId)));
  if (held > 0) next.set(choiceKey(modifierId, choiceId), held);
  else next.delete(choiceKey(modifierId, choiceId));
  return next;
}

/** The chosen choices in display order, as the basket and priceLine take them. */
export function chosenChoices(product: Product, amounts: Amounts): ChosenChoice[] {
  return product.modifiers.flatMap((group) =>
    group.choices.flatMap((choice) => {
      const amount = amountOf(amounts, group.id, choice.choiceId);
      return amount > 0 ? [{ modifierId: group.id, choiceId: choice.choiceId, amount }] : [];
    }),
  );
}

export function modifierRules(product: Product): ModifierRule[] {
  return product.modifiers.map((group) => ({
    modifierId: group.id,
    maxChoices: group.maxChoices,
    choicesIncluded: group.choicesIncluded,
    choices: group.choices.map((choice) => ({
      choiceId: choice.choiceId,
      priceMinor: toMinor(choice.price),
      freeAmount: choice.freeAmount,
    })),
  }));
}

export type SelectionSummary = {
  unitPriceMinor: number;
  totalPriceMinor: number;
  /** Groups below choicesIncluded ("Please choose …"): the line cannot be added yet. */
  shortModifierIds: number[];
  /** priceLine accepts the line as it stands: it may be added. */
  complete: boolean;
};

/**
 * The live price and whether the line may be added. priceLine refuses a group below choicesIncluded,
 * yet the guest should see a price while choosing: for that preview a short group counts its chosen
 * units as included (what it will be charged once completed with free choices), so only the groups
 * past their included count add extras, charged exactly as the server will.
 */
export function summarize(product: Product, quantity: number, amounts: Amounts): SelectionSummary {
  const input = {
    productPriceMinor: toMinor(product.price),
    quantity,
    modifiers: modifierRules(product),
    chosen: chosenChoices(product, amounts),
  };
  const verdict = priceLine(input);
  if (verdict.ok) return { ...prices(verdict), shortModifierIds: [], complete: true };
  const shortModifierIds = verdict.errors.flatMap((error) =>
    error.code === "TOO_FEW_CHOICES" && error.modifierId !== undefined ? [error.modifierId] : [],
  );
  const unitsOf = new Map(product.modifiers.map((group) => [group.id, groupUnits(group, amounts)]));
  const preview = priceLine({
    ...input,
    modifiers: input.modifiers.map((rule) => ({
      ...rule,
      choicesIncluded: Math.min(rule.choicesIncluded, unitsOf.get(rule.modifierId) ?? 0),
    })),
  });
  const fallback = { unitPriceMinor: input.productPriceMinor, totalPriceMinor: input.productPriceMinor * quantity };
  return { ...(preview.ok ? prices(preview) : fallback), shortModifierIds, complete: false };
}

function prices(result: { unitPriceMinor: number; totalPriceMinor: number }) {
  return { unitPriceMinor: result.unitPriceMinor, totalPriceMinor: result.totalPriceMinor };
}
