import type { ModifierChoice, Product, ProductModifier } from "@app/contracts";
import { useMemo, useState } from "react";
import {
  type AddLine,
  type Amounts,
  amountOf,
  choiceLimit,
  chosenChoices,
  groupUnits,
  hasQuantitySection,
  initialAmounts,
  type SelectionSummary,
  summarize,
  withAmount,
} from "../modifier-selection";

export type ChoiceState = {
  choice: ModifierChoice;
  amount: number;
  /** Sold out at the production unit: shown, not choosable. */
  blocked: boolean;
  /** Most units the guest may have of it now (the group's limit less the others' units). */
  limit: number;
};

export type GroupState = {
  group: ProductModifier;
  units: number;
  /** At maxChoices: no more units in this group (the plus buttons are disabled). */
  isFull: boolean;
  /** Below choicesIncluded: the line cannot be added yet. */
  isShort: boolean;
  choices: ChoiceState[];
};

export type ModifierSelection = {
  /** Product units of the line; 1 for the products without a quantity section. */
  quantity: number;
  setQuantity: (quantity: number) => void;
  showsQuantity: boolean;
  groups: GroupState[];
  /** Sets one choice's amount (held within the group's limit); tells whether that filled the group. */
  setAmount: (modifierId: number, choiceId: number, amount: number) => { filledGroup: boolean };
  summary: SelectionSummary;
  line: AddLine;
};

/** The option panel's state: chosen amounts from the defaults, the live price and the group limits. */
export function useModifierSelection(product: Product, blockedChoiceIds: ReadonlySet<number>): ModifierSelection {
  const showsQuantity = hasQuantitySection(product);
  const [quantity, setQuantity] = useState(1);
  const [amounts, setAmounts] = useState<Amounts>(() => initialAmounts(product, blockedChoiceIds));
  const lineQuantity = showsQuantity ? quantity : 1;

  const summary = useMemo(() => summarize(product, lineQuantity, amounts), [product, lineQuantity, amounts]);
  const groups = useMemo(
    () => groupStates(product, amounts, blockedChoiceIds, summary.shortModifierIds),
    [product, amounts, blockedChoiceIds, summary.shortModifierIds],
  );

  const setAmount = (modifierId: number, choiceId: number, amount: number) => {
    const group = product.modifiers.find((candidate) => candidate.id === modifierId);
    if (!group || blockedChoiceIds.has(choiceId)) return { filledGroup: false };
    const next = withAmount(product, amounts, modifierId, choiceId, amount);
    setAmounts(next);
    return {
      filledGroup: groupUnits(group, amounts) < group.maxChoices && groupUnits(group, next) >= group.maxChoices,
    };
  };

  return {
    quantity: lineQuantity,
    setQuantity,
    showsQuantity,
    groups,
    setAmount,
    summary,
    line: { productId: product.id, amount: lineQuantity, choices: chosenChoices(product, amounts) },
  };
}

function groupStates(
  product: Product,
  amounts: Amounts,
  blockedChoiceIds: ReadonlySet<number>,
  shortModifierIds: number[],
): GroupState[] {
  return product.modifiers.map((group) => {
    const units = groupUnits(group, amounts);
    return {
      group,
      units,
      isFull: units >= group.maxChoices,
      isShort: shortModifierIds.includes(group.id),
      choices: group.choices.map((choice) => ({
        choice,
        amount: amountOf(amounts, group.id, choice.choiceId),
        blocked: blockedChoiceIds.has(choice.choiceId),
        limit: choiceLimit(group, amounts, choice.choiceId),
      })),
    };
  });
}
