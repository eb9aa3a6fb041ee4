// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, test } from "vitest";
import { BasketStoreProvider, countOfProduct } from "../features/basket";
import { basketStoreWith } from "../testing/basket-fixtures";
import { useMenuBasket } from "./use-menu-basket";

const NOW = new Date("2026-05-01T12:00:00Z");

async function menuBasketWith(amount: number) {
  const { store } = await basketStoreWith([{ id: "l-1", productId: 1, amount, choices: [] }], NOW);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <BasketStoreProvider store={store}>{children}</BasketStoreProvider>
  );
  const { result } = renderHook(() => useMenuBasket(), { wrapper });
  return { store, result };
}

describe("useMenuBasket's counter (a product card's − and +)", () => {
  test("two taps on + before the server answered the first add two units, not the same count twice", async () => {
    const { store, result } = await menuBasketWith(1);
    // Both taps come before the basket answered the first: each is a step, not the count the card showed.
    const { onStep } = result.current;
    await act(async () => {
      onStep(1, 1);
      onStep(1, 1);
    });
    // Read again after the queue's taps: the count the server holds.
    await act(() => store.refresh());
    expect(countOfProduct(store.getSnapshot().basket, 1)).toBe(3);
    expect(result.current.countOf(1)).toBe(3);
  });

  test("two taps on − likewise take two units away, and never below nothing", async () => {
    const { store, result } = await menuBasketWith(2);
    const { onStep } = result.current;
    await act(async () => {
      onStep(1, -1);
      onStep(1, -1);
      onStep(1, -1);
    });
    await act(() => store.refresh());
    expect(countOfProduct(store.getSnapshot().basket, 1)).toBe(0);
  });
});
