// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { startEnglish } from "../../../testing/start-english";
import { BasketStoreProvider } from "../hooks/use-basket";
import { BAG_FEE, type FakeLine } from "../testing/fake-basket-api";
import { loadedBasketStore } from "../testing/loaded-store";
import { ADDED_TOAST_MS, AddedToast } from "./added-toast";
import { BasketBar } from "./basket-bar";
import { BasketColumn } from "./basket-column";

beforeAll(startEnglish);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const NOW = new Date("2026-05-01T12:00:00Z");

const storeWith = async (lines: FakeLine[] | null) => (await loadedBasketStore(lines, NOW)).store;

const burgers: FakeLine = { id: "l-1", productId: 1, amount: 2, choices: [] };
const bag: FakeLine = { id: "l-bag", productId: BAG_FEE, amount: 1, choices: [] };

describe("BasketBar (the phone's)", () => {
  test("shows the count (the bag fee not counted), the server's total and the action, in one button", async () => {
    const store = await storeWith([burgers, bag]);
    const onOpen = vi.fn();
    render(
      <BasketStoreProvider store={store}>
        <BasketBar onOpen={onOpen} action="cart" bagFeeItem={BAG_FEE} />
      </BasketStoreProvider>,
    );
    const button = screen.getByRole("button", { name: "2 items · 183\u00a0DKK View basket" });
    fireEvent.click(button);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  test("says Go to checkout when the shop has no expanded cart (the expanded cart's own words)", async () => {
    const store = await storeWith([burgers]);
    render(
      <BasketStoreProvider store={store}>
        <BasketBar onOpen={() => {}} action="checkout" bagFeeItem={null} />
      </BasketStoreProvider>,
    );
    expect(screen.getByRole("button", { name: "2 items · 179\u00a0DKK Go to checkout" })).toBeTruthy();
  });

  test("is not there while the basket is empty, or holds only the bag fee", async () => {
    for (const lines of [null, [bag]]) {
      const store = await storeWith(lines);
      const { container } = render(
        <BasketStoreProvider store={store}>
          <BasketBar onOpen={() => {}} action="cart" bagFeeItem={BAG_FEE} />
        </BasketStoreProvider>,
      );
      expect(container.innerHTML).toBe("");
      cleanup();
    }
  });
});

describe("AddedToast (the visible 'added' confirmation)", () => {
  test("shows what was just added for a moment, as a polite status, and never takes the focus", async () => {
    const store = await storeWith([burgers]);
    render(
      <BasketStoreProvider store={store}>
        <button type="button">Add</button>
        <AddedToast />
      </BasketStoreProvider>,
    );
    const opener = screen.getByRole("button", { name: "Add" });
    opener.focus();
    expect(screen.getByRole("status").textContent).toBe("");
    // The fake server answers on timers of its own: they keep running while the toast's wait is skipped.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(() => store.add({ productId: 2, amount: 1, choices: [] }));
    expect(screen.getByRole("status").textContent).toBe("Added: French fries");
    expect(document.activeElement).toBe(opener);
    await act(() => store.add({ productId: 3, amount: 2, choices: [] }));
    expect(screen.getByRole("status").textContent).toBe("Added: 2 × Soda");
    act(() => vi.advanceTimersByTime(ADDED_TOAST_MS));
    expect(screen.getByRole("status").textContent).toBe("");
  });

  test("says nothing about what was in the basket before it was shown (a page opened later)", async () => {
    const store = await storeWith([burgers]);
    await store.add({ productId: 2, amount: 1, choices: [] });
    render(
      <BasketStoreProvider store={store}>
        <AddedToast />
      </BasketStoreProvider>,
    );
    expect(screen.getByRole("status").textContent).toBe("");
  });
});

describe("BasketColumn (the desktop's)", () => {
  test("lists the lines with their amounts, the total and the way to the checkout", async () => {
    const store = await storeWith([burgers, bag]);
    const onContinue = vi.fn();
    render(
      <BasketStoreProvider store={store}>
        <BasketColumn bagFeeItem={BAG_FEE} onContinue={onContinue} />
      </BasketStoreProvider>,
    );
    expect(screen.getByRole("heading", { name: "Your order" })).toBeTruthy();
    expect(screen.getByText("Burger")).toBeTruthy();
    expect(screen.queryByText("Bag")).toBeNull();
    expect(screen.getByRole("group", { name: "Quantity: Burger" })).toBeTruthy();
    expect(screen.getByText("Total").nextElementSibling?.textContent).toBe("183\u00a0DKK");
    fireEvent.click(screen.getByRole("button", { name: "Go to checkout" }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  test("with an empty basket says so, with no checkout button", async () => {
    const store = await storeWith(null);
    render(
      <BasketStoreProvider store={store}>
        <BasketColumn bagFeeItem={BAG_FEE} onContinue={() => {}} />
      </BasketStoreProvider>,
    );
    expect(screen.getByText(/Your basket is empty/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Go to checkout" })).toBeNull();
    // Empty from the start: nothing was lost, nothing takes the focus.
    expect(document.activeElement).toBe(document.body);
  });

  test("removing the last line puts the focus on the column's heading, not on the page's body", async () => {
    const store = await storeWith([{ ...burgers, amount: 1 }]);
    render(
      <BasketStoreProvider store={store}>
        <BasketColumn bagFeeItem={BAG_FEE} onContinue={() => {}} />
      </BasketStoreProvider>,
    );
    const remove = screen.getByRole("button", { name: "Remove Burger" });
    remove.focus();
    fireEvent.click(remove);
    await screen.findByText(/Your basket is empty/);
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Your order" }));
  });
});
