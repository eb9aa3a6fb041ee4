import { describe, expect, test } from "vitest";
import {
  computeDiscount,
  type DiscountLine,
  type DiscountResult,
  type DiscountRule,
  discountProductIds,
} from "./discount";

const NOW = new Date("2026-11-23T12:00:00.000Z");
const BURGER = 1;
const FRIES = 2;
const SODA = 3;
const GIFTCARD = 4;
const BAG = 5;

const TEN_PERCENT: DiscountRule = {
  kind: "percentage",
  value: 10,
  minimumBasketMinor: 0,
  validFrom: null,
  validUntil: null,
  productIds: null,
  usageLimit: null,
  usageCount: 0,
  isActive: true,
};

const food = (productId: number, totalPriceMinor: number): DiscountLine => ({
  productId,
  totalPriceMinor,
  isGiftcard: false,
  isBagFee: false,
});
const GIFTCARD_500: DiscountLine = { productId: GIFTCARD, totalPriceMinor: 50000, isGiftcard: true, isBagFee: false };
const BAG_FEE: DiscountLine = { productId: BAG, totalPriceMinor: 400, isGiftcard: false, isBagFee: true };

/** 119.50 kr of food. */
const BASKET: DiscountLine[] = [food(BURGER, 8950), food(FRIES, 3000)];

describe("computeDiscount", () => {
  const cases: { behaviour: string; rule: DiscountRule; lines?: DiscountLine[]; result: DiscountResult }[] = [
    {
      behaviour: "a percentage of the whole basket, rounded to whole øre",
      rule: TEN_PERCENT,
      result: { ok: true, amountMinor: 1195 },
    },
    {
      behaviour: "a percentage of the listed products only",
      rule: { ...TEN_PERCENT, productIds: [FRIES] },
      result: { ok: true, amountMinor: 300 },
    },
    {
      behaviour: "a fixed amount",
      rule: { ...TEN_PERCENT, kind: "amount", value: 2500 },
      result: { ok: true, amountMinor: 2500 },
    },
    {
      behaviour: "a fixed amount capped at the applicable lines",
      rule: { ...TEN_PERCENT, kind: "amount", value: 5000, productIds: [FRIES] },
      result: { ok: true, amountMinor: 3000 },
    },
    {
      behaviour: "a percentage above 100 capped at the applicable lines",
      rule: { ...TEN_PERCENT, value: 150 },
      result: { ok: true, amountMinor: 11950 },
    },
    {
      behaviour: "valid on the first and last instant of its period",
      rule: { ...TEN_PERCENT, validFrom: NOW, validUntil: NOW },
      result: { ok: true, amountMinor: 1195 },
    },
    {
      behaviour: "valid while uses are left",
      rule: { ...TEN_PERCENT, usageLimit: 5, usageCount: 4 },
      result: { ok: true, amountMinor: 1195 },
    },
    {
      behaviour: "invalid when inactive",
      rule: { ...TEN_PERCENT, isActive: false },
      result: { ok: false, code: "Discount.Invalid", reason: "unusable" },
    },
    {
      behaviour: "invalid before its period",
      rule: { ...TEN_PERCENT, validFrom: new Date("2026-11-23T12:00:00.001Z") },
      result: { ok: false, code: "Discount.Invalid", reason: "unusable" },
    },
    {
      behaviour: "invalid after its period",
      rule: { ...TEN_PERCENT, validUntil: new Date("2026-11-23T11:59:59.999Z") },
      result: { ok: false, code: "Discount.Invalid", reason: "unusable" },
    },
    {
      behaviour: "invalid when the usage limit is reached",
      rule: { ...TEN_PERCENT, usageLimit: 5, usageCount: 5 },
      result: { ok: false, code: "Discount.Invalid", reason: "unusable" },
    },
    {
      behaviour: "not valid for the items when no line is one of its products",
      rule: { ...TEN_PERCENT, productIds: [SODA] },
      result: { ok: false, code: "Discount.NoValue", reason: "not-for-items" },
    },
    {
      behaviour: "no value when the basket is below the minimum",
      rule: { ...TEN_PERCENT, minimumBasketMinor: 12000 },
      result: { ok: false, code: "Discount.NoValue", reason: "below-minimum" },
    },
    {
      behaviour: "valid when the basket equals the minimum",
      rule: { ...TEN_PERCENT, minimumBasketMinor: 11950 },
      result: { ok: true, amountMinor: 1195 },
    },
    {
      behaviour: "no value for an empty basket",
      rule: TEN_PERCENT,
      lines: [],
      result: { ok: false, code: "Discount.NoValue", reason: "no-value" },
    },
    {
      behaviour: "no value when the discount rounds to 0",
      rule: { ...TEN_PERCENT, value: 1 },
      lines: [food(BURGER, 40)],
      result: { ok: false, code: "Discount.NoValue", reason: "no-value" },
    },
    {
      behaviour: "no value for a zero amount",
      rule: { ...TEN_PERCENT, kind: "amount", value: 0 },
      result: { ok: false, code: "Discount.NoValue", reason: "no-value" },
    },
    {
      behaviour: "a percentage leaves a gift-card product out",
      rule: TEN_PERCENT,
      lines: [...BASKET, GIFTCARD_500],
      result: { ok: true, amountMinor: 1195 },
    },
    {
      behaviour: "a percentage leaves the bag fee out",
      rule: TEN_PERCENT,
      lines: [...BASKET, BAG_FEE],
      result: { ok: true, amountMinor: 1195 },
    },
    {
      behaviour: "a fixed amount is capped at the food, not at the gift card and bag fee too",
      rule: { ...TEN_PERCENT, kind: "amount", value: 20000 },
      lines: [food(BURGER, 8950), GIFTCARD_500, BAG_FEE],
      result: { ok: true, amountMinor: 8950 },
    },
    {
      behaviour: "a gift card does not count towards the minimum basket",
      rule: { ...TEN_PERCENT, minimumBasketMinor: 12000 },
      lines: [...BASKET, GIFTCARD_500],
      result: { ok: false, code: "Discount.NoValue", reason: "below-minimum" },
    },
    {
      behaviour: "the bag fee does not count towards the minimum basket",
      rule: { ...TEN_PERCENT, minimumBasketMinor: 11951 },
      lines: [...BASKET, BAG_FEE],
      result: { ok: false, code: "Discount.NoValue", reason: "below-minimum" },
    },
    {
      behaviour: "the minimum counts all the food, also lines outside the code's products",
      rule: { ...TEN_PERCENT, productIds: [FRIES], minimumBasketMinor: 11950 },
      result: { ok: true, amountMinor: 300 },
    },
    {
      behaviour: "not valid for the items when the basket holds only a gift card",
      rule: TEN_PERCENT,
      lines: [GIFTCARD_500],
      result: { ok: false, code: "Discount.NoValue", reason: "not-for-items" },
    },
    {
      behaviour: "not valid for the items when the code names the gift card product",
      rule: { ...TEN_PERCENT, productIds: [GIFTCARD] },
      lines: [...BASKET, GIFTCARD_500],
      result: { ok: false, code: "Discount.NoValue", reason: "not-for-items" },
    },
    {
      behaviour: "no value when the bag fee is all there is (an empty cart)",
      rule: TEN_PERCENT,
      lines: [BAG_FEE],
      result: { ok: false, code: "Discount.NoValue", reason: "no-value" },
    },
  ];
  for (const { behaviour, rule, lines = BASKET, result } of cases) {
    test(behaviour, () => {
      expect(computeDiscount(rule, lines, NOW)).toEqual(result);
    });
  }
});

describe("discountProductIds: a code limited to categories applies to their products when applied", () => {
  const SIDES_PRODUCTS = [FRIES, SODA];
  const cases: {
    behaviour: string;
    limits: { productIds: number[] | null; categoryIds: number[] | null };
    productsOfCategories: number[];
    result: number[] | null;
  }[] = [
    {
      behaviour: "no limit: every line",
      limits: { productIds: null, categoryIds: null },
      productsOfCategories: [],
      result: null,
    },
    {
      behaviour: "a category: its products",
      limits: { productIds: null, categoryIds: [7] },
      productsOfCategories: SIDES_PRODUCTS,
      result: [FRIES, SODA],
    },
    {
      behaviour: "products and a category: either",
      limits: { productIds: [BURGER, FRIES], categoryIds: [7] },
      productsOfCategories: SIDES_PRODUCTS,
      result: [BURGER, FRIES, SODA],
    },
    {
      behaviour: "a category with no products: nothing, not the whole basket",
      limits: { productIds: null, categoryIds: [7] },
      productsOfCategories: [],
      result: [],
    },
  ];
  test.each(cases)("$behaviour", ({ limits, productsOfCategories, result }) => {
    expect(discountProductIds(limits, productsOfCategories)).toEqual(result);
  });

  test("the discount of a category-limited code falls on the category's lines only", () => {
    const productIds = discountProductIds({ productIds: null, categoryIds: [7] }, SIDES_PRODUCTS);
    expect(computeDiscount({ ...TEN_PERCENT, productIds }, BASKET, NOW)).toEqual({ ok: true, amountMinor: 300 });
    expect(computeDiscount({ ...TEN_PERCENT, productIds }, [food(BURGER, 8950)], NOW)).toEqual({
      ok: false,
      code: "Discount.NoValue",
      reason: "not-for-items",
    });
  });
});
