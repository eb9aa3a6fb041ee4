import { expect, test } from "vitest";
import { money } from "./money";

test("money in the person's language, as the storefront writes it", () => {
  expect(money(129, "da-DK")).toBe("129\u00a0kr.");
  expect(money(1250.5, "da-DK")).toBe("1.250,50\u00a0kr.");
  expect(money(129, "en-US")).toBe("129\u00a0DKK");
});

test("an amount never breaks between its number and its currency: no ordinary space in it", () => {
  for (const language of ["da-DK", "en-US"]) expect(money(1250.5, language)).not.toMatch(/ /);
});
