import { describe, expect, test } from "vitest";
import { categoryProducts, isGridLayout, precheckoutProducts, restaurantHour, visibleCategories } from "./menu-rules";
import { byId, category, choice, group, product } from "./test/fixtures";

const withOptions = product({
  id: 3,
  modifiers: [group({ id: 1, en: "Bun", choices: [choice({ choiceId: 1, en: "Brioche" })] })],
});
const products = byId([
  product({ id: 1 }),
  product({ id: 2, price: 0 }),
  withOptions,
  product({ id: 4, price: 25 }),
  product({ id: 5, price: 0 }),
]);

const burgers = category({ id: 10, productIds: [1, 3] });
const lunch = category({ id: 11, internalName: "frokostkategori", productIds: [4] });
const unpriced = category({ id: 12, productIds: [2, 5] });
const empty = category({ id: 13 });
const extras = category({ id: 14, productIds: [4, 2] });
const all = [burgers, lunch, unpriced, empty, extras];

describe("visibleCategories", () => {
  const cases = [
    {
      behaviour: "the lunch category shows before 16 on a day opening before 16:00",
      todayOpens: "11:00",
      currentHour: 15,
      ids: [10, 11, 14],
    },
    { behaviour: "the lunch category is gone from 16 o'clock", todayOpens: "11:00", currentHour: 16, ids: [10, 14] },
    {
      behaviour: "the lunch category is gone on a day opening at 16:00",
      todayOpens: "16:00",
      currentHour: 10,
      ids: [10, 14],
    },
    {
      behaviour: "the lunch category is gone on a day opening after 16:00",
      todayOpens: "17:30",
      currentHour: 10,
      ids: [10, 14],
    },
    { behaviour: "the lunch category is gone on a closed day", todayOpens: null, currentHour: 11, ids: [10, 14] },
  ];
  for (const { behaviour, todayOpens, currentHour, ids } of cases) {
    test(behaviour, () => {
      const shown = visibleCategories(all, products, { todayOpens, currentHour, precheckoutCategory: null });
      expect(shown.map((c) => c.id)).toEqual(ids);
    });
  }

  test("a category whose products are all priced 0, or that has none, is hidden", () => {
    const shown = visibleCategories([unpriced, empty], products, {
      todayOpens: "11:00",
      currentHour: 11,
      precheckoutCategory: null,
    });
    expect(shown).toEqual([]);
  });

  test("the precheckout category is not among the tiles and the sidebar", () => {
    const shown = visibleCategories(all, products, { todayOpens: "11:00", currentHour: 11, precheckoutCategory: 14 });
    expect(shown.map((c) => c.id)).toEqual([10, 11]);
  });
});

describe("categoryProducts", () => {
  test("only products priced over 0, in the category's order", () => {
    const mixed = category({ id: 20, productIds: [4, 2, 1, 3] });
    expect(categoryProducts(mixed, products).map((p) => p.id)).toEqual([4, 1, 3]);
  });

  test("an id the context does not hold is skipped", () => {
    expect(categoryProducts(category({ id: 21, productIds: [99, 1] }), products).map((p) => p.id)).toEqual([1]);
  });
});

describe("isGridLayout", () => {
  const cases = [
    {
      behaviour: "a grid when the first product has no option groups",
      list: [product({ id: 1 }), withOptions],
      grid: true,
    },
    {
      behaviour: "a list when the first product has option groups",
      list: [withOptions, product({ id: 1 })],
      grid: false,
    },
    { behaviour: "a list when there are no products", list: [], grid: false },
  ];
  for (const { behaviour, list, grid } of cases) {
    test(behaviour, () => {
      expect(isGridLayout(list)).toBe(grid);
    });
  }
});

describe("precheckoutProducts", () => {
  const upsell = category({ id: 30, productIds: [1, 2, 3, 4] });
  const cases = [
    { behaviour: "priced products without option groups", blocked: [], ids: [1, 4] },
    { behaviour: "a sold-out product is left out", blocked: [4], ids: [1] },
    { behaviour: "nothing left when every candidate is sold out", blocked: [1, 4], ids: [] },
  ];
  for (const { behaviour, blocked, ids } of cases) {
    test(behaviour, () => {
      expect(precheckoutProducts(upsell, products, new Set(blocked)).map((p) => p.id)).toEqual(ids);
    });
  }

  test("no precheckout category: nothing to offer", () => {
    expect(precheckoutProducts(undefined, products, new Set())).toEqual([]);
  });
});

describe("restaurantHour", () => {
  const cases = [
    {
      behaviour: "summer time in Copenhagen is UTC+2",
      now: "2026-06-15T13:59:00Z",
      zone: "Europe/Copenhagen",
      hour: 15,
    },
    { behaviour: "16 o'clock in Copenhagen", now: "2026-06-15T14:00:00Z", zone: "Europe/Copenhagen", hour: 16 },
    {
      behaviour: "winter time in Copenhagen is UTC+1",
      now: "2026-01-15T14:30:00Z",
      zone: "Europe/Copenhagen",
      hour: 15,
    },
    { behaviour: "midnight is hour 0", now: "2026-01-15T23:10:00Z", zone: "Europe/Copenhagen", hour: 0 },
  ];
  for (const { behaviour, now, zone, hour } of cases) {
    test(behaviour, () => {
      expect(restaurantHour(new Date(now), zone)).toBe(hour);
    });
  }
});
