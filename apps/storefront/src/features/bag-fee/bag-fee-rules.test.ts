import type { Basket, BasketItem } from "@app/contracts";
import { describe, expect, test } from "vitest";
import { bagFeeChange, bagFeeChoiceValue, bagFeeShownPrice } from "./bag-fee-rules";

const BASKET_ID = "ba5ce700-0000-4000-8000-000000000002";
const BAG = 99;

function line(productId: number, editingIsDisabled = false): BasketItem {
  return {
    id: `line-${productId}`,
    productId,
    name: `Product ${productId}`,
    amount: 1,
    price: 5,
    productPrice: 5,
    imageUrl: "",
    totalPrice: 5,
    choices: [],
    editingIsDisabled,
  };
}

function basket(...items: BasketItem[]): Basket {
  return {
    id: BASKET_ID,
    createdTimeUtc: "2026-05-01T10:00:00.000Z",
    items,
    products: [],
    totalPrice: 5 * items.length,
    itemCount: items.length,
  };
}

describe("bagFeeChange (SPEC §4)", () => {
  const food = basket(line(1));
  const foodAndBag = basket(line(1), line(BAG, true));
  const cases: [string, boolean | null, Basket | null, number | null, string][] = [
    ["explicitly unticked, no bag yet: add", false, food, BAG, "add"],
    ["explicitly unticked, bag already there: added once only", false, foodAndBag, BAG, "none"],
    ["ticked, bag there: remove", true, foodAndBag, BAG, "remove"],
    ["ticked, no bag: nothing", true, food, BAG, "none"],
    ["untouched: nothing added", null, food, BAG, "none"],
    ["untouched: nothing removed", null, foodAndBag, BAG, "none"],
    ["no bag product in this shop", false, food, null, "none"],
    ["no basket", false, null, BAG, "none"],
    ["no food: no bag for an empty order", false, basket(), BAG, "none"],
    ["only the bag, ticked: removed", true, basket(line(BAG, true)), BAG, "remove"],
  ];
  test.each(cases)("%s", (_name, checked, current, bagFeeItem, expected) => {
    expect(bagFeeChange(checked, current, bagFeeItem)).toBe(expected);
  });
});

describe("bagFeeChoiceValue", () => {
  test.each([
    [null, null],
    [false, "bag"],
    [true, "own"],
  ] as const)("bring-own-bag %j is the answer %j", (bringOwnBagIsChecked, value) => {
    expect(bagFeeChoiceValue(bringOwnBagIsChecked)).toBe(value);
  });
});

describe("bagFeeShownPrice", () => {
  test("the bag line's price once the bag is in the basket", () => {
    expect(bagFeeShownPrice(basket(line(1), { ...line(BAG), price: 4.5 }), BAG, 4)).toBe(4.5);
  });
  test("the catalogue's price before it is", () => {
    expect(bagFeeShownPrice(basket(line(1)), BAG, 4)).toBe(4);
  });
  test("no price when neither knows one, or the shop has no bag product", () => {
    expect(bagFeeShownPrice(basket(line(1)), BAG, null)).toBeNull();
    expect(bagFeeShownPrice(basket(line(1)), null, 4)).toBeNull();
  });
});
