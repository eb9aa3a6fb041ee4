// @vitest-environment happy-dom
import type { AppSettings } from "@app/contracts";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { CONFIRMED_ORDER_KEY, type ConfirmedOrder } from "../../features/payment";
import { DEFAULT_SETTINGS, type Shop } from "../../features/shop";
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
};

function aShop(settings: Partial<AppSettings> = {}): Shop {
  return {
    productionUnit: {
      id: 1,
      name: "Bistro Nørrebro",
      address: "Nørrebrogade 1, 2200 København N",
      zipCode: "2200",
      phone: "35 36 11 22",
      receiptEmail: "kvittering@bistro.dk",
      cvrNumber: "38472915",
      timeZone: "Europe/Copenhagen",
    },
    settings: { ...DEFAULT_SETTINGS, ...settings },
  } as Shop;
}

function renderConfirmation(shop: Shop, clearOrder?: () => Promise<void>) {
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
            element: clearOrder ? <ConfirmationPage clearOrder={clearOrder} /> : <ConfirmationPage />,
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
  test("thanks the guest and shows the restaurant", async () => {
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
    expect(screen.getByRole("link", { name: "35 36 11 22" }).getAttribute("href")).toBe("tel:35361122");
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
});
