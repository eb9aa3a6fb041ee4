import { describe, expect, test } from "vitest";
import {
  capGiftcardAmounts,
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
      behaviour: "ignores a refunded payment: its money went back",
      payments: [{ amountMinor: 20000, type: PaymentType.ONLINE, state: PaymentState.REFUNDED }],
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

describe("capGiftcardAmounts", () => {
  const cases: { behaviour: string; orderTotal: number; wanted: number[]; paid: number[] }[] = [
    { behaviour: "one card below the total pays what it asks", orderTotal: 20000, wanted: [5000], paid: [5000] },
    { behaviour: "one card above the total pays the total", orderTotal: 21900, wanted: [50000], paid: [21900] },
    {
      behaviour: "a second card pays only what the first leaves",
      orderTotal: 15800,
      wanted: [10000, 50000],
      paid: [10000, 5800],
    },
    { behaviour: "a card after the total is reached pays 0", orderTotal: 5000, wanted: [5000, 100], paid: [5000, 0] },
    { behaviour: "a negative wish pays 0 and leaves the rest", orderTotal: 5000, wanted: [-100, 800], paid: [0, 800] },
    { behaviour: "nothing is paid of a total of 0", orderTotal: 0, wanted: [500], paid: [0] },
    { behaviour: "no cards, no amounts", orderTotal: 5000, wanted: [], paid: [] },
  ];
  for (const { behaviour, orderTotal, wanted, paid } of cases) {
    test(behaviour, () => {
      expect(capGiftcardAmounts(orderTotal, wanted)).toEqual(paid);
    });
  }
});
