import { type Ref, useId } from "react";
import { useTranslation } from "react-i18next";
import { Counter } from "../../../components/ui/counter";
import { translate } from "../../../lib/i18n";
import { priceText } from "../../../lib/price-text";
import type { GroupState } from "../hooks/use-modifier-selection";
import { isChooseOne } from "../modifier-selection";
import { chosenText, requirementParts, shortGroupText } from "./option-texts";

export type ModifierGroupProps = {
  state: GroupState;
  language: string;
  open: boolean;
  onToggle: () => void;
  /** Shown after an add attempt while the group is below choicesIncluded. */
  flagged: boolean;
  onAmount: (choiceId: number, amount: number) => void;
  /** The first group's toggle takes the focus when the panel opens. */
  toggleRef?: Ref<HTMLButtonElement> | undefined;
};

/**
 * One option group as a disclosure section. Its heading's button opens and closes it and always says what
 * the group asks ("Required · choose 2", "Optional · choose up to 5") and what is chosen in it, so a folded
 * group hides nothing. Inside, a fieldset of its choices. SPEC §5: a group cannot pass maxChoices (each plus
 * button is disabled at the group's limit).
 */
export function ModifierGroup({ state, language, open, onToggle, flagged, onAmount, toggleRef }: ModifierGroupProps) {
  const { t } = useTranslation();
  const id = useId();
  const { group, requirement } = state;
  const name = translate(group.name, language);
  const { status, rule } = requirementParts(t, requirement);
  const chosen = chosenText(t, state.chosen);
  const done = requirement.required && !state.isShort;
  const describedBy = [`${id}-rule`, `${id}-chosen`, flagged ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div
      className={`modifier-group${flagged ? " modifier-group-flagged" : ""}${open ? " modifier-group-open" : ""}`}
      data-modifier-id={group.id}
    >
      <div className="modifier-group-header">
        <h3 className="modifier-group-heading">
          <button
            ref={toggleRef}
            type="button"
            className="modifier-group-toggle"
            aria-expanded={open}
            aria-controls={`${id}-choices`}
            aria-describedby={describedBy}
            onClick={onToggle}
          >
            <span className="modifier-group-name">{name}</span>
            <span className="modifier-group-chevron" aria-hidden="true" />
          </button>
        </h3>
        {/* What the group asks and holds: the toggle's description, seen before any add attempt. */}
        <p id={`${id}-rule`} className="modifier-group-rule">
          <span
            className={`modifier-badge${requirement.required ? " modifier-badge-required" : ""}${done ? " modifier-badge-done" : ""}`}
          >
            {status}
          </span>{" "}
          · {rule}
        </p>
        <p id={`${id}-chosen`} className="modifier-group-chosen">
          {chosen}
        </p>
      </div>
      {flagged ? (
        <p id={`${id}-error`} className="modifier-group-error">
          {shortGroupText(t, state.missing)}
        </p>
      ) : null}
      <fieldset id={`${id}-choices`} className="modifier-choices" hidden={!open} aria-describedby={describedBy}>
        <legend className="visually-hidden">{name}</legend>
        {state.choices.map((choiceState) => (
          <ModifierChoiceRow
            key={choiceState.choice.choiceId}
            choiceState={choiceState}
            groupName={`${id}-group`}
            chooseOne={isChooseOne(group)}
            required={requirement.required}
            language={language}
            onAmount={(amount) => onAmount(choiceState.choice.choiceId, amount)}
          />
        ))}
      </fieldset>
    </div>
  );
}

type ChoiceRowProps = {
  choiceState: GroupState["choices"][number];
  groupName: string;
  chooseOne: boolean;
  required: boolean;
  language: string;
  onAmount: (amount: number) => void;
};

/**
 * A choice: a radio in a required choose-one group, a checkbox in an optional one, else a counter.
 * Its price shows unless it is 0; a sold-out choice shows "Sold out" and cannot be chosen.
 */
function ModifierChoiceRow({ choiceState, groupName, chooseOne, required, language, onAmount }: ChoiceRowProps) {
  const { t } = useTranslation();
  const { choice, amount, blocked, limit } = choiceState;
  const name = translate(choice.name, language);
  const price = choice.price > 0 ? `+${priceText(choice.price, language, t("Currency"))}` : null;
  const details = (
    <>
      <span className="modifier-choice-name">{name}</span>
      {price ? <span className="modifier-choice-price">{price}</span> : null}
      {blocked ? <span className="modifier-choice-blocked">{t("Product.Blocked")}</span> : null}
    </>
  );
  if (chooseOne) {
    return (
      <label
        className={`modifier-choice modifier-choice-toggle${blocked ? " modifier-choice-sold-out" : ""}${amount > 0 ? " modifier-choice-chosen" : ""}`}
      >
        <input
          type={required ? "radio" : "checkbox"}
          name={groupName}
          checked={amount > 0}
          disabled={blocked}
          onChange={(event) => onAmount(event.currentTarget.checked ? 1 : 0)}
        />
        {details}
      </label>
    );
  }
  return (
    <div
      className={`modifier-choice${blocked ? " modifier-choice-sold-out" : ""}${amount > 0 ? " modifier-choice-chosen" : ""}`}
    >
      <span className="modifier-choice-text">{details}</span>
      {blocked ? null : <Counter value={amount} onChange={onAmount} name={name} min={0} max={limit} />}
    </div>
  );
}
