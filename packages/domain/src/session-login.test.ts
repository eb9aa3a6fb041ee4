import { expect, test } from "vitest";
import { isSessionPasswordRight } from "./session-login";

test.each([
  ["7", 7, true],
  [" 7 ", 7, true],
  ["07", 7, false],
  ["8", 7, false],
  ["", 7, false],
  ["7x", 7, false],
])("password %j for production unit %i is right: %s", (password, productionUnitId, right) => {
  expect(isSessionPasswordRight(password, productionUnitId)).toBe(right);
});
