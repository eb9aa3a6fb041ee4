// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { startEnglish } from "../../../testing/start-english";
import { BASKET_ID_KEY, CHECKOUT_ID_KEY } from "../api/basket-storage";
import { createBasketStore } from "../basket-store";
import { BasketStoreProvider } from "../hooks/use-basket";
import { BAG_FEE, createFakeBasketApi, type FakeLine, memoryStorage } from "../testing/fake-basket-api";
import { CartLines } from "./cart-lines";
import { ExpandedCart } from "./expanded-cart";
import { MinicartButton } from "./minicart-button";

beforeAll(startEnglish);

afterEach(cleanup);

const NOW = new Date("2026-05-01T12:00:00Z");

/** A store that holds a basket with `lines`, loaded from the stored id as at app start. */
async function storeWith(lines: (Omit<FakeLine, "choices"> & { choices?: FakeLine["choices"] })[]) {
  const server = createFakeBasketApi({ now: () => NOW });
  server.seed({
    id: "b-1",
    createdTimeUtc: NOW.toISOString(),
    lines: lines.map((line) => ({ choices: [], ...line })),
  });
  const storage = memoryStorage({ [BASKET_ID_KEY]: "b-1", [CHECKOUT_ID_KEY]: "c-1", language: "en-US" });
  const store = createBasketStore({ api: server.api, storage, now: () => NOW, language: () => "en-US" });
  await store.load();
  server.calls.length = 0;
  return { server, storage, store };
}

const burgers = { id: "l-1", productId: 1, amount: 2 };
const bag = { id: "l-bag", productId: BAG_FEE, amount: 1 };

describe("MinicartButton", () => {
  test("shows the number of items (the bag fee not counted) and names it", async () => {
    const { store } = await storeWith([burgers, bag]);
    const onOpen = vi.fn();
    render(
      <BasketStoreProvider store={store}>
        <MinicartButton onOpen={onOpen} bagFeeItem={BAG_FEE} />
      </BasketStoreProvider>,
    );
    const button = screen.getByRole("button", { name: "Basket, 2 items" });
    expect(button.textContent).toBe("2");
    fireEvent.click(button);
    expect(onOpen).toHaveBeenCalledOnce();
  });

  test("announces a change of the count politely, but not the basket loaded at start", async () => {
    const { store } = await storeWith([burgers]);
    render(
      <BasketStoreProvider store={store}>
        <MinicartButton onOpen={() => {}} />
      </BasketStoreProvider>,
    );
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("");
    await act(() => store.add({ productId: 3, amount: 1, choices: [] }));
    expect(status.textContent).toBe("Basket, 3 items");
    expect(screen.getByRole("button", { name: "Basket, 3 items" })).toBeTruthy();
  });
});

describe("ExpandedCart", () => {
  function renderCart(store: Awaited<ReturnType<typeof storeWith>>["store"]) {
    const onClose = vi.fn();
    const onContinue = vi.fn();
    render(
      <BasketStoreProvider store={store}>
        <ExpandedCart open onClose={onClose} onContinue={onContinue} bagFeeItem={BAG_FEE} />
      </BasketStoreProvider>,
    );
    return { onClose, onContinue };
  }

  test("shows the lines without the bag fee, the server's total and go-to-checkout", async () => {
    const { store } = await storeWith([burgers, { id: "l-2", productId: 2, amount: 1 }, bag]);
    const { onContinue } = renderCart(store);
    expect(screen.getByRole("heading", { name: "Your order" })).toBeTruthy();
    expect(screen.getAllByRole("listitem").map((li) => li.querySelector(".cart-line-name")?.textContent)).toEqual([
      "Burger",
      "French fries",
    ]);
    // 2 × 89.50 + 25 + the bag's 4: the server's total, as it answered it.
    expect(screen.getByText("Total").parentElement?.textContent).toBe("Total208\u00a0DKK");
    fireEvent.click(screen.getByRole("button", { name: "Go to checkout" }));
    expect(onContinue).toHaveBeenCalledOnce();
  });

  test("clear order asks first, and Cancel keeps the order", async () => {
    const { store, storage } = await storeWith([burgers]);
    renderCart(store);
    fireEvent.click(screen.getByRole("button", { name: "Clear order" }));
    const confirm = screen.getByRole("dialog", { name: "Clear your order?" });
    expect(within(confirm).getByText("All items will be removed from your basket.")).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Clear your order?" })).toBeNull());
    expect(store.getSnapshot().basket?.items).toHaveLength(1);
    expect(storage.items.get(BASKET_ID_KEY)).toBe("b-1");
  });

  test("clear order clears only on yes: the basket and the stored order go, the language stays", async () => {
    const { store, storage } = await storeWith([burgers]);
    const { onClose } = renderCart(store);
    fireEvent.click(screen.getByRole("button", { name: "Clear order" }));
    expect(store.getSnapshot().basket).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Yes, clear order" }));
    await waitFor(() => expect(store.getSnapshot().basket).toBeNull());
    expect([...storage.items]).toEqual([["language", "en-US"]]);
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByText("Your basket is empty")).toBeTruthy();
  });

  test("only the bag fee: the cart is empty", async () => {
    const { store } = await storeWith([bag]);
    renderCart(store);
    expect(screen.getByText("Your basket is empty")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Go to checkout" })).toBeNull();
  });
});

describe("CartLines", () => {
  function renderLines(store: Awaited<ReturnType<typeof storeWith>>["store"], allowFees = false) {
    render(
      <BasketStoreProvider store={store}>
        <CartLines allowFees={allowFees} bagFeeItem={BAG_FEE} />
      </BasketStoreProvider>,
    );
  }

  test("the counter's minus at 1 removes the line", async () => {
    const { store, server } = await storeWith([
      { id: "l-1", productId: 1, amount: 1 },
      { id: "l-2", productId: 2, amount: 1 },
    ]);
    renderLines(store);
    fireEvent.click(screen.getByRole("button", { name: "Remove one Burger" }));
    await waitFor(() => expect(screen.queryByText("Burger")).toBeNull());
    expect(server.calls.map((c) => [c.method, c.itemId])).toEqual([["removeBasketItem", "l-1"]]);
    expect(screen.getByText("French fries")).toBeTruthy();
  });

  test("the counter's plus sets the line's amount; the server's line total shows", async () => {
    const { store } = await storeWith([{ id: "l-1", productId: 1, amount: 1 }]);
    renderLines(store);
    expect(screen.getByText("89.50 DKK")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add one more Burger" }));
    await waitFor(() => expect(screen.getByText("179 DKK")).toBeTruthy());
    expect(screen.getByRole("group", { name: "Quantity: Burger" }).textContent).toContain("2");
  });

  test("after a removal the focus moves to the line now in its place", async () => {
    const { store } = await storeWith([
      { id: "l-1", productId: 1, amount: 1 },
      { id: "l-2", productId: 2, amount: 1 },
    ]);
    renderLines(store);
    const remove = screen.getByRole("button", { name: "Remove Burger" });
    remove.focus();
    fireEvent.click(remove);
    await waitFor(() => expect(screen.queryByText("Burger")).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Remove one French fries" }));
  });

  test("the remove button removes the line", async () => {
    const { store } = await storeWith([burgers]);
    renderLines(store);
    fireEvent.click(screen.getByRole("button", { name: "Remove Burger" }));
    await waitFor(() => expect(store.getSnapshot().basket?.items).toEqual([]));
  });

  test("shows the options, with an amount above 1 as '2 × name'", async () => {
    const { store } = await storeWith([
      {
        id: "l-1",
        productId: 1,
        amount: 1,
        choices: [
          { choiceId: 10, modifierId: 5, amount: 1 },
          { choiceId: 11, modifierId: 5, amount: 2 },
        ],
      },
    ]);
    renderLines(store);
    expect(screen.getByText("Extra cheese")).toBeTruthy();
    expect(screen.getByText("2 × Bacon")).toBeTruthy();
  });

  test("with fees allowed the bag fee shows last, locked: no counter, no remove button", async () => {
    const { store } = await storeWith([bag, burgers]);
    renderLines(store, true);
    const items = screen.getAllByRole("listitem");
    expect(items.map((li) => li.querySelector(".cart-line-name")?.textContent)).toEqual(["Burger", "Bag"]);
    const bagLine = items[1]!;
    expect(within(bagLine).getByText("Added automatically")).toBeTruthy();
    expect(within(bagLine).queryAllByRole("button")).toEqual([]);
  });
});
