// @vitest-environment happy-dom
import type { Payment } from "@app/contracts";
import { PaymentState } from "@app/domain";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import type { PaymentStatusApi } from "../features/payment";
import { ApiError } from "../lib/api-client";
import { startEnglish } from "../testing/start-english";
import { Header } from "./header";
import { PaymentPage } from "./routes/payment-page";

beforeAll(startEnglish);
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const aPayment = (state: number): Payment => ({
  id: "pay-1",
  state,
  type: 0,
  amount: 200,
  paymentUrl: "https://pay.example/p",
  payments: [],
});

function renderAt(path: string, api: PaymentStatusApi) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <Header restaurantName="Bistro Nørrebro" logo={null} smileyUrl={null} />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <h1>Front page</h1> },
          { path: "menu/:categoryId", element: <h1>Menu</h1> },
          { path: "payment/:checkoutId", element: <PaymentPage api={api} report={vi.fn()} /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const logo = () => screen.getByRole("link", { name: "Bistro Nørrebro, go to the front page" });

describe("the header's logo (SPEC §2)", () => {
  test("on a payment page with a waiting payment it cancels the payment first, then goes to the front page", async () => {
    const api = { getPayment: vi.fn().mockResolvedValue(aPayment(PaymentState.CREATED)), cancelPayment: vi.fn() };
    let answer: (payment: Payment) => void = () => {};
    api.cancelPayment.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const router = renderAt("/payment/c-1", api);
    await advance(0);
    fireEvent.click(logo());
    await advance(0);
    expect(api.cancelPayment).toHaveBeenCalledWith("pay-1");
    // Not before the cancel has answered: the guest must not leave a payment that may still be taken.
    expect(router.state.location.pathname).toBe("/payment/c-1");
    answer(aPayment(PaymentState.CANCELLED));
    await advance(0);
    expect(router.state.location.pathname).toBe("/");
  });

  test("when the payment was paid meanwhile (409) the guest stays and sees it", async () => {
    const api = {
      getPayment: vi
        .fn()
        .mockResolvedValueOnce(aPayment(PaymentState.CREATED))
        .mockResolvedValue(aPayment(PaymentState.AUTHORIZED)),
      cancelPayment: vi
        .fn()
        .mockRejectedValue(new ApiError({ ok: false, status: 409, errors: [{ code: "ALREADY_PAID", message: "x" }] })),
    };
    const router = renderAt("/payment/c-1", api);
    await advance(0);
    fireEvent.click(logo());
    await advance(0);
    expect(router.state.location.pathname).toBe("/payment/c-1");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Payment completed");
  });

  test("with no waiting payment it is a plain link to the front page", async () => {
    const api = { getPayment: vi.fn().mockResolvedValue(aPayment(PaymentState.CANCELLED)), cancelPayment: vi.fn() };
    const router = renderAt("/payment/c-1", api);
    await advance(0);
    fireEvent.click(logo());
    await advance(0);
    expect(api.cancelPayment).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/");
  });

  test("elsewhere it only goes to the front page, and it stays a link for keyboards and screen readers", async () => {
    const api = { getPayment: vi.fn(), cancelPayment: vi.fn() };
    const router = renderAt("/menu/7", api);
    expect(logo().getAttribute("href")).toBe("/");
    fireEvent.click(logo());
    await advance(0);
    expect(router.state.location.pathname).toBe("/");
    expect(api.cancelPayment).not.toHaveBeenCalled();
  });
});
