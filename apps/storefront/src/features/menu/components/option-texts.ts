/**
 * The option panel's words (SPEC §5), built from message keys so a group's name is said once: the group's
 * own name often starts with a verb already ("Vælg fyld", "Choose fillings"), so no message puts a verb
 * before it. The texts come from i18next's `t`, passed in.
 */
import type { TFunction } from "i18next";
import type { GroupRequirement } from "../modifier-selection";

/** "Required" + "choose 2, up to 5 · 2 included in the price", or "Optional" + "choose up to 5". */
export function requirementParts(t: TFunction, requirement: GroupRequirement): { status: string; rule: string } {
  if (!requirement.required) {
    return { status: t("Options.Optional"), rule: t("Options.Limit", { count: requirement.upTo }) };
  }
  if (requirement.upTo <= requirement.choose) {
    return { status: t("Options.Required"), rule: t("Options.Choose", { count: requirement.choose }) };
  }
  const rule = [
    t("Options.ChooseUpTo", { count: requirement.choose, max: requirement.upTo }),
    t("Options.Included", { count: requirement.included }),
  ].join(" · ");
  return { status: t("Options.Required"), rule };
}

/** The whole requirement as one line: "Required · choose 2". */
export function requirementText(t: TFunction, requirement: GroupRequirement): string {
  const { status, rule } = requirementParts(t, requirement);
  return `${status} · ${rule}`;
}

/** Under a group that is short after an add attempt: "Please choose 2 more" (the group's heading names it). */
export function shortGroupText(t: TFunction, missing: number): string {
  return t("Options.PleaseChoose", { count: missing });
}

/** The panel's alert after a refused add: SPEC's sentence, then each short group by its own name, once. */
export function notAllChosenText(t: TFunction, shortGroupNames: readonly string[]): string {
  const sentence = t("Options.NotAllChosen");
  if (shortGroupNames.length === 0) return sentence;
  return `${sentence}. ${t("Options.Missing", { groups: shortGroupNames.join(", ") })}`;
}

/** What is chosen, as a list, or "Nothing chosen yet". */
export function chosenText(t: TFunction, labels: readonly string[]): string {
  return labels.length > 0 ? labels.join(", ") : t("Options.NothingChosen");
}
