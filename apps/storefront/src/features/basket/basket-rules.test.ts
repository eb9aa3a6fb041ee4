import type { Basket, BasketItem } from "@app/contracts";
import { describe, expect, test } from "vitest";
import { cartLines, countOfProduct, isBasketEmpty, itemCount, planProductCount } from "./basket-rules";

const BAG = 99;

function line(id: string, productId: number, amount: number, editingIsDisabled = false): BasketItem {
  return {
    id,
    productId,
    name: `Product ${productId}`,
    amount,
    price: 10,
    productPrice: 10,
    imageUrl: "",
    totalPrice: 10 * amount,
    choices: [],
    editingIsDisabled,
  };
}

function basket(...items: BasketItem[]): Basket {
  return {
    id: "b-1",
    createdTimeUtc: "2026-05-01T12:00:00.000Z",
    items,
    products: items.map((i) => ({ id: i.id, productId: i.productId, count: i.amount })),
    totalPrice: items.reduce((sum, i) => sum + i.totalPrice, 0),
    itemCount: items.reduce((sum, i) => sum + i.amount, 0),
  };
}

// The server sends the bag fee wherever it is in the list; here it comes first to show the sorting.
const withBag = basket(line("bag", BAG, 1, true), line("a", 1, 2), line("b", 2, 1));
const ids = (lines: { item: BasketItem; locked: boolean }[]) => lines.map((l) => `${l.item.id}${l.locked ? "🔒" : ""}`);

describe("cartLines (SPEC §5)", () => {
  test("hides the bag fee unless fees are allowed", () => {
    expect(ids(cartLines(withBag, { bagFeeItem: BAG, allowFees: false }))).toEqual(["a", "b"]);
  });

  test("with fees allowed, the bag fee comes last and locked", () => {
    expect(ids(cartLines(withBag, { bagFeeItem: BAG, allowFees: true }))).toEqual(["a", "b", "bag🔒"]);
  });

  test("knows the bag fee by the setting even where the server has not marked it", () => {
    const unmarked = basket(line("bag", BAG, 1, false), line("a", 1, 1));
    expect(ids(cartLines(unmarked, { bagFeeItem: BAG, allowFees: true }))).toEqual(["a", "bag🔒"]);
  });

  test("knows the bag fee by the server's mark where the setting is not at hand", () => {
    expect(ids(cartLines(withBag, { bagFeeItem: null, allowFees: false }))).toEqual(["a", "b"]);
  });

  test("no basket, no lines", () => {
    expect(cartLines(null, { bagFeeItem: BAG, allowFees: true })).toEqual([]);
  });
});

describe("isBasketEmpty", () => {
  test.each([
    ["no basket", null, true],
    ["no lines", basket(), true],
    ["only the bag fee", basket(line("bag", BAG, 1, true)), true],
    ["the bag fee and food", withBag, false],
    ["food", basket(line("a", 1, 1)), false],
  ])("%s → %s", (_, value, empty) => {
    expect(isBasketEmpty(value, BAG)).toBe(empty);
  });
});

describe("itemCount (the minicart's badge)", () => {
  test("counts units, not lines, and leaves the bag fee out", () => {
    expect(itemCount(withBag, BAG)).toBe(3);
    expect(itemCount(basket(line("bag", BAG, 1, true)), BAG)).toBe(0);
    expect(itemCount(null, BAG)).toBe(0);
  });
});

describe("countOfProduct", () => {
  test("adds the units of every line of the product", () => {
    expect(countOfProduct(basket(line("a", 1, 2), line("b", 2, 1), line("c", 1, 3)), 1)).toBe(5);
    expect(countOfProduct(basket(line("b", 2, 1)), 1)).toBe(0);
    expect(countOfProduct(null, 1)).toBe(0);
  });
});

describe("planProductCount", () => {
  const two = basket(line("a", 1, 2), line("b", 2, 1), line("c", 1, 3));
  test.each([
    ["0 removes every line of the product", two, 0, ["remove a", "remove c"]],
    ["-1 removes every line too", two, -1, ["remove a", "remove c"]],
    ["one line gets the new amount", basket(line("a", 1, 2)), 5, ["update a→5"]],
    ["no line: one is added", basket(line("b", 2, 1)), 2, ["add 1×2"]],
    ["no basket: one is added", null, 1, ["add 1×1"]],
    ["the same count changes nothing", two, 5, []],
    ["more: the newest line grows", two, 7, ["update c→5"]],
    ["fewer: the newest line shrinks first", two, 4, ["update c→2"]],
    ["fewer than the newest line holds: it goes, the older one shrinks", two, 1, ["remove c", "update a→1"]],
  ])("%s", (_, value, count, expected) => {
    const steps = planProductCount(value, 1, count).map((step) =>
      step.kind === "add"
        ? `add ${step.line.productId}×${step.line.amount}`
        : step.kind === "update"
          ? `update ${step.item.id}→${step.amount}`
          : `remove ${step.itemId}`,
    );
    expect(steps).toEqual(expected);
  });
});
