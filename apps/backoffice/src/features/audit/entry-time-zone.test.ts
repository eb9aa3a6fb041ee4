import { describe, expect, test } from "vitest";
import { entryTimeZone } from "./entry-time-zone";

const restaurants = [
  { id: 1, organisationId: 10, timeZone: "Europe/Copenhagen" },
  { id: 2, organisationId: 10, timeZone: "Atlantic/Faroe" },
  { id: 3, organisationId: 20, timeZone: "Europe/Stockholm" },
];

describe("entryTimeZone", () => {
  test("a restaurant's change is read on that restaurant's clock", () => {
    expect(entryTimeZone({ productionUnitId: 2, organisationId: 10 }, restaurants)).toBe("Atlantic/Faroe");
  });
  test("an organisation's change is read on its first restaurant's clock", () => {
    expect(entryTimeZone({ productionUnitId: null, organisationId: 20 }, restaurants)).toBe("Europe/Stockholm");
  });
  test("with no restaurant known (the list still loading), Copenhagen's", () => {
    expect(entryTimeZone({ productionUnitId: 1, organisationId: 10 }, [])).toBe("Europe/Copenhagen");
  });
});
