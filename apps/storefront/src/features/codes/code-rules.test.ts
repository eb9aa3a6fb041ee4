import { describe, expect, test } from "vitest";
import { discountMessageKey, giftcardAmountToApply, giftcardCap } from "./code-rules";

describe("giftcardCap (SPEC §5: basket − discount + delivery fee)", () => {
  const cases: [number, number, number, number][] = [
    [100, 0, 0, 100],
    [100, 20, 0, 80],
    [100, 20, 39, 119],
    [89.9, 10.45, 29.5, 108.95],
    [50, 80, 29, 29], // a discount never eats the delivery fee
  ];
  test.each(cases)("basket %d, discount %d, fee %d → %d", (basketTotal, discount, deliveryFee, cap) => {
    expect(giftcardCap({ basketTotal, discount, deliveryFee })).toBe(cap);
  });

  const applied: [number, number][] = [
    [50, 50],
    [500, 119],
    [0, 0],
  ];
  test.each(applied)("a card with %d pays %d of an order of 119", (balance, pays) => {
    expect(giftcardAmountToApply(balance, { basketTotal: 100, discount: 20, deliveryFee: 39 })).toBe(pays);
  });
});

describe("error messages", () => {
  // The shape of lib/api-client's ApiError (a feature's root files do not import lib/ by the lint rule).
  const failure = (code: string) => Object.assign(new Error("…"), { status: 422, errors: [{ code, message: "…" }] });
  const discount: [string, unknown, string][] = [
    ["invalid code", failure("Discount.Invalid"), "Discount.Invalid"],
    ["no value", failure("Discount.NoValue"), "Discount.NoValue"],
    ["discounts switched off", failure("DISCOUNT_DISABLED"), "Discount.Generic"],
    [
      "network failure",
      Object.assign(new Error("…"), { status: 0, errors: [{ code: "NETWORK" }] }),
      "Discount.Generic",
    ],
    ["not an ApiError", new Error("boom"), "Discount.Generic"],
  ];
  test.each(discount)("discount: %s → %s", (_name, error, key) => {
    expect(discountMessageKey(error)).toBe(key);
  });
});
