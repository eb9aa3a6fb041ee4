// @vitest-environment happy-dom
import type { Basket } from "@app/contracts";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useReducer, useState } from "react";
import { afterEach, beforeAll, expect, test, vi } from "vitest";
import type { CheckoutPageValue } from "../../../testing/checkout-fixtures";
import {
  aBasket,
  aBasketItem,
  aShop,
  BAG_FEE_ITEM,
  type CheckoutSession,
  checkoutPageValue,
  checkoutSessionReducer,
  initialCheckoutSession,
  TODAY,
  WithCheckoutPage,
} from "../../../testing/checkout-fixtures";
import { startEnglish } from "../../../testing/start-english";
import { BringOwnBag } from "./bring-own-bag";

beforeAll(startEnglish);
afterEach(cleanup);

const OWN = "I will bring my own bag";
const WITH_BAG = /^Yes please, a carrier bag/;
const FOOD = aBasketItem();
const BAG = aBasketItem({
  id: "bag",
  productId: BAG_FEE_ITEM,
  name: "Bag",
  amount: 1,
  price: 4,
  totalPrice: 4,
  editingIsDisabled: true,
});

/**
 * The page: the session reducer, and a basket that changes when the bag fee call ends (as the basket store's
 * does). `finish` lets a test end each pending call when it wants.
 */
function setUp(session: Partial<CheckoutSession>, items = [FOOD], overrides: Partial<CheckoutPageValue> = {}) {
  const pending: { resolve: () => void; updateBasket: () => void }[] = [];
  let setBasket: (basket: Basket) => void = () => {};
  const changeBagFee = vi.fn(
    (change: "add" | "remove") =>
      new Promise<void>((resolve) => {
        pending.push({ resolve, updateBasket: () => setBasket(aBasket(change === "add" ? [FOOD, BAG] : [FOOD])) });
      }),
  );
  const initial = checkoutPageValue({
    changeBagFee,
    session: { ...initialCheckoutSession(TODAY), ...session },
    ...overrides,
  });

  function Page() {
    const [state, dispatch] = useReducer(checkoutSessionReducer, initial.session);
    const [basket, setState] = useState(aBasket(items));
    setBasket = setState;
    return (
      <WithCheckoutPage value={{ ...initial, session: state, dispatch, basket }}>
        <BringOwnBag />
      </WithCheckoutPage>
    );
  }
  const view = render(<Page />);
  const finish = () =>
    act(async () => {
      const call = pending.shift();
      call?.updateBasket();
      call?.resolve();
    });
  /** The call resolves, and the page renders, before the basket store's new basket arrives. */
  const finishBeforeBasket = async () => {
    const call = pending.shift();
    await act(async () => call?.resolve());
    return () => act(async () => call?.updateBasket());
  };
  return { changeBagFee, finish, finishBeforeBasket, rerender: () => view.rerender(<Page />) };
}

test("an explicitly unticked box adds the bag once, even while the page renders again before the basket has it", async () => {
  const { changeBagFee, finish, rerender } = setUp({ bringOwnBagIsChecked: false });
  rerender();
  rerender();
  expect(changeBagFee).toHaveBeenCalledTimes(1);
  expect(changeBagFee).toHaveBeenCalledWith("add");
  await finish();
  rerender();
  expect(changeBagFee).toHaveBeenCalledTimes(1);
});

test("a call that resolves before the basket shows the bag is not made again", async () => {
  const { changeBagFee, finishBeforeBasket, rerender } = setUp({ bringOwnBagIsChecked: false });
  const basketArrives = await finishBeforeBasket();
  rerender();
  expect(changeBagFee).toHaveBeenCalledTimes(1);
  await basketArrives();
  expect(changeBagFee).toHaveBeenCalledTimes(1);
});

test("a ticked box removes a bag in the basket", async () => {
  const { changeBagFee } = setUp({ bringOwnBagIsChecked: true }, [FOOD, BAG]);
  expect(changeBagFee).toHaveBeenCalledTimes(1);
  expect(changeBagFee).toHaveBeenCalledWith("remove");
});

test("before the guest chooses, neither answer is chosen and nothing is added or removed", () => {
  const { changeBagFee } = setUp({ bringOwnBagIsChecked: null });
  expect(changeBagFee).not.toHaveBeenCalled();
  expect(screen.getByLabelText(OWN)).toHaveProperty("checked", false);
  expect(screen.getByLabelText(WITH_BAG)).toHaveProperty("checked", false);
});

test("the bag's answer shows its price from the catalogue before the bag is in the basket", () => {
  setUp({ bringOwnBagIsChecked: null }, [FOOD], { bagFeePrice: 4 });
  expect(screen.getByLabelText(WITH_BAG).closest("label")?.textContent).toBe("Yes please, a carrier bag+4\u00a0DKK");
});

test("choosing the own bag removes the bag, choosing the restaurant's adds it again", async () => {
  const { changeBagFee, finish } = setUp({ bringOwnBagIsChecked: false }, [FOOD, BAG]);
  expect(screen.getByLabelText(WITH_BAG)).toHaveProperty("checked", true);
  fireEvent.click(screen.getByLabelText(OWN));
  expect(screen.getByLabelText(OWN)).toHaveProperty("checked", true);
  expect(changeBagFee).toHaveBeenLastCalledWith("remove");
  await finish();
  fireEvent.click(screen.getByLabelText(WITH_BAG));
  expect(changeBagFee).toHaveBeenLastCalledWith("add");
  expect(changeBagFee).toHaveBeenCalledTimes(2);
});

test("after a refused submit without a choice, the choice says so and is marked invalid", () => {
  setUp({ bringOwnBagIsChecked: null, showValidationErrors: true });
  expect(screen.getByRole("alert").textContent).toBe("Please choose whether you want a carrier bag");
  expect(screen.getByLabelText(WITH_BAG).getAttribute("aria-invalid")).toBe("true");
});

test("a change made while a call runs is made when it ends", async () => {
  const { changeBagFee, finish } = setUp({ bringOwnBagIsChecked: false });
  expect(changeBagFee).toHaveBeenCalledWith("add");
  fireEvent.click(screen.getByLabelText(OWN));
  expect(changeBagFee).toHaveBeenCalledTimes(1);
  await finish();
  expect(changeBagFee).toHaveBeenLastCalledWith("remove");
  expect(changeBagFee).toHaveBeenCalledTimes(2);
});

test("a failed change is not retried on its own", async () => {
  const changeBagFee = vi.fn(() => Promise.reject(new Error("basket down")));
  const { rerender } = setUp({ bringOwnBagIsChecked: false }, [FOOD], { changeBagFee });
  await act(() => Promise.resolve());
  rerender();
  expect(changeBagFee).toHaveBeenCalledTimes(1);
});

test("a delivered order offers no choice and says the restaurant's bag and its price come with it", () => {
  setUp({ isDelivery: true, bringOwnBagIsChecked: false }, [FOOD, BAG]);
  expect(screen.queryByLabelText(OWN)).toBeNull();
  expect(screen.getByText("Your delivery comes in a carrier bag (4 DKK)")).toBeTruthy();
});

test("a shop without a bag product offers no box", () => {
  setUp({}, [FOOD], { shop: aShop({ bagFeeItem: null }) });
  expect(screen.queryByLabelText(OWN)).toBeNull();
});

test("while the order is being placed the box is disabled", () => {
  setUp({}, [FOOD], { placing: true });
  expect(screen.getByLabelText(OWN)).toHaveProperty("disabled", true);
});
