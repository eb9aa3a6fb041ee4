// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { MinicartButton } from "../features/basket";
import { DEFAULT_SETTINGS, type Shop } from "../features/shop";
import { startEnglish } from "../testing/start-english";
import { continuePath, useBasketControls } from "./cart-controls";
import { useInactivityPause } from "./inactivity";
import { PauseScreen } from "./pause-screen";

beforeAll(startEnglish);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("continue (SPEC §2)", () => {
  test.each([
    [null, "/menu/1", "/checkout"],
    [9, "/menu/1", "/precheckout"],
    [9, "/", "/precheckout"],
    [9, "/precheckout", "/checkout"],
  ])("precheckout category %s, on %s → %s", (category, pathname, target) => {
    expect(continuePath(category, pathname)).toBe(target);
  });
});

/** The header's minicart as the layout composes it, with the expanded cart it opens. */
function CartControls({ shop }: { shop: Shop }) {
  const controls = useBasketControls(shop, true);
  return (
    <>
      <MinicartButton onOpen={controls.open} />
      {controls.cart}
    </>
  );
}

function renderCart(settings: Partial<Shop["settings"]>) {
  const shop = { settings: { ...DEFAULT_SETTINGS, ...settings } } as Shop;
  const router = createMemoryRouter(
    [
      { path: "/menu/1", element: <CartControls shop={shop} /> },
      { path: "/checkout", element: <h1>Checkout</h1> },
    ],
    { initialEntries: ["/menu/1"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("the minicart button", () => {
  test("opens the expanded cart (loaded on the first open)", async () => {
    const router = renderCart({ showExpandedCart: true });
    fireEvent.click(screen.getByRole("button", { name: "Basket, 0 items" }));
    expect(await screen.findByRole("dialog", { name: "Your order" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/menu/1");
  });

  test("with showExpandedCart off goes straight to /checkout", async () => {
    const router = renderCart({ showExpandedCart: false });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Basket, 0 items" })));
    expect(router.state.location.pathname).toBe("/checkout");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

function PausedPage() {
  const { paused, resume } = useInactivityPause(true);
  return (
    <>
      <p>Menu</p>
      <label>
        Name <input name="name" />
      </label>
      {paused ? <PauseScreen logo={null} restaurantName="Bistro" onStart={resume} /> : null}
    </>
  );
}

describe("the pause screen (SPEC §2)", () => {
  test("appears after 120000 ms without activity, and a tap starts again", async () => {
    vi.useFakeTimers();
    render(<PausedPage />);
    act(() => vi.advanceTimersByTime(119_000));
    fireEvent.keyDown(window, { key: "a" });
    act(() => vi.advanceTimersByTime(119_000));
    expect(screen.queryByText("Ready to order?")).toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText("Ready to order?")).toBeTruthy();
    expect(screen.getByText("Tap to start")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Ready to order\?/ }));
    expect(screen.queryByText("Ready to order?")).toBeNull();
  });

  test("any key starts again (Tab too, which would move the focus behind it), and the focus goes back where it was", async () => {
    vi.useFakeTimers();
    render(<PausedPage />);
    const field = screen.getByRole("textbox", { name: "Name" });
    field.focus();
    act(() => vi.advanceTimersByTime(120_000));
    const start = screen.getByRole("button", { name: /Ready to order\?/ });
    expect(document.activeElement).toBe(start);
    const tab = new KeyboardEvent("keydown", { key: "Tab", bubbles: true, cancelable: true });
    act(() => {
      start.dispatchEvent(tab);
    });
    expect(tab.defaultPrevented).toBe(true);
    expect(screen.queryByText("Ready to order?")).toBeNull();
    expect(document.activeElement).toBe(field);
  });

  test("a modifier key alone does not start again", async () => {
    vi.useFakeTimers();
    render(<PausedPage />);
    act(() => vi.advanceTimersByTime(120_000));
    fireEvent.keyDown(screen.getByRole("button", { name: /Ready to order\?/ }), { key: "Shift" });
    expect(screen.getByText("Ready to order?")).toBeTruthy();
  });
});
