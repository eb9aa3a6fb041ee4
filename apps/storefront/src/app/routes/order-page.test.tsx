// @vitest-environment happy-dom
import type { Checkout, Order } from "@app/contracts";
import { CheckoutState } from "@app/domain";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { CONFIRMED_ORDER_KEY, type OrderFinalizingApi } from "../../features/payment";
import { ApiError } from "../../lib/api-client";
import { startEnglish } from "../../testing/start-english";
import { OrderPage } from "./order-page";

beforeAll(startEnglish);
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  sessionStorage.clear();
});

const CHECKOUT_ID = "c-1";
const PAID = { paymentId: "pay-1" };

function aCheckout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    id: CHECKOUT_ID,
    instanceId: 11,
    moduleId: 1,
    createdUtc: "2026-11-23T11:00:00.000Z",
    state: CheckoutState.OPEN,
    checkoutBaskets: [{ externalBasketId: "basket-1" }],
    discounts: [],
    giftcards: [],
    orderId: null,
    payment: null,
    delivery: null,
    guestInformation: {
      name: "Mette",
      phone: "20304050",
      email: "mette@example.dk",
      orderComment: null,
      amountOfGuests: null,
      amountOfKids: null,
    },
    orderReadyTime: "2026-11-23T11:30:00.000Z",
    totals: { basketTotal: 200, discount: 0, deliveryFee: 0, total: 200, giftcard: 0, totalLeft: 0 },
    ...overrides,
  };
}

const done = (overrides: Partial<Checkout> = {}) =>
  aCheckout({ state: CheckoutState.DONE, orderId: "o-1", payment: PAID, ...overrides });

const anOrder = { id: "o-1", externalId: "A-1001", receipt: { number: 1001 } } as Order;

function fakeApi(...checkouts: Checkout[]) {
  const getCheckout = vi.fn<OrderFinalizingApi["getCheckout"]>();
  for (const checkout of checkouts) getCheckout.mockResolvedValueOnce(checkout);
  return {
    getCheckout,
    finalizeCheckout: vi.fn<OrderFinalizingApi["finalizeCheckout"]>(),
    getOrder: vi.fn<OrderFinalizingApi["getOrder"]>().mockResolvedValue(anOrder),
  };
}

function renderOrderPage(api: OrderFinalizingApi, report = vi.fn()) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <Link to="/">Logo</Link>
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <h1>Front page</h1> },
          { path: "confirmation", element: <h1>Confirmation</h1> },
          { path: "order/:checkoutId", element: <OrderPage api={api} report={report} /> },
        ],
      },
      { path: "/error", element: <h1>Error page</h1> },
      { path: "/notfound", element: <h1>Not found</h1> },
    ],
    { initialEntries: ["/", `/order/${CHECKOUT_ID}`] },
  );
  render(<RouterProvider router={router} />);
  return { router, report };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const path = (router: ReturnType<typeof createMemoryRouter>) => router.state.location.pathname;
const stored = () => JSON.parse(sessionStorage.getItem(CONFIRMED_ORDER_KEY) ?? "null");

describe("/order/:checkoutId", () => {
  test("shows the spinner page with its title", async () => {
    renderOrderPage(fakeApi(aCheckout({ payment: PAID, state: CheckoutState.PENDING })));
    await advance(0);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Please do not press back or refresh the page");
    expect(screen.getByRole("status").textContent).toBe("Contacting the restaurant…");
  });

  test("with a payment it reads the checkout every 2 s until DONE, then stores it and shows the confirmation", async () => {
    const api = fakeApi(
      aCheckout({ payment: PAID, state: CheckoutState.PENDING }),
      aCheckout({ payment: PAID, state: CheckoutState.FINALIZING }),
      done(),
    );
    const { router } = renderOrderPage(api);
    await advance(0);
    expect(api.getCheckout).toHaveBeenCalledTimes(1);
    await advance(1999);
    expect(api.getCheckout).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(api.getCheckout).toHaveBeenCalledTimes(2);
    expect(path(router)).toBe(`/order/${CHECKOUT_ID}`);
    await advance(2000);
    expect(api.getCheckout).toHaveBeenCalledTimes(3);
    expect(path(router)).toBe("/confirmation");
    expect(api.finalizeCheckout).not.toHaveBeenCalled();
    expect(api.getOrder).toHaveBeenCalledWith("o-1", "en-US");
    expect(stored()).toEqual({
      checkoutId: CHECKOUT_ID,
      orderId: "o-1",
      externalId: "A-1001",
      receiptNumber: 1001,
      phone: "20304050",
      email: "mette@example.dk",
      // The order itself, for the receipt on the confirmation (and after a reload of it).
      order: anOrder,
    });
    // Replaced: back from the confirmation does not come here again.
    router.navigate(-1);
    await advance(0);
    expect(path(router)).toBe("/");
    await advance(10_000);
    expect(api.getCheckout).toHaveBeenCalledTimes(3);
  });

  test("with a payment, a checkout in ERROR goes to the error page", async () => {
    const { router, report } = renderOrderPage(
      fakeApi(aCheckout({ payment: PAID, state: CheckoutState.PENDING }), aCheckout({ payment: PAID, state: 3 })),
    );
    await advance(2000);
    expect(path(router)).toBe("/error");
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ name: "CheckoutError" }));
    expect(sessionStorage.getItem(CONFIRMED_ORDER_KEY)).toBeNull();
  });

  test("without a payment, a checkout that is already DONE is an error, not a confirmation", async () => {
    const api = fakeApi(done({ payment: null }));
    const { router } = renderOrderPage(api);
    await advance(0);
    expect(path(router)).toBe("/error");
    expect(api.finalizeCheckout).not.toHaveBeenCalled();
  });

  test("otherwise it finalizes the checkout and shows the confirmation when it is DONE", async () => {
    const api = fakeApi(aCheckout());
    api.finalizeCheckout.mockResolvedValue(done({ payment: null }));
    const { router } = renderOrderPage(api);
    await advance(0);
    expect(api.finalizeCheckout).toHaveBeenCalledWith(CHECKOUT_ID);
    expect(path(router)).toBe("/confirmation");
    expect(stored().externalId).toBe("A-1001");
  });

  test("a finalize that does not leave the checkout DONE goes to the error page", async () => {
    const api = fakeApi(aCheckout());
    api.finalizeCheckout.mockResolvedValue(aCheckout({ state: CheckoutState.OPEN }));
    const { router } = renderOrderPage(api);
    await advance(0);
    expect(path(router)).toBe("/error");
  });

  test("a failed call goes to the error page with its trace id", async () => {
    const api = fakeApi();
    api.getCheckout.mockRejectedValue(
      new ApiError({ ok: false, status: 500, errors: [{ code: "INTERNAL", message: "x" }], traceId: "t-9" }),
    );
    const { router } = renderOrderPage(api);
    await advance(0);
    expect(path(router)).toBe("/error");
    expect(router.state.location.search).toBe("?traceId=t-9");
  });

  for (const status of [404, 400]) {
    test(`a checkout the shop does not know (${status}: an old or mistyped link) is not found, not an error`, async () => {
      const api = fakeApi();
      api.getCheckout.mockRejectedValue(
        new ApiError({ ok: false, status, errors: [{ code: "NOT_FOUND", message: "x" }], traceId: "t-9" }),
      );
      const { router, report } = renderOrderPage(api);
      await advance(0);
      expect(path(router)).toBe("/notfound");
      expect(report).not.toHaveBeenCalled();
      expect(api.finalizeCheckout).not.toHaveBeenCalled();
    });
  }

  test("a finalize refused with 400 is still an error", async () => {
    const api = fakeApi(aCheckout());
    api.finalizeCheckout.mockRejectedValue(
      new ApiError({ ok: false, status: 400, errors: [{ code: "MissingFields.Name", message: "x" }], traceId: "t-8" }),
    );
    const { router } = renderOrderPage(api);
    await advance(0);
    expect(path(router)).toBe("/error");
  });

  test("an order that cannot be read still shows the confirmation, without the number, and is reported", async () => {
    const api = fakeApi(done());
    api.getOrder.mockRejectedValue(new Error("network"));
    const { router, report } = renderOrderPage(api);
    await advance(0);
    expect(path(router)).toBe("/confirmation");
    expect(stored()).toMatchObject({ orderId: "o-1", externalId: null, receiptNumber: null, order: null });
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ name: "CheckoutError", message: "network" }));
  });
});

describe("leaving the order page while it works (SPEC §8)", () => {
  const waiting = () => {
    const api = fakeApi();
    api.getCheckout.mockResolvedValue(aCheckout({ payment: PAID, state: CheckoutState.PENDING }));
    return api;
  };
  const warning = () => screen.queryByRole("dialog", { name: "Leave the page?" });

  test("a link away asks first; staying keeps the page", async () => {
    const { router } = renderOrderPage(waiting());
    await advance(0);
    fireEvent.click(screen.getByRole("link", { name: "Logo" }));
    await advance(0);
    expect(warning()?.textContent).toContain("Your order is processing. Are you sure you want to leave?");
    fireEvent.click(screen.getByRole("button", { name: "Stay on the page" }));
    await advance(0);
    expect(warning()).toBeNull();
    expect(path(router)).toBe(`/order/${CHECKOUT_ID}`);
  });

  test("leaving anyway goes where the guest asked, and the page stops reading", async () => {
    const api = waiting();
    const { router } = renderOrderPage(api);
    await advance(0);
    fireEvent.click(screen.getByRole("link", { name: "Logo" }));
    await advance(0);
    fireEvent.click(screen.getByRole("button", { name: "Leave the page" }));
    await advance(0);
    expect(path(router)).toBe("/");
    const calls = api.getCheckout.mock.calls.length;
    await advance(10_000);
    expect(api.getCheckout).toHaveBeenCalledTimes(calls);
  });

  test("the browser's back button asks too", async () => {
    const { router } = renderOrderPage(waiting());
    await advance(0);
    await act(() => router.navigate(-1));
    await advance(0);
    expect(warning()).not.toBeNull();
    expect(path(router)).toBe(`/order/${CHECKOUT_ID}`);
  });

  test("a reload or closing the tab asks the browser's question while it works", async () => {
    renderOrderPage(waiting());
    await advance(0);
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  test("its own way on to the confirmation is not held up, and then nothing asks", async () => {
    const { router } = renderOrderPage(fakeApi(done()));
    await advance(0);
    expect(path(router)).toBe("/confirmation");
    expect(warning()).toBeNull();
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});
