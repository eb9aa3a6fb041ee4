import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, test } from "vitest";
import da from "../../../locales/da-DK.json";
import en from "../../../locales/en-US.json";
import { groupRequirement } from "../modifier-selection";
import { group } from "../test/fixtures";
import { chosenText, notAllChosenText, requirementText, shortGroupText } from "./option-texts";

let danish: TFunction;
let english: TFunction;

beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: "da-DK", resources: { "da-DK": { translation: da }, "en-US": { translation: en } } });
  danish = i18n.getFixedT("da-DK");
  english = i18n.getFixedT("en-US");
});

const rule = (maxChoices: number, choicesIncluded: number) =>
  groupRequirement(group({ id: 1, en: "Group", maxChoices, choicesIncluded, choices: [] }));

describe("what a group asks, before any add attempt", () => {
  const cases = [
    {
      behaviour: "a group with choices included is required",
      max: 2,
      included: 2,
      da: "Påkrævet · vælg 2",
      en: "Required · choose 2",
    },
    {
      behaviour: "a required group that allows more says how many are included in the price",
      max: 5,
      included: 2,
      da: "Påkrævet · vælg 2, op til 5 · 2 inkluderet i prisen",
      en: "Required · choose 2, up to 5 · 2 included in the price",
    },
    {
      behaviour: "a group with none included is optional",
      max: 2,
      included: 0,
      da: "Valgfrit · vælg op til 2",
      en: "Optional · choose up to 2",
    },
  ];
  test.each(cases)("$behaviour", ({ max, included, da: danishText, en: englishText }) => {
    expect(requirementText(danish, rule(max, included))).toBe(danishText);
    expect(requirementText(english, rule(max, included))).toBe(englishText);
  });
});

describe("the refusal names each short group once", () => {
  test.each([
    ["da-DK", "Vælg fyld", "Du har ikke valgt alle tilvalg. Mangler: Vælg fyld"],
    ["en-US", "Choose fillings", "You haven't chosen all options. Missing: Choose fillings"],
  ])("%s: %s", (language, name, text) => {
    const t = language === "da-DK" ? danish : english;
    expect(notAllChosenText(t, [name])).toBe(text);
    expect(notAllChosenText(t, [name]).split(name)).toHaveLength(2);
  });

  test("several short groups are listed in panel order", () => {
    expect(notAllChosenText(english, ["Choose bun", "Choose sides"])).toBe(
      "You haven't chosen all options. Missing: Choose bun, Choose sides",
    );
  });

  test("under the group, the message says what is missing without repeating the group's name", () => {
    expect(shortGroupText(danish, 2)).toBe("Vælg 2 mere");
    expect(shortGroupText(english, 1)).toBe("Please choose 1 more");
  });
});

describe("what is chosen", () => {
  test("the chosen choices as a list", () => {
    expect(chosenText(danish, ["Pommes frites", "2× Bacon"])).toBe("Pommes frites, 2× Bacon");
  });

  test("nothing chosen says so", () => {
    expect(chosenText(danish, [])).toBe("Intet valgt endnu");
    expect(chosenText(english, [])).toBe("Nothing chosen yet");
  });
});
