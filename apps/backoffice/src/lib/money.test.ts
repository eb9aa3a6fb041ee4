import { expect, test } from "vitest";
import { money } from "./money";

test("money in the person's language, as the storefront writes it", () => {
  expect(money(129, "da-DK")).toBe("129 kr.");
  expect(money(1250.5, "da-DK")).toBe("1.250,50 kr.");
  expect(money(129, "en-US")).toBe("129 DKK");
});
