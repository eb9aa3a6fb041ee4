import { describe, expect, test } from "vitest";
import { InviteRequest, RestaurantDetails } from "./admin";
import { LocalDate, SingleLineText } from "./common";
import { EditorName, MenuInput } from "./menu-editor";

describe("LocalDate", () => {
  const cases = [
    { behaviour: "accepts an ordinary date", date: "2026-11-23", valid: true },
    { behaviour: "accepts the last day of a 31-day month", date: "2026-12-31", valid: true },
    { behaviour: "accepts 29 February of a leap year", date: "2028-02-29", valid: true },
    { behaviour: "accepts 29 February of a year divisible by 400", date: "2000-02-29", valid: true },
    { behaviour: "refuses 29 February of a common year", date: "2026-02-29", valid: false },
    { behaviour: "refuses 29 February of a century that is no leap year", date: "2100-02-29", valid: false },
    { behaviour: "refuses 30 February", date: "2026-02-30", valid: false },
    { behaviour: "refuses 31 April", date: "2026-04-31", valid: false },
    { behaviour: "refuses month 13", date: "2026-13-01", valid: false },
    { behaviour: "refuses another format", date: "23-11-2026", valid: false },
    { behaviour: "refuses year 0000, which no calendar has", date: "0000-01-01", valid: false },
    { behaviour: "accepts year 0001", date: "0001-01-01", valid: true },
  ];
  for (const { behaviour, date, valid } of cases) {
    test(behaviour, () => {
      expect(LocalDate.safeParse(date).success).toBe(valid);
    });
  }

  test("names the problem of a date of the right shape that does not exist", () => {
    const result = LocalDate.safeParse("2026-02-30");
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Expected a date that exists in the calendar"]);
  });
});

describe("SingleLineText", () => {
  const Name = SingleLineText(120);
  const refused = [
    ["a line feed", "Bistro\nNørrebro"],
    ["a carriage return", "Bistro\rNørrebro"],
    ["a tab or other control character", "Bistro\tNørrebro"],
    ["Unicode's line separator", "Bistro\u2028Nørrebro"],
    ["a right-to-left override (U+202E)", "Pizza \u202Eazzip"],
    ["a left-to-right embedding (U+202A)", "\u202ABistro"],
    ["a first-strong isolate (U+2068)", "Bistro \u2068x\u2069"],
    ["a pop directional isolate (U+2069)", "Bistro\u2069"],
  ] as const;
  for (const [what, text] of refused) {
    test(`refuses ${what} with Input.SingleLine`, () => {
      const result = Name.safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain("Input.SingleLine");
    });
  }

  test("accepts a name in any script, with accents and an ampersand, trimmed", () => {
    expect(Name.parse("  Café & Smørrebrød  ")).toBe("Café & Smørrebrød");
    expect(Name.parse("مطعم بيروت")).toBe("مطعم بيروت");
  });

  test("a trailing line break is trimmed, not refused", () => {
    expect(Name.parse("Bistro Nørrebro\n")).toBe("Bistro Nørrebro");
  });

  test("guards the names an owner sets: restaurant, invited person, menu and its items", () => {
    const details = RestaurantDetails.safeParse({
      name: "Bistro\u202E",
      address: "Nørrebrogade 1\nst.",
      zipCode: "2200",
      phone: "12345678",
      receiptEmail: "kvittering@bistro.example",
      cvrNumber: "12345678",
      hosts: ["bistro.example"],
    });
    expect(details.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["name", "Input.SingleLine"],
      ["address", "Input.SingleLine"],
    ]);
    const invite = InviteRequest.safeParse({ email: "kok@bistro.example", name: "Kok\u2066", role: "owner" });
    expect(invite.error?.issues[0]).toMatchObject({ path: ["name"], message: "Input.SingleLine" });
    expect(MenuInput.safeParse({ name: "Frokost\r\nmenu" }).error?.issues[0]?.message).toBe("Input.SingleLine");
    const product = EditorName.safeParse({ "da-DK": "Burger", "en-US": "Burger\u202Dx" });
    expect(product.error?.issues[0]).toMatchObject({ path: ["en-US"], message: "Input.SingleLine" });
  });
});
