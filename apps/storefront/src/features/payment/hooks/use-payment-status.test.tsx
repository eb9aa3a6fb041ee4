// @vitest-environment happy-dom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { pendingPayment } from "../pending-payment";
import { usePaymentStatus } from "./use-payment-status";

afterEach(cleanup);

test("a cancel without a payment is ignored", async () => {
  const api = {
    getPayment: vi.fn().mockRejectedValue(new ApiError({ ok: false, status: 404, errors: [{ code: "NOT_FOUND" }] })),
    cancelPayment: vi.fn(),
  };
  const { result } = renderHook(() => usePaymentStatus("c-1", api));
  await act(async () => {});
  expect(result.current.state).toEqual({ status: "missing" });
  let cancelled: boolean | undefined;
  await act(async () => {
    cancelled = await result.current.cancel();
  });
  expect(cancelled).toBe(false);
  expect(api.cancelPayment).not.toHaveBeenCalled();
  // Nothing to cancel, so nothing for the header's logo either.
  expect(pendingPayment()).toBeNull();
});

test("a cancel before the payment has been read is ignored", async () => {
  const api = { getPayment: vi.fn(() => new Promise<never>(() => {})), cancelPayment: vi.fn() };
  const { result } = renderHook(() => usePaymentStatus("c-1", api));
  await act(async () => {
    expect(await result.current.cancel()).toBe(false);
  });
  expect(api.cancelPayment).not.toHaveBeenCalled();
});
