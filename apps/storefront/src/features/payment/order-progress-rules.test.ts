import type { Order } from "@app/contracts";
import { describe, expect, test } from "vitest";
import { isFinished, progressView, reasonKeyOf } from "./order-progress-rules";

const COPENHAGEN = "Europe/Copenhagen";
const card = { paymentId: "p", amount: 120, type: 0, method: "card", state: 128, isTest: true } as const;
const atPickup = { paymentId: "p", amount: 120, type: 2, method: "pickup", state: 1, isTest: false } as const;

function order(extra: Partial<Order>): Order {
  return {
    orderReadyTime: "2026-11-23T11:30:00.000Z",
    readyTime: "2026-11-23T11:30:00.000Z",
    kitchenStatus: "new",
    rejectReason: null,
    payments: [card],
    ...extra,
  } as Order;
}

describe("progressView", () => {
  test("a new order is received, waiting for the restaurant", () => {
    expect(progressView(order({}), COPENHAGEN)).toMatchObject({ step: "received", key: "OrderProgress.Received" });
  });

  test("an accepted order is ready at the kitchen's time on the restaurant's clock", () => {
    const view = progressView(order({ kitchenStatus: "accepted", readyTime: "2026-11-23T11:40:00.000Z" }), COPENHAGEN);
    expect(view).toMatchObject({ step: "accepted", key: "OrderProgress.Accepted", values: { time: "12:40" } });
  });

  test("summer time: 10:40 UTC is 12:40 in Copenhagen", () => {
    const view = progressView(order({ kitchenStatus: "accepted", readyTime: "2026-07-01T10:40:00.000Z" }), COPENHAGEN);
    expect(view.values.time).toBe("12:40");
  });

  test("ready and picked up both tick the last step", () => {
    expect(progressView(order({ kitchenStatus: "ready" }), COPENHAGEN)).toMatchObject({ step: "ready", tone: "done" });
    expect(progressView(order({ kitchenStatus: "picked-up" }), COPENHAGEN)).toMatchObject({
      step: "ready",
      key: "OrderProgress.PickedUp",
    });
  });

  test("a rejected paid order says the money is on its way back; one to pay at pickup says nothing is owed", () => {
    expect(progressView(order({ kitchenStatus: "rejected" }), COPENHAGEN)).toMatchObject({
      step: null,
      key: "OrderProgress.RejectedRefund",
      tone: "problem",
    });
    expect(progressView(order({ kitchenStatus: "rejected", payments: [atPickup] }), COPENHAGEN).key).toBe(
      "OrderProgress.RejectedUnpaid",
    );
  });

  test("the reason has its own words; none reads as other", () => {
    expect(reasonKeyOf({ rejectReason: "sold-out" })).toBe("OrderProgress.Reason.SoldOut");
    expect(reasonKeyOf({ rejectReason: null })).toBe("OrderProgress.Reason.Other");
  });
});

describe("isFinished", () => {
  test.each([
    ["new", false],
    ["accepted", false],
    ["ready", false],
    ["picked-up", true],
    ["rejected", true],
  ] as const)("%s: %s", (kitchenStatus, finished) => {
    expect(isFinished({ kitchenStatus })).toBe(finished);
  });
});
