import type { Translations } from "@app/db";
import { describe, expect, test } from "vitest";
import { displayName, givenNames } from "./list-catalogue-names";

describe("the name a setting's picker shows", () => {
  const row = (name: Translations, internalName = "") => ({ id: 7, name, internalName });

  test.each([
    { case: "the default language's", name: { "da-DK": "Pose", "en-US": "Bag" }, language: "en-US", shown: "Bag" },
    { case: "Danish when the default language has none", name: { "da-DK": "Pose" }, language: "en-US", shown: "Pose" },
    {
      case: "Danish when the default language's is blank",
      name: { "da-DK": "Pose", "en-US": " " },
      language: "en-US",
      shown: "Pose",
    },
    { case: "any text when there is no Danish", name: { "de-DE": "Tüte" }, language: "da-DK", shown: "Tüte" },
  ] as const)("is $case", ({ name, language, shown }) => {
    expect(displayName(row(name), language)).toBe(shown);
  });

  test("is the internal name when there is no text at all", () => {
    expect(displayName(row({}, "bag-fee"), "da-DK")).toBe("bag-fee");
  });

  test("is the id when there is not even an internal name, so no choice is blank", () => {
    expect(displayName(row({ "da-DK": "" }), "da-DK")).toBe("#7");
  });
});

describe("the names by language a setting's picker chooses from", () => {
  test("are the row's texts, trimmed, without the blank ones", () => {
    const row = { id: 7, name: { "da-DK": " Pose ", "en-US": "Bag", "de-DE": " " }, internalName: "bag-fee" };
    expect(givenNames(row)).toEqual({ "da-DK": "Pose", "en-US": "Bag" });
  });
});
