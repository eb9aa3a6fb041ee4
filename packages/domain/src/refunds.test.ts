import { describe, expect, test } from "vitest";
import { lineDiscountShares, lineRefundMinor, refundableMinor, splitRefund } from "./refunds";

describe("lineDiscountShares", () => {
  test.each([
    { totals: [10000, 5000], discount: 1500, shares: [1000, 500] },
    { totals: [100, 100, 100], discount: 100, shares: [34, 33, 33] },
    { totals: [8900, 2900, 0], discount: 0, shares: [0, 0, 0] },
    { totals: [1000], discount: 5000, shares: [1000] },
  ])("$totals with $discount off → $shares", ({ totals, discount, shares }) => {
    expect(lineDiscountShares(totals, discount)).toEqual(shares);
  });
});

describe("lineRefundMinor", () => {
  const line = { id: "l", amount: 3, totalMinor: 3000, refundedAmount: 0, refundedMinor: 0 };
  test.each([
    { refunded: [0, 0], units: 1, net: 2900, minor: 966 },
    { refunded: [1, 966], units: 1, net: 2900, minor: 966 },
    { refunded: [2, 1932], units: 1, net: 2900, minor: 968 },
    { refunded: [0, 0], units: 3, net: 2900, minor: 2900 },
    { refunded: [2, 1932], units: 2, net: 2900, minor: 0 },
    { refunded: [0, 0], units: 0, net: 2900, minor: 0 },
  ])("$units units after $refunded of a net $net → $minor", ({ refunded, units, net, minor }) => {
    const [refundedAmount, refundedMinor] = refunded as [number, number];
    expect(lineRefundMinor({ ...line, refundedAmount, refundedMinor }, net, units)).toBe(minor);
  });
});

describe("splitRefund", () => {
  const sources = [
    { paymentId: "card", kind: "giftcard" as const, amountMinor: 5000, refundedMinor: 1000 },
    { paymentId: "online", kind: "online" as const, amountMinor: 7000, refundedMinor: 0 },
  ];
  test("online payments first, then gift cards, each at most what it has left", () => {
    expect(splitRefund(sources, 9000)).toEqual([
      { paymentId: "online", kind: "online", amountMinor: 7000 },
      { paymentId: "card", kind: "giftcard", amountMinor: 2000 },
    ]);
  });
  test("more than the payments have left cannot be split", () => {
    expect(refundableMinor(sources)).toBe(11000);
    expect(splitRefund(sources, 11001)).toBeNull();
    expect(splitRefund(sources, 11000)).toHaveLength(2);
  });
});
