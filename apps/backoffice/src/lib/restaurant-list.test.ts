import { describe, expect, test } from "vitest";
import { organisationTimeZone } from "./restaurant-list";

const restaurants = [
  { organisationId: 10, timeZone: "Atlantic/Faroe" },
  { organisationId: 10, timeZone: "Europe/Copenhagen" },
  { organisationId: 20, timeZone: "America/New_York" },
];

describe("organisationTimeZone", () => {
  test("an organisation's things are read on its first restaurant's clock", () => {
    expect(organisationTimeZone(20, restaurants)).toBe("America/New_York");
    expect(organisationTimeZone(10, restaurants)).toBe("Atlantic/Faroe");
  });
  test("with no restaurant of the organisation known, undefined: the screen's own clock", () => {
    expect(organisationTimeZone(30, restaurants)).toBeUndefined();
    expect(organisationTimeZone(10, [])).toBeUndefined();
  });
});
