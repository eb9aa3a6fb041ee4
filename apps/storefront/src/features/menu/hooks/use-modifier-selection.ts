import type { ModifierChoice, Product, ProductModifier } from "@app/contracts";
import { useMemo, useState } from "react";
import { translate } from "../../../lib/i18n";
import {
  type AddLine,
  type Amounts,
  amountOf,
  choiceLimit,
  chosenChoices,
  chosenLabels,
  type GroupRequirement,
  groupRequirement,
  groupUnits,
  hasQuantitySection,
  initialAmounts,
  initiallyOpenGroups,
  missingUnits,
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
  /** Units still to choose before the line may be added. */
  missing: number;
  /** What the group asks, shown before any add attempt. */
  requirement: GroupRequirement;
  /** The chosen choices as the guest reads them ("2× Bacon"), in display order. */
  chosen: string[];
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
  /** The groups open when the panel opens (the first, the required ones, those with a pre-selection). */
  initiallyOpen: number[];
};

/** The option panel's state: chosen amounts from the defaults, the live price and the group limits. */
export function useModifierSelection(
  product: Product,
  blockedChoiceIds: ReadonlySet<number>,
  language: string,
): ModifierSelection {
  const showsQuantity = hasQuantitySection(product);
  const [quantity, setQuantity] = useState(1);
  const [amounts, setAmounts] = useState<Amounts>(() => initialAmounts(product, blockedChoiceIds));
  const [initiallyOpen] = useState(() => initiallyOpenGroups(product, amounts));
  const lineQuantity = showsQuantity ? quantity : 1;

  const summary = useMemo(() => summarize(product, lineQuantity, amounts), [product, lineQuantity, amounts]);
  const groups = useMemo(
    () => groupStates(product, amounts, blockedChoiceIds, summary.shortModifierIds, language),
    [product, amounts, blockedChoiceIds, summary.shortModifierIds, language],
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
    initiallyOpen,
  };
}

function groupStates(
  product: Product,
  amounts: Amounts,
  blockedChoiceIds: ReadonlySet<number>,
  shortModifierIds: number[],
  language: string,
): GroupState[] {
  return product.modifiers.map((group) => {
    const units = groupUnits(group, amounts);
    return {
      group,
      units,
      isFull: units >= group.maxChoices,
      isShort: shortModifierIds.includes(group.id),
      missing: missingUnits(group, amounts),
      requirement: groupRequirement(group),
      chosen: chosenLabels(group, amounts, (choice) => translate(choice.name, language)),
      choices: group.choices.map((choice) => ({
        choice,
        amount: amountOf(amounts, group.id, choice.choiceId),
        blocked: blockedChoiceIds.has(choice.choiceId),
        limit: choiceLimit(group, amounts, choice.choiceId),
      })),
    };
  });
}
