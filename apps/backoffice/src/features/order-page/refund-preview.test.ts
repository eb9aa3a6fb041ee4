import type { OrderRefunds } from "@app/contracts";
import { describe, expect, test } from "vitest";
import { parseAmount, previewRefund } from "./refund-preview";

const state: OrderRefunds = {
  orderId: "00000000-0000-4000-8000-000000000001",
  receiptNumber: 1001,
  total: 119,
  discount: 0,
  paid: 119,
  refunded: 0,
  refundable: 119,
  payments: [
    {
      paymentId: "00000000-0000-4000-8000-0000000000a1",
      method: "giftcard",
      paid: 50,
      refunded: 0,
      refundable: 50,
      isTest: true,
    },
    {
      paymentId: "00000000-0000-4000-8000-0000000000a2",
      method: "card",
      paid: 69,
      refunded: 0,
      refundable: 69,
      isTest: true,
    },
  ],
  lines: [
    {
      id: "00000000-0000-4000-8000-0000000000b1",
      name: "Classic burger",
      amount: 1,
      total: 119,
      net: 119,
      refundedAmount: 0,
      refunded: 0,
    },
  ],
  refunds: [],
};

describe("previewRefund", () => {
  test("an amount goes back by card first, then onto the gift card", () => {
    expect(previewRefund(state, { kind: "amount", amount: "80" }, "da-DK")).toEqual({
      ok: true,
      amount: 80,
      online: 69,
      giftcard: 11,
    });
  });
  test("a line gives back its net; the whole order what is left", () => {
    const line = previewRefund(state, { kind: "lines", units: { [state.lines[0]!.id]: 1 } }, "da-DK");
    expect(line).toMatchObject({ ok: true, amount: 119 });
    expect(previewRefund({ ...state, refundable: 39 }, { kind: "order" }, "en-US")).toMatchObject({ amount: 39 });
  });
  test("refuses more than is left, no line, and what is not an amount", () => {
    expect(previewRefund(state, { kind: "amount", amount: "119,01" }, "da-DK")).toEqual({
      ok: false,
      problem: "tooMuch",
    });
    expect(previewRefund(state, { kind: "lines", units: {} }, "da-DK")).toEqual({
      ok: false,
      problem: "nothingChosen",
    });
    expect(previewRefund(state, { kind: "amount", amount: "abc" }, "da-DK")).toEqual({
      ok: false,
      problem: "amountInvalid",
    });
  });
});

describe("parseAmount", () => {
  test.each([
    ["107,10", "da-DK", 107.1],
    ["1.250,5", "da-DK", 1250.5],
    ["1,250.50", "en-US", 1250.5],
    ["25 kr.", "da-DK", 25],
    ["12,345", "da-DK", Number.NaN],
  ])("%s in %s → %s", (text, language, amount) => {
    expect(parseAmount(text, language)).toBe(amount);
  });
});
