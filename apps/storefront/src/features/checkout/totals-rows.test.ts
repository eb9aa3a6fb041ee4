import type { CheckoutTotals } from "@app/contracts";
import { describe, expect, test } from "vitest";
import { bagFeeOf, type TotalRowsInput, totalRows } from "./totals-rows";

const totals = (overrides: Partial<CheckoutTotals>): CheckoutTotals => ({
  basketTotal: 0,
  discount: 0,
  deliveryFee: 0,
  total: 0,
  giftcard: 0,
  totalLeft: 0,
  ...overrides,
});

/** "label amount" per row, a minus for what is taken off. */
const text = (input: TotalRowsInput) =>
  totalRows(input).map((row) => `${row.label.replace("CheckoutTotals.", "")} ${row.minus ? "−" : ""}${row.amount}`);

describe("totalRows: one word per meaning, in one order", () => {
  const cases: { behaviour: string; input: TotalRowsInput; rows: string[] }[] = [
    {
      behaviour: "a plain pickup: subtotal and total to pay",
      input: { totals: totals({ basketTotal: 158, total: 158, totalLeft: 158 }), bagFee: 0, isDelivery: false },
      rows: ["Subtotal 158", "TotalToPay 158"],
    },
    {
      behaviour: "the issue's basket: the discount under its own word, one total",
      input: {
        totals: totals({ basketTotal: 158, discount: 15.4, total: 142.6, totalLeft: 142.6 }),
        bagFee: 0,
        isDelivery: false,
      },
      rows: ["Subtotal 158", "Discount −15.4", "TotalToPay 142.6"],
    },
    {
      behaviour: "the bag is split out of the basket total as its own row",
      input: { totals: totals({ basketTotal: 162, total: 162, totalLeft: 162 }), bagFee: 4, isDelivery: false },
      rows: ["Subtotal 158", "BagFee 4", "TotalToPay 162"],
    },
    {
      behaviour: "everything: subtotal, discount, bag, delivery, gift card, total to pay",
      input: {
        totals: totals({
          basketTotal: 162.1,
          discount: 10,
          deliveryFee: 39,
          total: 191.1,
          giftcard: 50,
          totalLeft: 141.1,
        }),
        bagFee: 4,
        isDelivery: true,
      },
      rows: ["Subtotal 158.1", "Discount −10", "BagFee 4", "DeliveryFee 39", "Giftcard −50", "TotalToPay 141.1"],
    },
    {
      behaviour: "a free delivery still says so",
      input: { totals: totals({ basketTotal: 100, total: 100, totalLeft: 100 }), bagFee: 0, isDelivery: true },
      rows: ["Subtotal 100", "DeliveryFee 0", "TotalToPay 100"],
    },
    {
      behaviour: "money already paid online shows, so the rows add up",
      input: { totals: totals({ basketTotal: 100, total: 100, totalLeft: 0 }), bagFee: 0, isDelivery: false },
      rows: ["Subtotal 100", "Paid −100", "TotalToPay 0"],
    },
  ];
  for (const { behaviour, input, rows } of cases) {
    test(behaviour, () => {
      expect(text(input)).toEqual(rows);
    });
  }

  test("no word is used twice", () => {
    const input = cases[3]?.input as TotalRowsInput;
    const labels = totalRows(input).map((row) => row.label);
    expect(new Set(labels).size).toBe(labels.length);
  });
});

describe("bagFeeOf", () => {
  test("the bag lines' total, 0 without a bag line or a bag product", () => {
    const basket = {
      items: [
        { productId: 1, totalPrice: 79 },
        { productId: 9, totalPrice: 4 },
      ],
    };
    expect(bagFeeOf(basket, 9)).toBe(4);
    expect(bagFeeOf(basket, 5)).toBe(0);
    expect(bagFeeOf(basket, null)).toBe(0);
  });
});
