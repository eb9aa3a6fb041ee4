// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { startEnglish } from "../../../testing/start-english";
import { BASKET_ID_KEY } from "../api/basket-storage";
import { BasketStoreProvider } from "../hooks/use-basket";
import { BAG_FEE, type FakeLine } from "../testing/fake-basket-api";
import { loadedBasketStore } from "../testing/loaded-store";
import { KeptBasket } from "./kept-basket";

beforeAll(startEnglish);

afterEach(cleanup);

const NOW = new Date("2026-05-01T12:00:00Z");

const storeWith = (lines: FakeLine[] | null) => loadedBasketStore(lines, NOW);

const burgers: FakeLine = { id: "l-1", productId: 1, amount: 2, choices: [{ choiceId: 10, modifierId: 1, amount: 1 }] };
const fries: FakeLine = { id: "l-2", productId: 2, amount: 1, choices: [] };
const bag: FakeLine = { id: "l-bag", productId: BAG_FEE, amount: 1, choices: [] };

describe("KeptBasket (a basket filled before the restaurant closed)", () => {
  test("says why it cannot be ordered and lists what the guest chose, with amounts, options and prices", async () => {
    const { store } = await storeWith([burgers, fries, bag]);
    render(
      <BasketStoreProvider store={store}>
        <KeptBasket bagFeeItem={BAG_FEE} />
      </BasketStoreProvider>,
    );
    const section = screen.getByRole("region", { name: "Your basket is kept" });
    expect(within(section).getByText(/You cannot order while the restaurant is closed/)).toBeTruthy();
    const lines = within(section)
      .getAllByRole("listitem")
      .filter((item) => item.classList.contains("cart-line"))
      .map((item) => item.textContent);
    expect(lines).toEqual(["2 × BurgerExtra cheese189\u00a0DKK", "French fries25\u00a0DKK"]);
  });

  test("offers nothing to press: no counter, no remove, no way to the checkout", async () => {
    const { store } = await storeWith([burgers]);
    render(
      <BasketStoreProvider store={store}>
        <KeptBasket bagFeeItem={BAG_FEE} />
      </BasketStoreProvider>,
    );
    expect(screen.getByRole("region", { name: "Your basket is kept" })).toBeTruthy();
    expect(screen.queryAllByRole("button")).toEqual([]);
    expect(screen.queryAllByRole("link")).toEqual([]);
  });

  test("leaves the basket as it is: nothing is removed or sent, the stored basket stays", async () => {
    const { store, server, storage } = await storeWith([burgers]);
    server.calls.length = 0;
    render(
      <BasketStoreProvider store={store}>
        <KeptBasket bagFeeItem={BAG_FEE} />
      </BasketStoreProvider>,
    );
    expect(server.calls).toEqual([]);
    expect(storage.getItem(BASKET_ID_KEY)).toBe("b-1");
  });

  test("is not there while the basket is empty, or holds only the bag fee", async () => {
    for (const lines of [null, [bag]]) {
      const { store } = await storeWith(lines);
      const { container } = render(
        <BasketStoreProvider store={store}>
          <KeptBasket bagFeeItem={BAG_FEE} />
        </BasketStoreProvider>,
      );
      expect(container.innerHTML).toBe("");
      cleanup();
    }
  });
});
