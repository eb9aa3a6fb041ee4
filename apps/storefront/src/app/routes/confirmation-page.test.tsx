// @vitest-environment happy-dom
import type { AppSettings, Order } from "@app/contracts";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { CONFIRMED_ORDER_KEY, type ConfirmedOrder } from "../../features/payment";
import { DEFAULT_SETTINGS, type Shop } from "../../features/shop";
import { anOrder, BAG_FEE_ITEM } from "../../testing/order-fixtures";
import { startEnglish } from "../../testing/start-english";
import { ConfirmationPage, loader } from "./confirmation-page";

beforeAll(startEnglish);
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

const CONFIRMED: ConfirmedOrder = {
  checkoutId: "c-1",
  orderId: "o-1",
  externalId: "A-1001",
  receiptNumber: 1001,
  phone: "20304050",
  email: "mette@example.dk",
  order: null,
};

const BAG = BAG_FEE_ITEM;

/** Pay at pickup, 12:30 today in Copenhagen: a burger with two choices, two colas and the bag. */
const PICKUP_ORDER = anOrder();

/** Paid by card (test provider) with a discount. */
const CARD_ORDER: Order = {
  ...PICKUP_ORDER,
  discounts: [{ code: "SOMMER10", amount: 17.75 }],
  totalAmount: 159.75,
  payments: [{ paymentId: "p-2", amount: 159.75, type: 0, method: "card", state: 128, isTest: true }],
};

/** Delivered on Friday with its fee, paid on delivery. */
const DELIVERY_ORDER: Order = {
  ...PICKUP_ORDER,
  delivery: { address: "Vestergade 1", zipCode: "2200", fee: 39, deliveryTime: "2026-11-27T17:00:00.000Z" },
  orderReadyTime: "2026-11-27T17:00:00.000Z",
  readyTime: "2026-11-27T17:00:00.000Z",
  deliveryFee: 39,
  totalAmount: 216.5,
  payments: [{ paymentId: "p-3", amount: 216.5, type: 2, method: "pickup", state: 128, isTest: false }],
};

function aShop(settings: Partial<AppSettings> = {}): Shop {
  return {
    productionUnit: {
      id: 1,
      name: "Bistro Nørrebro",
      address: "Nørrebrogade 1, 2200 København N",
      zipCode: "2200",
      phone: "35361122",
      receiptEmail: "kvittering@bistro.dk",
      cvrNumber: "38472915",
      timeZone: "Europe/Copenhagen",
    },
    settings: { ...DEFAULT_SETTINGS, bagFeeItem: BAG, ...settings },
  } as Shop;
}

function renderConfirmation(
  shop: Shop,
  clearOrder?: () => Promise<void>,
  readOrder?: (orderId: string) => Promise<Order>,
) {
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        loader: () => shop,
        element: <Outlet />,
        HydrateFallback: () => null,
        children: [
          { index: true, element: <h1>Front page</h1> },
          {
            path: "confirmation",
            loader,
            element: <ConfirmationPage {...(clearOrder ? { clearOrder } : {})} {...(readOrder ? { readOrder } : {})} />,
          },
        ],
      },
    ],
    { initialEntries: ["/confirmation"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const store = (confirmed: ConfirmedOrder = CONFIRMED) =>
  sessionStorage.setItem(CONFIRMED_ORDER_KEY, JSON.stringify(confirmed));
const heading = () => screen.findByRole("heading", { level: 1 });

describe("/confirmation", () => {
  test("thanks the guest and shows the restaurant, its phone written as on every other page", async () => {
    store();
    renderConfirmation(
      aShop(),
      vi.fn(async () => {}),
    );
    expect((await heading()).textContent).toBe("Thank you, your order has been accepted");
    // The title is set in an effect, which React may run after the heading is in the DOM.
    await waitFor(() => expect(document.title).toBe("Thank you, your order has been accepted · Bistro Nørrebro"));
    expect(screen.getByRole("heading", { level: 2, name: "Your restaurant" })).toBeTruthy();
    expect(screen.getByText("Bistro Nørrebro")).toBeTruthy();
    expect(screen.getByText(/Nørrebrogade 1, 2200 København N/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "35 36 11 22" }).getAttribute("href")).toBe("tel:+4535361122");
  });

  test.each<[AppSettings["orderIdType"], string]>([
    ["external", "A-1001"],
    ["receipt", "1001"],
  ])("with orderIdType %s the order number is %s", async (orderIdType, number) => {
    store();
    renderConfirmation(
      aShop({ orderIdType }),
      vi.fn(async () => {}),
    );
    await heading();
    expect(screen.getByText("Order number").nextElementSibling?.textContent).toBe(number);
  });

  test("without a number (the order could not be read) no number line shows", async () => {
    store({ ...CONFIRMED, externalId: null, receiptNumber: null });
    renderConfirmation(
      aShop(),
      vi.fn(async () => {}),
    );
    await heading();
    expect(screen.queryByText("Order number")).toBeNull();
  });

  test.each<[AppSettings["receiptType"], string | null]>([
    ["sms", "Your receipt is sent by SMS to 20304050"],
    ["email", "Your receipt is sent by email to mette@example.dk"],
    ["none", null],
  ])("with receiptType %s the receipt note is %s", async (receiptType, note) => {
    store();
    renderConfirmation(
      aShop({ receiptType }),
      vi.fn(async () => {}),
    );
    await heading();
    const shown = document.querySelector(".receipt-note")?.textContent ?? null;
    expect(shown).toBe(note);
  });

  test("showing it clears the order: basket, checkout id and checkout session, not the language", async () => {
    store();
    localStorage.setItem("basketId", "basket-1");
    localStorage.setItem("checkoutId", "c-1");
    localStorage.setItem("checkoutSession", "{}");
    localStorage.setItem("language", "en-US");
    renderConfirmation(aShop());
    await heading();
    await waitFor(() => expect(localStorage.getItem("basketId")).toBeNull());
    expect(localStorage.getItem("checkoutId")).toBeNull();
    expect(localStorage.getItem("checkoutSession")).toBeNull();
    expect(localStorage.getItem("language")).toBe("en-US");
    // What the confirmation shows outlives the clearing: a reload shows it again.
    expect(sessionStorage.getItem(CONFIRMED_ORDER_KEY)).not.toBeNull();
  });

  test("a reload shows the same confirmation", async () => {
    store();
    const clearOrder = vi.fn(async () => {});
    renderConfirmation(aShop(), clearOrder);
    await heading();
    cleanup();
    renderConfirmation(aShop(), clearOrder);
    expect((await heading()).textContent).toBe("Thank you, your order has been accepted");
    expect(screen.getByText("A-1001")).toBeTruthy();
  });

  test("with nothing stored it goes to the front page", async () => {
    const router = renderConfirmation(
      aShop(),
      vi.fn(async () => {}),
    );
    expect((await heading()).textContent).toBe("Front page");
    expect(router.state.location.pathname).toBe("/");
  });

  test("return to start forgets the confirmation and goes to the front page", async () => {
    store();
    const router = renderConfirmation(
      aShop(),
      vi.fn(async () => {}),
    );
    await heading();
    fireEvent.click(screen.getByRole("link", { name: "Back to start" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(sessionStorage.getItem(CONFIRMED_ORDER_KEY)).toBeNull();
  });

  describe("the receipt", () => {
    // Monday 23 November 2026, 11:00 in Copenhagen. Only Date is faked: the router's own timers run.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));
    });
    afterEach(() => vi.useRealTimers());

    const textOf = (selector: string) =>
      [...document.querySelectorAll(selector)].map((node) => node.textContent?.replace(/\s+/g, " ").trim());
    const rows = (selector: string) =>
      [...document.querySelectorAll(`${selector} .receipt-row`)].map((row) => [
        row.querySelector("dt")?.textContent,
        row.querySelector("dd")?.textContent,
      ]);

    test("pay at pickup: the time, 'pay X at pickup', every line with its choices, the bag as a fee, the total", async () => {
      store({ ...CONFIRMED, order: PICKUP_ORDER });
      renderConfirmation(
        aShop(),
        vi.fn(async () => {}),
      );
      await heading();
      expect(textOf(".receipt-when dd")).toEqual(["Today at 12:30"]);
      expect(screen.getByText("Pay 177.50 DKK at pickup")).toBeTruthy();
      expect(textOf(".receipt-line-name")).toEqual(["1 × Classic burger", "2 × Coca-Cola"]);
      expect(textOf(".receipt-choices li")).toEqual(["Pommes frites", "2 × Bacon (+24.50 DKK)"]);
      expect(textOf(".receipt-line .receipt-price")).toEqual(["113.50 DKK", "60 DKK"]);
      expect(rows(".receipt-totals:not(.receipt-payments)")).toEqual([
        ["Subtotal", "173.50\u00a0DKK"],
        ["Carrier bag", "4\u00a0DKK"],
        ["Order total", "177.50\u00a0DKK"],
      ]);
      expect(rows(".receipt-payments")).toEqual([["To pay at pickup", "177.50\u00a0DKK"]]);
      expect(screen.queryByText(/Test payment/)).toBeNull();
    });

    test("paid by card with a discount: the discount, what the card paid, nothing to pay at pickup", async () => {
      store({ ...CONFIRMED, order: CARD_ORDER });
      renderConfirmation(
        aShop(),
        vi.fn(async () => {}),
      );
      await heading();
      expect(rows(".receipt-totals:not(.receipt-payments)")).toEqual([
        ["Subtotal", "173.50\u00a0DKK"],
        ["Carrier bag", "4\u00a0DKK"],
        ["Discount (SOMMER10)", "−17.75\u00a0DKK"],
        ["Order total", "159.75\u00a0DKK"],
      ]);
      expect(rows(".receipt-payments")).toEqual([["Paid by card", "159.75\u00a0DKK"]]);
      expect(screen.queryByText(/at pickup/)).toBeNull();
      // The test provider took it: the receipt says no money moved, as the email receipt does.
      expect(screen.getByText("Test payment: no money has been charged.")).toBeTruthy();
    });

    test("paid by card through a live payment account (issue 46): no test line, whatever the provider", async () => {
      const live = { ...CARD_ORDER.payments[0]!, isTest: false };
      store({ ...CONFIRMED, order: { ...CARD_ORDER, payments: [live] } });
      renderConfirmation(
        aShop(),
        vi.fn(async () => {}),
      );
      await heading();
      expect(rows(".receipt-payments")).toEqual([["Paid by card", "159.75\u00a0DKK"]]);
      expect(screen.queryByText(/Test payment/)).toBeNull();
    });

    test("delivery on another day: the date, the address, the delivery fee and 'pay X on delivery'", async () => {
      store({ ...CONFIRMED, order: DELIVERY_ORDER });
      renderConfirmation(
        aShop(),
        vi.fn(async () => {}),
      );
      await heading();
      expect(textOf(".receipt-when dt")).toEqual(["Delivery", "Delivered to"]);
      expect(textOf(".receipt-when dd")).toEqual(["Friday, November 27 at 18:00", "Vestergade 1, 2200"]);
      expect(rows(".receipt-totals:not(.receipt-payments)")).toContainEqual(["Delivery fee", "39\u00a0DKK"]);
      expect(screen.getByText("Pay 216.50 DKK on delivery")).toBeTruthy();
    });

    test("without a bag-fee item in the settings the bag is a line like any other", async () => {
      store({ ...CONFIRMED, order: PICKUP_ORDER });
      renderConfirmation(
        aShop({ bagFeeItem: null }),
        vi.fn(async () => {}),
      );
      await heading();
      expect(textOf(".receipt-line-name")).toEqual(["1 × Classic burger", "2 × Coca-Cola", "1 × Pose"]);
      expect(screen.queryByText("Carrier bag")).toBeNull();
    });

    test("a reload shows the same receipt", async () => {
      store({ ...CONFIRMED, order: PICKUP_ORDER });
      const clearOrder = vi.fn(async () => {});
      renderConfirmation(aShop(), clearOrder);
      await heading();
      cleanup();
      renderConfirmation(aShop(), clearOrder);
      await heading();
      expect(textOf(".receipt-line-name")).toEqual(["1 × Classic burger", "2 × Coca-Cola"]);
      expect(screen.getByText("Pay 177.50 DKK at pickup")).toBeTruthy();
    });

    test("without the order (it could not be read) the number and the restaurant still show, no receipt", async () => {
      store();
      renderConfirmation(
        aShop(),
        vi.fn(async () => {}),
      );
      await heading();
      expect(screen.getByText("A-1001")).toBeTruthy();
      expect(document.querySelector(".receipt-lines")).toBeNull();
      expect(screen.getByText("Bistro Nørrebro")).toBeTruthy();
    });
  });

  describe("the kitchen's progress (read live)", () => {
    const status = () => screen.getByRole("status");

    test("received, then accepted with the kitchen's time on the restaurant's clock after the next read", async () => {
      store({ ...CONFIRMED, order: CARD_ORDER });
      const accepted = { ...CARD_ORDER, kitchenStatus: "accepted", readyTime: "2026-11-23T11:40:00.000Z" } as Order;
      const readOrder = vi.fn(async () => accepted);
      renderConfirmation(
        aShop(),
        vi.fn(async () => {}),
        readOrder,
      );
      await heading();
      await waitFor(() => expect(status().textContent).toBe("Accepted — ready at 12:40"));
      // In the guest's language: the receipt names products and choices as the English basket did.
      expect(readOrder).toHaveBeenCalledWith("o-1", "en-US");
      expect(status().getAttribute("aria-live")).toBe("polite");
      expect(screen.getByRole("listitem", { current: "step" }).textContent).toBe("Accepted");
    });

    test("rejected: the reason, that the money is on its way back, and no more reads", async () => {
      store({ ...CONFIRMED, order: CARD_ORDER });
      const rejected = { ...CARD_ORDER, kitchenStatus: "rejected", rejectReason: "too-busy" } as Order;
      const readOrder = vi.fn(async () => rejected);
      renderConfirmation(
        aShop(),
        vi.fn(async () => {}),
        readOrder,
      );
      await waitFor(() =>
        expect(status().textContent).toBe(
          "Rejected: the restaurant is too busy right now. Your money is on its way back.",
        ),
      );
      const reads = readOrder.mock.calls.length;
      await new Promise((resolve) => setTimeout(resolve, 2_300));
      expect(readOrder.mock.calls.length).toBe(reads);
    });

    test("a failed read keeps showing what the order page stored", async () => {
      store({ ...CONFIRMED, order: CARD_ORDER });
      renderConfirmation(
        aShop(),
        vi.fn(async () => {}),
        vi.fn(async () => Promise.reject(new Error("offline"))),
      );
      await heading();
      expect(status().textContent).toBe("Received — waiting for the restaurant");
    });
  });
});
