import type { Checkout } from "@app/contracts";
import { describe, expect, test } from "vitest";
import { aCheckout } from "../../testing/checkout-fixtures";
import { checkoutCleanup, shouldReuseCheckout } from "./checkout-start-rules";

const BASKET_ID = "ba5ce700-0000-4000-8000-000000000002";

/** A checkout of the basket BASKET_ID, as the API answers it (the shared test checkout, linked to it). */
function checkout(overrides: Partial<Checkout> = {}): Checkout {
  return aCheckout({ checkoutBaskets: [{ externalBasketId: BASKET_ID }], ...overrides });
}

describe("shouldReuseCheckout (SPEC §4 checkout start)", () => {
  const cases: [string, Partial<Checkout>, boolean][] = [
    ["open, no order, no payment, only the current basket: reused", {}, true],
    [
      "with discounts, gift cards and delivery: still reused (they are removed first)",
      {
        discounts: [{ id: "d-1", discountCode: "X", amount: 10 }],
        giftcards: [{ id: "g-1", giftcardCode: "Y", amount: 20 }],
      },
      true,
    ],
    ["done", { state: 2 }, false],
    ["pending", { state: 1 }, false],
    ["in error", { state: 3 }, false],
    ["finalizing", { state: 4 }, false],
    ["has an order", { orderId: "o-1" }, false],
    ["has a payment", { payment: { paymentId: "p-1" } }, false],
    ["linked to another basket", { checkoutBaskets: [{ externalBasketId: "other" }] }, false],
    [
      "linked to the current basket and another",
      { checkoutBaskets: [{ externalBasketId: BASKET_ID }, { externalBasketId: "other" }] },
      false,
    ],
    ["no basket linked", { checkoutBaskets: [] }, false],
  ];
  test.each(cases)("%s", (_name, overrides, expected) => {
    expect(shouldReuseCheckout(checkout(overrides), BASKET_ID)).toBe(expected);
  });
});

describe("checkoutCleanup (SPEC §4)", () => {
  test("lists the discounts, gift cards and delivery to remove", () => {
    const used = checkout({
      discounts: [{ id: "d-1", discountCode: "X", amount: 10 }],
      giftcards: [
        { id: "g-1", giftcardCode: "Y", amount: 20 },
        { id: "g-2", giftcardCode: "Z", amount: 5 },
      ],
      delivery: {
        deliveryFee: 30,
        fee: 30,
        zipCode: "8000",
        address: "Vej 1",
        date: null,
        deliveryTime: null,
        stage: 1,
      },
    });
    expect(checkoutCleanup(used)).toEqual({ discountIds: ["d-1"], giftcardIds: ["g-1", "g-2"], removeDelivery: true });
  });

  test("nothing to remove from a clean checkout", () => {
    expect(checkoutCleanup(checkout())).toEqual({ discountIds: [], giftcardIds: [], removeDelivery: false });
  });
});
