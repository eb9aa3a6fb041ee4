import { describe, expect, test } from "vitest";
import { type HoursEdit, hoursProblems, type OrderingEdit, orderingProblems } from "./hours-editing";

const range = (weekday: number, opens: string, closes: string, kind = "opening") => ({ kind, weekday, opens, closes });

describe("hoursProblems", () => {
  const cases: { behaviour: string; edit: Partial<HoursEdit>; problems: ReturnType<typeof hoursProblems> }[] = [
    {
      behaviour: "a lunch and an evening range are fine",
      edit: { weekly: [range(1, "11:00", "14:00"), range(1, "17:00", "22:00")] },
      problems: [],
    },
    {
      behaviour: "a range may end where the next starts",
      edit: { weekly: [range(1, "11:00", "14:00"), range(1, "14:00", "22:00")] },
      problems: [],
    },
    {
      behaviour: "an overlap is refused on the later range's opening",
      edit: { weekly: [range(1, "11:00", "14:00"), range(1, "13:00", "22:00")] },
      problems: [{ field: "weekly.1.opens", code: "OVERLAP" }],
    },
    {
      behaviour: "a range past midnight overlaps a late range of the same day",
      edit: { weekly: [range(5, "18:00", "02:00"), range(5, "23:00", "23:30")] },
      problems: [{ field: "weekly.1.opens", code: "OVERLAP" }],
    },
    {
      behaviour: "opening and delivery hours do not overlap each other",
      edit: { weekly: [range(1, "11:00", "21:00"), range(1, "11:00", "21:00", "delivery")] },
      problems: [],
    },
    {
      behaviour: "a range that opens as it closes is refused on its closing",
      edit: { weekly: [range(2, "10:00", "10:00")] },
      problems: [{ field: "weekly.0.closes", code: "SAME_TIMES" }],
    },
    {
      behaviour: "a date closed twice is refused on the second",
      edit: { closed: [{ date: "2026-12-24" }, { date: "2026-12-24" }] },
      problems: [{ field: "closed.1.date", code: "DUPLICATE_DATE" }],
    },
  ];
  for (const { behaviour, edit, problems } of cases) {
    test(behaviour, () => {
      expect(hoursProblems({ weekly: [], special: [], closed: [], ...edit })).toEqual(problems);
    });
  }
});

describe("orderingProblems", () => {
  const edit = (zones: string[], rules: OrderingEdit["capacity"]["rules"] = []): OrderingEdit => ({
    delivery: { zones: zones.map((zipCode) => ({ zipCode })) },
    capacity: { rules },
  });

  test("zip codes are 4 digits and listed once", () => {
    expect(orderingProblems(edit(["2200", "22", "2200"]))).toEqual([
      { field: "delivery.zones.1.zipCode", code: "INVALID_ZIP" },
      { field: "delivery.zones.2.zipCode", code: "DUPLICATE_ZIP" },
    ]);
  });

  test("capacity rules of one weekday may not overlap; other weekdays may", () => {
    const rules = [
      { weekday: 5, starts: "17:00", ends: "20:00" },
      { weekday: 5, starts: "19:00", ends: "21:00" },
      { weekday: 6, starts: "17:00", ends: "20:00" },
    ];
    expect(orderingProblems(edit([], rules))).toEqual([{ field: "capacity.rules.1.starts", code: "OVERLAP" }]);
  });

  test("without delivery only the capacity rules are checked", () => {
    expect(
      orderingProblems({ delivery: null, capacity: { rules: [{ weekday: 1, starts: "12:00", ends: "12:00" }] } }),
    ).toEqual([{ field: "capacity.rules.0.ends", code: "SAME_TIMES" }]);
  });
});
