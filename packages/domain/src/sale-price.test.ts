import { describe, expect, test } from "vitest";
import { type DailyPricedProduct, isSaleDay, productPriceToday, shownPrices } from "./sale-price";

const MONDAY = 1;
const TUESDAY = 2;
const WEDNESDAY = 3;
const FRIDAY = 5;
const SATURDAY = 6;
const SUNDAY = 7;

function product(start: number | null, end: number | null, dailyPriceMinor: number | null = 6900): DailyPricedProduct {
  return { priceMinor: 8900, dailyPriceMinor, dailyStartDayOfWeek: start, dailyEndDayOfWeek: end };
}

describe("isSaleDay", () => {
  const cases = [
    { behaviour: "true on the first day of the range", p: product(MONDAY, WEDNESDAY), day: MONDAY, sale: true },
    { behaviour: "true on the last day of the range", p: product(MONDAY, WEDNESDAY), day: WEDNESDAY, sale: true },
    { behaviour: "false after the range", p: product(MONDAY, WEDNESDAY), day: FRIDAY, sale: false },
    { behaviour: "true on a single-day range", p: product(FRIDAY, FRIDAY), day: FRIDAY, sale: true },
    { behaviour: "wrapping range covers Sunday", p: product(SATURDAY, TUESDAY), day: SUNDAY, sale: true },
    { behaviour: "wrapping range covers Monday", p: product(SATURDAY, TUESDAY), day: MONDAY, sale: true },
    {
      behaviour: "wrapping range excludes the days between",
      p: product(SATURDAY, TUESDAY),
      day: WEDNESDAY,
      sale: false,
    },
    { behaviour: "false without a daily price", p: product(MONDAY, SUNDAY, null), day: MONDAY, sale: false },
    { behaviour: "false without a start day", p: product(null, SUNDAY), day: MONDAY, sale: false },
    { behaviour: "false without an end day", p: product(MONDAY, null), day: MONDAY, sale: false },
  ];
  for (const { behaviour, p, day, sale } of cases) {
    test(behaviour, () => {
      expect(isSaleDay(p, day)).toBe(sale);
    });
  }
});

describe("productPriceToday", () => {
  const cases = [
    { behaviour: "the daily price on a sale day", p: product(SATURDAY, TUESDAY), day: SATURDAY, price: 6900 },
    { behaviour: "the normal price on another day", p: product(SATURDAY, TUESDAY), day: WEDNESDAY, price: 8900 },
    { behaviour: "the normal price without a sale", p: product(null, null, null), day: MONDAY, price: 8900 },
  ];
  for (const { behaviour, p, day, price } of cases) {
    test(behaviour, () => {
      expect(productPriceToday(p, day)).toBe(price);
    });
  }
});

describe("shownPrices", () => {
  test("during a weekday sale: the sale price, the regular price struck through", () => {
    expect(shownPrices({ ...product(MONDAY, WEDNESDAY), originalPriceMinor: 9900 }, TUESDAY)).toEqual({
      priceMinor: 6900,
      originalPriceMinor: 8900,
    });
  });
  test("outside the sale: the regular price, the product's own before-price struck through", () => {
    expect(shownPrices({ ...product(MONDAY, WEDNESDAY), originalPriceMinor: 9900 }, FRIDAY)).toEqual({
      priceMinor: 8900,
      originalPriceMinor: 9900,
    });
  });
  test("no sale and no before-price: nothing struck through", () => {
    expect(shownPrices({ ...product(null, null, null), originalPriceMinor: null }, SUNDAY)).toEqual({
      priceMinor: 8900,
      originalPriceMinor: null,
    });
  });
});
