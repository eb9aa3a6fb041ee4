import { describe, expect, test } from "vitest";
import {
  basketTotal,
  type GiftcardCapInput,
  giftcardAmountCap,
  isAuthorizedState,
  type OrderTotalInput,
  orderTotal,
  type PaymentAmount,
  PaymentState,
  PaymentType,
  totalLeft,
} from "./totals";

describe("isAuthorizedState", () => {
  const cases = [
    { behaviour: "created is not authorized", state: PaymentState.CREATED, authorized: false },
    { behaviour: "cancelled is not authorized", state: PaymentState.CANCELLED, authorized: false },
    { behaviour: "failed is not authorized", state: PaymentState.FAILED, authorized: false },
    { behaviour: "authorized is authorized", state: PaymentState.AUTHORIZED, authorized: true },
    { behaviour: "refunded counts as authorized (above failed)", state: PaymentState.REFUNDED, authorized: true },
    { behaviour: "partially captured counts as authorized", state: PaymentState.PARTIALLYCAPTURED, authorized: true },
    { behaviour: "captured counts as authorized", state: PaymentState.CAPTURED, authorized: true },
    { behaviour: "an unnamed state above failed counts as authorized", state: 65, authorized: true },
  ];
  for (const { behaviour, state, authorized } of cases) {
    test(behaviour, () => {
      expect(isAuthorizedState(state)).toBe(authorized);
    });
  }
});

describe("basketTotal", () => {
  const cases = [
    { behaviour: "an empty basket totals 0", lines: [], total: 0 },
    { behaviour: "sums the line totals", lines: [{ totalPriceMinor: 8900 }, { totalPriceMinor: 2550 }], total: 11450 },
  ];
  for (const { behaviour, lines, total } of cases) {
    test(behaviour, () => {
      expect(basketTotal(lines)).toBe(total);
    });
  }
});

describe("orderTotal", () => {
  const cases: { behaviour: string; input: OrderTotalInput; total: number }[] = [
    {
      behaviour: "basket minus discount plus delivery fee",
      input: { basketTotalMinor: 20000, discountMinor: 2000, deliveryFeeMinor: 3900 },
      total: 21900,
    },
    {
      behaviour: "equals the basket without discount or delivery",
      input: { basketTotalMinor: 20000, discountMinor: 0, deliveryFeeMinor: 0 },
      total: 20000,
    },
    {
      behaviour: "a discount larger than the basket leaves only the delivery fee",
      input: { basketTotalMinor: 5000, discountMinor: 8000, deliveryFeeMinor: 3900 },
      total: 3900,
    },
  ];
  for (const { behaviour, input, total } of cases) {
    test(behaviour, () => {
      expect(orderTotal(input)).toBe(total);
    });
  }
});

describe("totalLeft", () => {
  const cases: { behaviour: string; payments: PaymentAmount[]; left: number }[] = [
    { behaviour: "the whole order total without payments", payments: [], left: 20000 },
    {
      behaviour: "subtracts a gift card amount",
      payments: [{ amountMinor: 5000, type: PaymentType.GIFTCARD }],
      left: 15000,
    },
    {
      behaviour: "subtracts an authorized online payment",
      payments: [{ amountMinor: 15000, type: PaymentType.ONLINE, state: PaymentState.CAPTURED }],
      left: 5000,
    },
    {
      behaviour: "ignores unpaid (pay at pickup) entries",
      payments: [{ amountMinor: 20000, type: PaymentType.UNPAID }],
      left: 20000,
    },
    {
      behaviour: "ignores a payment that is not authorized yet",
      payments: [{ amountMinor: 20000, type: PaymentType.ONLINE, state: PaymentState.CREATED }],
      left: 20000,
    },
    {
      behaviour: "ignores a failed payment",
      payments: [{ amountMinor: 20000, type: PaymentType.ONLINE, state: PaymentState.FAILED }],
      left: 20000,
    },
    {
      behaviour: "never goes below 0",
      payments: [
        { amountMinor: 15000, type: PaymentType.GIFTCARD },
        { amountMinor: 15000, type: PaymentType.ONLINE, state: PaymentState.AUTHORIZED },
      ],
      left: 0,
    },
  ];
  for (const { behaviour, payments, left } of cases) {
    test(behaviour, () => {
      expect(totalLeft(20000, payments)).toBe(left);
    });
  }
});

describe("giftcardAmountCap", () => {
  const cases: { behaviour: string; input: GiftcardCapInput; cap: number }[] = [
    {
      behaviour: "the whole balance when it is below the order total",
      input: { basketTotalMinor: 20000, discountMinor: 0, deliveryFeeMinor: 0, balanceMinor: 5000 },
      cap: 5000,
    },
    {
      behaviour: "basket minus discount plus delivery when the balance is larger",
      input: { basketTotalMinor: 20000, discountMinor: 2000, deliveryFeeMinor: 3900, balanceMinor: 50000 },
      cap: 21900,
    },
    {
      behaviour: "never negative for a negative balance",
      input: { basketTotalMinor: 20000, discountMinor: 0, deliveryFeeMinor: 0, balanceMinor: -100 },
      cap: 0,
    },
    {
      behaviour: "only the delivery fee when the discount covers the basket",
      input: { basketTotalMinor: 5000, discountMinor: 8000, deliveryFeeMinor: 3900, balanceMinor: 50000 },
      cap: 3900,
    },
  ];
  for (const { behaviour, input, cap } of cases) {
    test(behaviour, () => {
      expect(giftcardAmountCap(input)).toBe(cap);
    });
  }
});
