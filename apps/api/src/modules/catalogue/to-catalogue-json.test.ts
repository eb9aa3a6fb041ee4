import { describe, expect, test } from "vitest";
import type { ProductRow } from "./repository";
import { texts, toProduct } from "./to-catalogue-json";

const base: ProductRow = {
  id: 7,
  productInstanceId: 1,
  name: { "da-DK": "Frokostburger", "en-US": "Lunch burger" },
  subtitle: {},
  description: {},
  internalName: "lunch-burger",
  priceMinor: 8900,
  originalPriceMinor: null,
  imageUrl: "",
  isGiftcard: false,
  dailyPriceMinor: null,
  dailyStartDayOfWeek: null,
  dailyEndDayOfWeek: null,
  labelIds: [],
  withdrawn: false,
};
const sale = { dailyPriceMinor: 6900, dailyStartDayOfWeek: 1, dailyEndDayOfWeek: 4 };
const MONDAY = 1;
const FRIDAY = 5;

describe("toProduct prices", () => {
  test.each([
    ["no sale, no before-price", {}, FRIDAY, { price: 89, unitPrice: 89, originalPrice: null }],
    ["no sale, a before-price", { originalPriceMinor: 10900 }, FRIDAY, { price: 89, originalPrice: 109 }],
    ["a sale day", sale, MONDAY, { price: 69, unitPrice: 69, originalPrice: 89 }],
    ["a sale day and a before-price", { ...sale, originalPriceMinor: 10900 }, MONDAY, { price: 69, originalPrice: 89 }],
    ["outside the sale days", { ...sale, originalPriceMinor: 10900 }, FRIDAY, { price: 89, originalPrice: 109 }],
    ["a sale over Sunday", { ...sale, dailyStartDayOfWeek: 6, dailyEndDayOfWeek: 1 }, MONDAY, { price: 69 }],
    ["a øre price", { priceMinor: 8950 }, FRIDAY, { price: 89.5 }],
  ])("%s", (_, overrides, weekday, expected) => {
    expect(toProduct({ ...base, ...overrides }, [], weekday)).toMatchObject(expected);
  });

  test("shows the weekday sale whatever the day", () => {
    expect(toProduct({ ...base, ...sale }, [], FRIDAY).productPriceDaily).toEqual({
      price: 69,
      startDayOfWeek: 1,
      endDayOfWeek: 4,
    });
    expect(toProduct(base, [], FRIDAY).productPriceDaily).toBeNull();
  });
});

describe("texts", () => {
  test("drops languages without a text", () => {
    expect(texts({ "da-DK": "Hej", "en-US": undefined })).toEqual({ "da-DK": "Hej" });
  });
});
