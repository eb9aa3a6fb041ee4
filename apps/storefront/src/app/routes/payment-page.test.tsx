// @vitest-environment happy-dom
import type { Payment } from "@app/contracts";
import { PaymentState } from "@app/domain";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import type { PaymentStatusApi } from "../../features/payment";
import { ApiError } from "../../lib/api-client";
import { startEnglish } from "../../testing/start-english";
import { PaymentPage } from "./payment-page";

beforeAll(startEnglish);
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const CHECKOUT_ID = "c-1";

function aPayment(state: number, id = "pay-1"): Payment {
  return { id, state, type: 0, amount: 200, paymentUrl: "https://pay.example/p", payments: [] };
}

function fakeApi(...answers: Payment[]) {
  const getPayment = vi.fn<PaymentStatusApi["getPayment"]>();
  for (const answer of answers) getPayment.mockResolvedValueOnce(answer);
  return { getPayment, cancelPayment: vi.fn<PaymentStatusApi["cancelPayment"]>() };
}

function renderPaymentPage(api: PaymentStatusApi, report = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: "/", element: <h1>Front page</h1> },
      { path: "/checkout", element: <h1>Checkout</h1> },
      { path: "/order/:checkoutId", element: <h1>Order page</h1> },
      { path: "/error", element: <h1>Error page</h1> },
      { path: "/payment/:checkoutId", element: <PaymentPage api={api} report={report} /> },
    ],
    { initialEntries: [`/payment/${CHECKOUT_ID}`] },
  );
  render(<RouterProvider router={router} />);
  return { router, report };
}

/** Runs the timers due within `ms` and the promises they start (testing-library's waitFor needs real timers). */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const heading = () => screen.getByRole("heading", { level: 1 }).textContent;
const path = (router: ReturnType<typeof createMemoryRouter>) => router.state.location.pathname;

describe("/payment/:checkoutId", () => {
  test("reads the payment every 2 s while it is created and stops once it is not", async () => {
    const created = aPayment(PaymentState.CREATED);
    const api = fakeApi(created, created, aPayment(PaymentState.CANCELLED));
    renderPaymentPage(api);
    await advance(0);
    expect(api.getPayment).toHaveBeenCalledTimes(1);
    expect(api.getPayment).toHaveBeenCalledWith(CHECKOUT_ID);
    await advance(1999);
    expect(api.getPayment).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(api.getPayment).toHaveBeenCalledTimes(2);
    await advance(2000);
    expect(api.getPayment).toHaveBeenCalledTimes(3);
    await advance(20_000);
    expect(api.getPayment).toHaveBeenCalledTimes(3);
    expect(heading()).toBe("Payment cancelled");
  });

  test("the title and the announced message follow the payment's state", async () => {
    renderPaymentPage(fakeApi(aPayment(PaymentState.CREATED), aPayment(PaymentState.AUTHORIZED)));
    await advance(0);
    expect(heading()).toBe("Finish the payment on the terminal");
    expect(document.title).toBe("Finish the payment on the terminal");
    expect(screen.getByRole("status").textContent).toBe(
      "The payment is not finished yet. Return to payment to complete it, or cancel it.",
    );
    await advance(2000);
    expect(heading()).toBe("Payment completed");
    expect(screen.getByRole("status").textContent).toBe("Thank you! We are sending your order to the restaurant.");
  });

  test("an authorized payment goes on to /order/{checkoutId} exactly 3 s later", async () => {
    const { router } = renderPaymentPage(fakeApi(aPayment(PaymentState.CAPTURED)));
    await advance(0);
    expect(heading()).toBe("Payment completed");
    await advance(2999);
    expect(path(router)).toBe(`/payment/${CHECKOUT_ID}`);
    await advance(1);
    expect(path(router)).toBe(`/order/${CHECKOUT_ID}`);
  });

  test("a failed payment shows an error, reports one PaymentError and goes back to /checkout", async () => {
    const { router, report } = renderPaymentPage(fakeApi(aPayment(PaymentState.FAILED)));
    await advance(0);
    expect(heading()).toBe("Payment failed");
    expect(screen.getByRole("status").textContent).toContain("The payment did not go through");
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith(
      expect.objectContaining({ name: "PaymentError", details: { checkoutId: CHECKOUT_ID, paymentId: "pay-1" } }),
    );
    expect(screen.queryByRole("button", { name: "Cancel payment" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Return to payment" })).toBeNull();
    fireEvent.click(screen.getByRole("link", { name: "Go back to checkout" }));
    await advance(0);
    expect(path(router)).toBe("/checkout");
  });

  test("a cancelled payment offers the way back to the front page", async () => {
    const { router } = renderPaymentPage(fakeApi(aPayment(PaymentState.CANCELLED)));
    await advance(0);
    expect(heading()).toBe("Payment cancelled");
    fireEvent.click(screen.getByRole("link", { name: "Go back" }));
    await advance(0);
    expect(path(router)).toBe("/");
  });

  test("cancel payment cancels the waiting payment and shows the state the cancel answers", async () => {
    const api = fakeApi(aPayment(PaymentState.CREATED));
    api.cancelPayment.mockResolvedValue(aPayment(PaymentState.CANCELLED));
    renderPaymentPage(api);
    await advance(0);
    fireEvent.click(screen.getByRole("button", { name: "Cancel payment" }));
    await advance(0);
    expect(api.cancelPayment).toHaveBeenCalledWith("pay-1");
    expect(heading()).toBe("Payment cancelled");
    expect(screen.getByRole("link", { name: "Go back" }).getAttribute("href")).toBe("/");
    // The cancelled payment is not read again.
    await advance(10_000);
    expect(api.getPayment).toHaveBeenCalledTimes(1);
  });

  test("cancel payment from the keyboard: once the button is gone, the focus is on the heading naming the new state", async () => {
    const api = fakeApi(aPayment(PaymentState.CREATED));
    api.cancelPayment.mockResolvedValue(aPayment(PaymentState.CANCELLED));
    renderPaymentPage(api);
    await advance(0);
    const cancel = screen.getByRole("button", { name: "Cancel payment" });
    cancel.focus();
    fireEvent.click(cancel);
    await advance(0);
    expect(screen.queryByRole("button", { name: "Cancel payment" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Payment cancelled" }));
  });

  test("a change of state moves no focus the guest has not put on the panel", async () => {
    renderPaymentPage(fakeApi(aPayment(PaymentState.CREATED), aPayment(PaymentState.CANCELLED)));
    await advance(0);
    await advance(2000);
    expect(heading()).toBe("Payment cancelled");
    expect(document.activeElement).toBe(document.body);
  });

  test("a second cancel while one is running is ignored", async () => {
    const api = fakeApi(aPayment(PaymentState.CREATED));
    let answer: (payment: Payment) => void = () => {};
    api.cancelPayment.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderPaymentPage(api);
    await advance(0);
    const button = screen.getByRole("button", { name: "Cancel payment" });
    fireEvent.click(button);
    await advance(0);
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("status").textContent).toBe("Cancelling the payment…");
    fireEvent.click(button);
    await advance(5000);
    expect(api.cancelPayment).toHaveBeenCalledTimes(1);
    // No read while the cancel runs: an old "created" cannot cover the cancelled payment.
    expect(api.getPayment).toHaveBeenCalledTimes(1);
    answer(aPayment(PaymentState.CANCELLED));
    await advance(0);
    expect(heading()).toBe("Payment cancelled");
  });

  test("a cancel that finds the payment already paid (409) reads it again", async () => {
    const api = fakeApi(aPayment(PaymentState.CREATED), aPayment(PaymentState.AUTHORIZED));
    api.cancelPayment.mockRejectedValue(
      new ApiError({ ok: false, status: 409, errors: [{ code: "ALREADY_PAID", message: "paid" }] }),
    );
    renderPaymentPage(api);
    await advance(0);
    fireEvent.click(screen.getByRole("button", { name: "Cancel payment" }));
    await advance(0);
    expect(api.getPayment).toHaveBeenCalledTimes(2);
    expect(heading()).toBe("Payment completed");
  });

  test("a checkout without a payment (404) says so and goes back to /checkout", async () => {
    const api = fakeApi();
    api.getPayment.mockRejectedValue(
      new ApiError({ ok: false, status: 404, errors: [{ code: "NOT_FOUND", message: "none" }], traceId: "t-404" }),
    );
    const { router } = renderPaymentPage(api);
    await advance(0);
    expect(heading()).toBe("We could not find your payment");
    expect(screen.getByRole("status").textContent).toBe("Go back to the checkout to start the payment again.");
    fireEvent.click(screen.getByRole("link", { name: "Go back to checkout" }));
    await advance(0);
    expect(path(router)).toBe("/checkout");
  });

  test("any other failed read goes to the error page with its trace id", async () => {
    const api = fakeApi();
    api.getPayment.mockRejectedValue(
      new ApiError({ ok: false, status: 500, errors: [{ code: "INTERNAL", message: "boom" }], traceId: "t-500" }),
    );
    const { router, report } = renderPaymentPage(api);
    await advance(0);
    expect(path(router)).toBe("/error");
    expect(router.state.location.search).toBe("?traceId=t-500");
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ name: "PaymentError", traceId: "t-500" }));
  });

  test("leaving the page stops the reading", async () => {
    const api = fakeApi();
    api.getPayment.mockResolvedValue(aPayment(PaymentState.CREATED));
    renderPaymentPage(api);
    await advance(0);
    cleanup();
    await advance(10_000);
    expect(api.getPayment).toHaveBeenCalledTimes(1);
  });

  describe("back from an external hosted page (Stripe Checkout) before the provider has reported (issue 46)", () => {
    test("a payment still created for a while (a late webhook) is read on until it is authorized, then the order", async () => {
      const created = aPayment(PaymentState.CREATED);
      const api = fakeApi(created, created, created, created, created, aPayment(PaymentState.AUTHORIZED));
      const { router } = renderPaymentPage(api);
      await advance(0);
      expect(heading()).toBe("Finish the payment on the terminal");
      await advance(4 * 2000);
      expect(api.getPayment).toHaveBeenCalledTimes(5);
      expect(path(router)).toBe(`/payment/${CHECKOUT_ID}`);
      await advance(2000);
      expect(heading()).toBe("Payment completed");
      await advance(3000);
      expect(path(router)).toBe(`/order/${CHECKOUT_ID}`);
      expect(api.cancelPayment).not.toHaveBeenCalled();
    });

    test("a late decline (async payment failed) turns the waiting page into the failed one", async () => {
      const created = aPayment(PaymentState.CREATED);
      const { router, report } = renderPaymentPage(fakeApi(created, created, aPayment(PaymentState.FAILED)));
      await advance(0);
      await advance(2 * 2000);
      expect(heading()).toBe("Payment failed");
      expect(report).toHaveBeenCalledTimes(1);
      fireEvent.click(screen.getByRole("link", { name: "Go back to checkout" }));
      await advance(0);
      expect(path(router)).toBe("/checkout");
    });

    test("a session that expired at the provider (cancelled there) shows cancelled, and the reading stops", async () => {
      const api = fakeApi(aPayment(PaymentState.CREATED), aPayment(PaymentState.CANCELLED));
      renderPaymentPage(api);
      await advance(0);
      await advance(2000);
      expect(heading()).toBe("Payment cancelled");
      await advance(10_000);
      expect(api.getPayment).toHaveBeenCalledTimes(2);
    });
  });

  describe("back from the provider's page without finishing", () => {
    test("a waiting payment offers its payment page again, first, beside cancel, and the reading goes on", async () => {
      const created = aPayment(PaymentState.CREATED);
      const api = fakeApi(created, created);
      renderPaymentPage(api);
      await advance(0);
      const reopen = screen.getByRole("link", { name: "Return to payment" });
      expect(reopen.getAttribute("href")).toBe("https://pay.example/p");
      const actions = [...document.querySelectorAll(".page-actions > *")].map((action) => action.textContent);
      expect(actions).toEqual(["Return to payment", "Cancel payment"]);
      await advance(2000);
      expect(api.getPayment).toHaveBeenCalledTimes(2);
      expect(screen.getByRole("link", { name: "Return to payment" })).toBeTruthy();
    });

    test("a payment without a page of its own (a terminal) only waits: no link, the waiting message", async () => {
      renderPaymentPage(fakeApi({ ...aPayment(PaymentState.CREATED), paymentUrl: null }));
      await advance(0);
      expect(screen.queryByRole("link", { name: "Return to payment" })).toBeNull();
      expect(screen.getByRole("status").textContent).toBe("We are waiting for the payment to be completed.");
      expect(screen.getByRole("button", { name: "Cancel payment" })).toBeTruthy();
    });

    test("once the payment is completed or cancelled, there is nothing to return to", async () => {
      const api = fakeApi(aPayment(PaymentState.CREATED), aPayment(PaymentState.AUTHORIZED));
      renderPaymentPage(api);
      await advance(0);
      expect(screen.getByRole("link", { name: "Return to payment" })).toBeTruthy();
      await advance(2000);
      expect(heading()).toBe("Payment completed");
      expect(screen.queryByRole("link", { name: "Return to payment" })).toBeNull();
    });

    test("while a cancel runs the link is gone, so the guest cannot reopen what is being cancelled", async () => {
      const api = fakeApi(aPayment(PaymentState.CREATED));
      api.cancelPayment.mockReturnValue(new Promise(() => {}));
      renderPaymentPage(api);
      await advance(0);
      fireEvent.click(screen.getByRole("button", { name: "Cancel payment" }));
      await advance(0);
      expect(screen.queryByRole("link", { name: "Return to payment" })).toBeNull();
    });
  });
});
