import { describe, expect, test } from "vitest";
import {
  type BasketLine,
  type BasketSummary,
  hasRoomForLine,
  isBasketExpired,
  isKitchenLine,
  kitchenItemCount,
  type LineKind,
  lineKind,
  MAX_BASKET_LINES,
  summarizeBasket,
} from "./basket";

const line = (amount: number, kind: Partial<LineKind> = {}, totalPriceMinor = 1000): BasketLine => ({
  productId: 1,
  amount,
  totalPriceMinor,
  isGiftcard: false,
  isBagFee: false,
  ...kind,
});
const BURGERS = line(2, {}, 17900);
const GIFTCARD = line(1, { isGiftcard: true }, 50000);
const BAG = line(1, { isBagFee: true }, 400);

describe("isBasketExpired", () => {
  const created = new Date("2026-11-23T10:00:00.000Z");
  const cases = [
    { behaviour: "a new basket is not expired", now: "2026-11-23T10:00:00.000Z", expired: false },
    { behaviour: "exactly 120 minutes old is not expired yet", now: "2026-11-23T12:00:00.000Z", expired: false },
    { behaviour: "older than 120 minutes is expired", now: "2026-11-23T12:00:00.001Z", expired: true },
  ];
  for (const { behaviour, now, expired } of cases) {
    test(behaviour, () => {
      expect(isBasketExpired(created, new Date(now))).toBe(expired);
    });
  }
});

describe("hasRoomForLine", () => {
  const cases = [
    { behaviour: "an empty basket has room", lines: 0, room: true },
    { behaviour: "49 lines have room for the 50th", lines: 49, room: true },
    { behaviour: "50 lines are full", lines: 50, room: false },
    { behaviour: "more than 50 lines (stored before the limit) are full", lines: 51, room: false },
  ];
  test("the limit is 50 lines", () => {
    expect(MAX_BASKET_LINES).toBe(50);
  });
  for (const { behaviour, lines, room } of cases) {
    test(behaviour, () => {
      expect(hasRoomForLine(lines)).toBe(room);
    });
  }
});

describe("lineKind", () => {
  const FOOD = { id: 7, isGiftcard: false };
  const cases = [
    {
      behaviour: "an ordinary product is neither",
      product: FOOD,
      bag: 9,
      kind: { isGiftcard: false, isBagFee: false },
    },
    {
      behaviour: "a gift-card product by its flag",
      product: { id: 7, isGiftcard: true },
      bag: 9,
      kind: { isGiftcard: true, isBagFee: false },
    },
    {
      behaviour: "the bag fee by the module's bagFeeItem",
      product: { id: 9, isGiftcard: false },
      bag: 9,
      kind: { isGiftcard: false, isBagFee: true },
    },
    {
      behaviour: "no bag fee when the module has none",
      product: { id: 9, isGiftcard: false },
      bag: null,
      kind: { isGiftcard: false, isBagFee: false },
    },
  ];
  for (const { behaviour, product, bag, kind } of cases) {
    test(behaviour, () => {
      expect(lineKind(product, bag)).toEqual(kind);
    });
  }
});

describe("isKitchenLine", () => {
  const cases = [
    { behaviour: "food is made in the kitchen", kind: { isGiftcard: false, isBagFee: false }, kitchen: true },
    { behaviour: "a gift card is not", kind: { isGiftcard: true, isBagFee: false }, kitchen: false },
    { behaviour: "the bag fee is not", kind: { isGiftcard: false, isBagFee: true }, kitchen: false },
  ];
  for (const { behaviour, kind, kitchen } of cases) {
    test(behaviour, () => {
      expect(isKitchenLine(kind)).toBe(kitchen);
    });
  }
});

describe("kitchenItemCount", () => {
  const cases = [
    { behaviour: "an empty basket makes nothing", lines: [], count: 0 },
    { behaviour: "sums the amounts of food lines", lines: [BURGERS, line(3)], count: 5 },
    { behaviour: "leaves gift cards and the bag fee out", lines: [BURGERS, GIFTCARD, BAG], count: 2 },
    { behaviour: "a gift card with the bag makes nothing", lines: [GIFTCARD, BAG], count: 0 },
  ];
  for (const { behaviour, lines, count } of cases) {
    test(behaviour, () => {
      expect(kitchenItemCount(lines)).toBe(count);
    });
  }
});

describe("summarizeBasket", () => {
  const cases: { behaviour: string; lines: BasketLine[]; summary: BasketSummary }[] = [
    {
      behaviour: "no lines is empty",
      lines: [],
      summary: { totalMinor: 0, kitchenItems: 0, isEmpty: true, hasGiftcardProduct: false },
    },
    {
      behaviour: "the bag fee alone is empty but costs what it costs",
      lines: [BAG],
      summary: { totalMinor: 400, kitchenItems: 0, isEmpty: true, hasGiftcardProduct: false },
    },
    {
      behaviour: "a gift card alone is an order the kitchen does not make",
      lines: [GIFTCARD],
      summary: { totalMinor: 50000, kitchenItems: 0, isEmpty: false, hasGiftcardProduct: true },
    },
    {
      behaviour: "the total counts every line; the kitchen only the food",
      lines: [BURGERS, GIFTCARD, BAG],
      summary: { totalMinor: 68300, kitchenItems: 2, isEmpty: false, hasGiftcardProduct: true },
    },
  ];
  for (const { behaviour, lines, summary } of cases) {
    test(behaviour, () => {
      expect(summarizeBasket(lines)).toEqual(summary);
    });
  }
});
