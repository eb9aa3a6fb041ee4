import { CheckoutState, PaymentState } from "@app/domain";
import { describe, expect, test } from "vitest";
import { finalizedStep, firstOrderStep, paymentTitleKey, paymentView, pollStep } from "./payment-status-rules";

describe("paymentView (SPEC §4)", () => {
  test.each([
    [PaymentState.CREATED, "created"],
    [PaymentState.CANCELLED, "cancelled"],
    [PaymentState.FAILED, "failed"],
    [PaymentState.AUTHORIZED, "authorized"],
    [PaymentState.REFUNDED, "authorized"],
    [PaymentState.PARTIALLYCAPTURED, "authorized"],
    [PaymentState.CAPTURED, "authorized"],
    [65, "authorized"],
    [0, "created"],
  ])("state %i shows %s", (state, view) => {
    expect(paymentView(state)).toBe(view);
  });

  test("each view has its page title", () => {
    expect(paymentTitleKey("created")).toBe("PaymentPage.Title.Created");
    expect(paymentTitleKey("authorized")).toBe("PaymentPage.Title.Authorized");
    expect(paymentTitleKey("cancelled")).toBe("PaymentPage.Title.Cancelled");
    expect(paymentTitleKey("failed")).toBe("PaymentPage.Title.Failed");
  });
});

describe("the order page's steps (SPEC §4)", () => {
  const payment = { paymentId: "pay-1" };
  test.each([
    ["with a payment, OPEN", { state: CheckoutState.OPEN, payment }, "poll"],
    ["with a payment, PENDING", { state: CheckoutState.PENDING, payment }, "poll"],
    ["with a payment, FINALIZING", { state: CheckoutState.FINALIZING, payment }, "poll"],
    ["with a payment, DONE", { state: CheckoutState.DONE, payment }, "done"],
    ["with a payment, ERROR", { state: CheckoutState.ERROR, payment }, "error"],
    ["without a payment, DONE", { state: CheckoutState.DONE, payment: null }, "error"],
    ["without a payment, ERROR", { state: CheckoutState.ERROR, payment: null }, "error"],
    ["without a payment, OPEN", { state: CheckoutState.OPEN, payment: null }, "finalize"],
    ["without a payment, FINALIZING", { state: CheckoutState.FINALIZING, payment: null }, "finalize"],
  ])("first read %s: %s", (_, checkout, step) => {
    expect(firstOrderStep(checkout)).toBe(step);
  });

  test.each([
    [CheckoutState.DONE, "done"],
    [CheckoutState.ERROR, "error"],
    [CheckoutState.PENDING, "poll"],
    [CheckoutState.FINALIZING, "poll"],
  ])("while waiting, state %i: %s", (state, step) => {
    expect(pollStep(state)).toBe(step);
  });

  test.each([
    [CheckoutState.DONE, "done"],
    [CheckoutState.OPEN, "error"],
    [CheckoutState.FINALIZING, "error"],
    [CheckoutState.ERROR, "error"],
  ])("after finalize, state %i: %s", (state, step) => {
    expect(finalizedStep(state)).toBe(step);
  });
});
