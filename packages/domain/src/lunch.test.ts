import { describe, expect, test } from "vitest";
import { isLunchCategoryVisible, showsQuantitySection } from "./lunch";

describe("isLunchCategoryVisible", () => {
  const cases = [
    { behaviour: "visible in the morning of a day opening before 16:00", opens: "11:00", hour: 11, visible: true },
    { behaviour: "visible in the last hour before 16", opens: "11:00", hour: 15, visible: true },
    { behaviour: "hidden from 16 o'clock", opens: "11:00", hour: 16, visible: false },
    { behaviour: "visible when opening at 15:59", opens: "15:59", hour: 15, visible: true },
    { behaviour: "hidden on a day opening at 16:00", opens: "16:00", hour: 10, visible: false },
    { behaviour: "hidden on a closed day", opens: null, hour: 11, visible: false },
  ];
  for (const { behaviour, opens, hour, visible } of cases) {
    test(behaviour, () => {
      expect(isLunchCategoryVisible(opens, hour)).toBe(visible);
    });
  }
});

describe("showsQuantitySection", () => {
  const cases = [
    { behaviour: "shown for an ordinary product", name: "Burger", shows: true },
    { behaviour: "hidden for dips", name: "dips", shows: false },
    { behaviour: "hidden for salat", name: "salat", shows: false },
    { behaviour: "hidden for sauce, ignoring case", name: "Sauce", shows: false },
    { behaviour: "hidden for bagt kartoffel, ignoring surrounding space", name: " Bagt Kartoffel ", shows: false },
    { behaviour: "shown for a name that only contains a listed name", name: "Sauce bearnaise", shows: true },
  ];
  for (const { behaviour, name, shows } of cases) {
    test(behaviour, () => {
      expect(showsQuantitySection(name)).toBe(shows);
    });
  }
});
