// @vitest-environment happy-dom
import type { Basket, Checkout } from "@app/contracts";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { type ReactNode, useReducer, useState } from "react";
import { afterEach, beforeAll, expect, test } from "vitest";
import { ApiError } from "../../../lib/api-client";
import type { CheckoutPageValue } from "../../../testing/checkout-fixtures";
import {
  aBasket,
  aBasketItem,
  aCheckout,
  anInstance,
  checkoutPageValue,
  checkoutSessionReducer,
  fakeCheckoutApi,
  initialCheckoutSession,
  TODAY,
  WithCheckoutPage,
} from "../../../testing/checkout-fixtures";
import { startEnglish } from "../../../testing/start-english";
import { DiscountField } from "./discount-field";

beforeAll(startEnglish);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The page's state as the page keeps it: the session reducer and the latest checkout, spies kept. */
function Page({ initial, basket, children }: { initial: CheckoutPageValue; basket?: Basket; children: ReactNode }) {
  const [session, dispatch] = useReducer(checkoutSessionReducer, initial.session);
  const [checkout, setCheckout] = useState(initial.checkout);
  const value: CheckoutPageValue = {
    ...initial,
    basket: basket ?? initial.basket,
    session,
    checkout,
    dispatch: (action) => {
      initial.dispatch(action);
      dispatch(action);
    },
    setCheckout: (next) => {
      initial.setCheckout(next);
      setCheckout(next);
    },
  };
  return <WithCheckoutPage value={value}>{children}</WithCheckoutPage>;
}

function refusal(code: string, status = 422) {
  return new ApiError({ ok: false, status, errors: [{ code, message: code }] });
}

/** The checkout as the server answers after applying SOMMER: odd amounts, so a made-up figure shows. */
function withSommer(amount = 23.45): Checkout {
  return aCheckout({
    discounts: [{ id: "discount-1", discountCode: "SOMMER", amount }],
    totals: {
      basketTotal: 200,
      discount: amount,
      deliveryFee: 0,
      total: 200 - amount,
      giftcard: 0,
      totalLeft: 200 - amount,
    },
  });
}

type FakeApi = ReturnType<typeof fakeCheckoutApi>;

/** `arrange` gives the fakes their answers before the first render (the field may call on mount). */
function setUp(overrides: Partial<CheckoutPageValue> = {}, arrange: (api: FakeApi) => void = () => {}) {
  const api = fakeCheckoutApi();
  arrange(api);
  const initial = checkoutPageValue({ api, ...overrides });
  const view = render(
    <Page initial={initial}>
      <DiscountField />
    </Page>,
  );
  const rerenderWith = (basket: Basket) =>
    view.rerender(
      <Page initial={initial} basket={basket}>
        <DiscountField />
      </Page>,
    );
  return { api, initial, rerenderWith };
}

function typeCode(code: string) {
  fireEvent.change(screen.getByLabelText("Discount code"), { target: { value: code } });
}

const sessionWithSommer = { ...initialCheckoutSession(TODAY), discount: { discountCode: "SOMMER", amount: 23.45 } };

test("a valid code is validated on this basket, applied to the checkout and shown with the server's amount", async () => {
  const { api, initial } = setUp();
  api.validateDiscount.mockResolvedValue({ sumDiscount: 23.45, discountCode: "SOMMER" });
  api.addDiscount.mockResolvedValue(withSommer());
  typeCode(" sommer ");
  fireEvent.click(screen.getByRole("button", { name: "Use code" }));

  expect(await screen.findByText("Discount code SOMMER")).toBeTruthy();
  expect(screen.getByText("−23.45 DKK")).toBeTruthy();
  expect(api.validateDiscount).toHaveBeenCalledWith({
    instanceId: 41,
    moduleId: 1,
    discountCode: "sommer",
    basketId: "basket-1",
  });
  expect(api.addDiscount).toHaveBeenCalledWith("checkout-1", "sommer");
  expect(initial.setCheckout).toHaveBeenCalledWith(withSommer());
  expect(initial.dispatch).toHaveBeenCalledWith({
    type: "discountApplied",
    discount: { discountCode: "SOMMER", amount: 23.45 },
  });
  expect(screen.getByRole("status").textContent).toBe("Discount code SOMMER is applied: 23.45\u00a0DKK off");
});

test("a code typed but not applied is back after a reload; applying it leaves no draft behind", async () => {
  setUp();
  typeCode("SOMMER");
  cleanup(); // the page goes away (a reload) and comes back with what local storage kept
  const { api } = setUp();
  const input = screen.getByLabelText("Discount code") as HTMLInputElement;
  expect(input.value).toBe("SOMMER");
  expect(api.validateDiscount).not.toHaveBeenCalled();

  api.validateDiscount.mockResolvedValue({ sumDiscount: 23.45, discountCode: "SOMMER" });
  api.addDiscount.mockResolvedValue(withSommer());
  fireEvent.click(screen.getByRole("button", { name: "Use code" }));
  expect(await screen.findByText("Discount code SOMMER")).toBeTruthy();
  cleanup();
  setUp();
  expect((screen.getByLabelText("Discount code") as HTMLInputElement).value).toBe("");
});

test("a refused code stays typed over a reload, to correct it", async () => {
  const { api } = setUp();
  api.validateDiscount.mockRejectedValue(refusal("DISCOUNT_INVALID"));
  typeCode("SOMER");
  fireEvent.click(screen.getByRole("button", { name: "Use code" }));
  await waitFor(() => expect(api.validateDiscount).toHaveBeenCalled());
  cleanup();
  setUp();
  expect((screen.getByLabelText("Discount code") as HTMLInputElement).value).toBe("SOMER");
});

test("Enter in the input applies the code too", async () => {
  const { api } = setUp();
  api.validateDiscount.mockResolvedValue({ sumDiscount: 23.45, discountCode: "SOMMER" });
  api.addDiscount.mockResolvedValue(withSommer());
  typeCode("SOMMER");
  fireEvent.keyDown(screen.getByLabelText("Discount code"), { key: "Enter" });
  expect(await screen.findByText("Discount code SOMMER")).toBeTruthy();
});

test("an empty input applies nothing", () => {
  const { api } = setUp();
  typeCode("   ");
  fireEvent.click(screen.getByRole("button", { name: "Use code" }));
  expect(api.validateDiscount).not.toHaveBeenCalled();
});

test("a code the server calls Discount.Invalid shows the invalid message, tied to the input", async () => {
  const { api, initial } = setUp();
  api.validateDiscount.mockRejectedValue(refusal("Discount.Invalid"));
  typeCode("NOPE");
  fireEvent.click(screen.getByRole("button", { name: "Use code" }));

  const alert = await screen.findByText("The discount code is invalid");
  expect(alert.getAttribute("role")).toBe("alert");
  const input = screen.getByLabelText("Discount code");
  expect(input.getAttribute("aria-invalid")).toBe("true");
  expect(input.getAttribute("aria-describedby")).toBe(alert.id);
  expect(initial.dispatch).toHaveBeenCalledWith({ type: "discountCleared" });
  expect(api.addDiscount).not.toHaveBeenCalled();
});

test("a code the server calls Discount.NoValue shows the no-value message", async () => {
  const { api } = setUp();
  api.validateDiscount.mockRejectedValue(refusal("Discount.NoValue"));
  typeCode("BURGER10");
  fireEvent.click(screen.getByRole("button", { name: "Use code" }));
  expect(await screen.findByRole("alert")).toHaveProperty(
    "textContent",
    "The discount code is not valid for the chosen items",
  );
});

test("Discount.NoValue (also a basket below the code's minimum) says, in a line of its own, what a code may need", async () => {
  const { api } = setUp();
  api.validateDiscount.mockRejectedValue(refusal("Discount.NoValue"));
  typeCode("FAST50");
  fireEvent.click(screen.getByRole("button", { name: "Use code" }));
  const alert = await screen.findByText("The discount code is not valid for the chosen items");
  const hint = screen.getByText("Some discount codes need a minimum order or particular items in the basket.");
  expect(screen.getByLabelText("Discount code").getAttribute("aria-describedby")).toBe(`${alert.id} ${hint.id}`);
  expect((screen.getByLabelText("Discount code") as HTMLInputElement).value).toBe("FAST50");
});

test("an invalid code gets no such line (it may just be mistyped)", async () => {
  const { api } = setUp();
  api.validateDiscount.mockRejectedValue(refusal("Discount.Invalid"));
  typeCode("NOPE");
  fireEvent.click(screen.getByRole("button", { name: "Use code" }));
  await screen.findByText("The discount code is invalid");
  expect(screen.queryByText(/minimum order/)).toBeNull();
});

test("a code worth 0 on this basket is not applied and shows the no-value message", async () => {
  const { api, initial } = setUp();
  api.validateDiscount.mockResolvedValue({ sumDiscount: 0, discountCode: "BURGER10" });
  typeCode("BURGER10");
  fireEvent.click(screen.getByRole("button", { name: "Use code" }));
  await screen.findByText("The discount code is not valid for the chosen items");
  expect(api.addDiscount).not.toHaveBeenCalled();
  expect(initial.dispatch).toHaveBeenCalledWith({ type: "discountCleared" });
});

test("too many wrong tries (429 TOO_MANY_TRIES) asks the guest to wait a minute", async () => {
  const { api } = setUp();
  api.validateDiscount.mockRejectedValue(refusal("TOO_MANY_TRIES", 429));
  typeCode("SOMMER10");
  fireEvent.click(screen.getByRole("button", { name: "Use code" }));
  const alert = await screen.findByText("Too many wrong tries. Please wait a minute and try again.");
  expect(alert.getAttribute("role")).toBe("alert");
  expect(api.addDiscount).not.toHaveBeenCalled();
});

test("a network failure shows 'could not verify' and leaves no discount", async () => {
  const { api, initial } = setUp();
  api.validateDiscount.mockResolvedValue({ sumDiscount: 23.45, discountCode: "SOMMER" });
  api.addDiscount.mockRejectedValue(new TypeError("Failed to fetch"));
  typeCode("SOMMER");
  fireEvent.click(screen.getByRole("button", { name: "Use code" }));
  await screen.findByText("We could not verify the discount code");
  expect(initial.dispatch).toHaveBeenCalledWith({ type: "discountCleared" });
  expect(screen.getByLabelText("Discount code")).toBeTruthy();
});

test("the remove button takes the code off the checkout and the session", async () => {
  const { api, initial } = setUp({ session: sessionWithSommer, checkout: withSommer() });
  api.removeDiscount.mockResolvedValue(aCheckout());
  fireEvent.click(screen.getByRole("button", { name: "Remove discount code SOMMER" }));
  await screen.findByLabelText("Discount code");
  expect(api.removeDiscount).toHaveBeenCalledWith("checkout-1", "discount-1");
  expect(initial.setCheckout).toHaveBeenCalledWith(aCheckout());
  expect(initial.dispatch).toHaveBeenCalledWith({ type: "discountCleared" });
});

test("an applied code is validated again when the basket total changes, and its new amount shown", async () => {
  const { api, initial, rerenderWith } = setUp({ session: sessionWithSommer, checkout: withSommer() });
  expect(api.validateDiscount).not.toHaveBeenCalled();
  api.validateDiscount.mockResolvedValue({ sumDiscount: 35.17, discountCode: "SOMMER" });
  api.addDiscount.mockResolvedValue(withSommer(35.17));

  rerenderWith(aBasket([aBasketItem({ amount: 3, totalPrice: 300 })]));

  expect(await screen.findByText("−35.17 DKK")).toBeTruthy();
  expect(api.validateDiscount).toHaveBeenCalledTimes(1);
  expect(initial.dispatch).toHaveBeenCalledWith({
    type: "discountApplied",
    discount: { discountCode: "SOMMER", amount: 35.17 },
  });
});

test("a code refused after the basket changed is cleared from session and checkout, with its message", async () => {
  const { api, initial, rerenderWith } = setUp({ session: sessionWithSommer, checkout: withSommer() });
  api.validateDiscount.mockRejectedValue(refusal("Discount.NoValue"));
  api.removeDiscount.mockResolvedValue(aCheckout({ totals: { ...aCheckout().totals, basketTotal: 89 } }));

  rerenderWith(aBasket([aBasketItem({ amount: 1, totalPrice: 89, productId: 7 })]));

  await screen.findByText("The discount code is not valid for the chosen items");
  expect(initial.dispatch).toHaveBeenCalledWith({ type: "discountCleared" });
  await waitFor(() => expect(api.removeDiscount).toHaveBeenCalledWith("checkout-1", "discount-1"));
  expect(screen.queryByText("Discount code SOMMER")).toBeNull();
});

test("a code refused after the basket changed is back in the input, to use again after adding to the basket", async () => {
  const { api, rerenderWith } = setUp({ session: sessionWithSommer, checkout: withSommer() });
  api.validateDiscount.mockRejectedValue(refusal("Discount.NoValue"));
  api.removeDiscount.mockResolvedValue(aCheckout({ totals: { ...aCheckout().totals, basketTotal: 89 } }));

  rerenderWith(aBasket([aBasketItem({ amount: 1, totalPrice: 89, productId: 7 })]));

  await screen.findByText("The discount code is not valid for the chosen items");
  expect(screen.getByLabelText("Discount code")).toHaveProperty("value", "SOMMER");
});

test("a refused code the guest typed is not replaced by another", async () => {
  const { api } = setUp();
  api.validateDiscount.mockRejectedValue(refusal("Discount.Invalid"));
  typeCode("WRONG");
  fireEvent.click(screen.getByRole("button", { name: "Use code" }));
  await screen.findByText("The discount code is invalid");
  expect(screen.getByLabelText("Discount code")).toHaveProperty("value", "WRONG");
});

test("a code the session kept but the checkout lost (after a reload) is applied again without the guest", async () => {
  const { api, initial } = setUp({ session: sessionWithSommer, checkout: aCheckout() }, (api) => {
    api.validateDiscount.mockResolvedValue({ sumDiscount: 23.45, discountCode: "SOMMER" });
    api.addDiscount.mockResolvedValue(withSommer());
  });
  await waitFor(() => expect(api.addDiscount).toHaveBeenCalledWith("checkout-1", "SOMMER"));
  await act(() => Promise.resolve());
  expect(api.validateDiscount).toHaveBeenCalledTimes(1);
  expect(initial.setCheckout).toHaveBeenCalledWith(withSommer());
  expect(screen.getByText("Discount code SOMMER")).toBeTruthy();
});

test("a code on the checkout when the page opens is not validated again", async () => {
  const { api } = setUp({ session: sessionWithSommer, checkout: withSommer() });
  await act(() => Promise.resolve());
  expect(api.validateDiscount).not.toHaveBeenCalled();
});

test("while the order is being placed the field is disabled", () => {
  setUp({ placing: true });
  expect(screen.getByLabelText("Discount code")).toHaveProperty("disabled", true);
  expect(screen.getByRole("button", { name: "Use code" })).toHaveProperty("disabled", true);
});

test("nothing is shown when the checkout instance has discounts off", () => {
  setUp({ instance: anInstance({ isDiscountEnabled: false }) });
  expect(screen.queryByLabelText("Discount code")).toBeNull();
});

test("a kept code the server now refuses is cleared after a reload, with its message", async () => {
  const { initial } = setUp({ session: sessionWithSommer, checkout: aCheckout() }, (api) => {
    api.validateDiscount.mockRejectedValue(refusal("Discount.Invalid"));
  });
  await screen.findByText("The discount code is invalid");
  expect(initial.dispatch).toHaveBeenCalledWith({ type: "discountCleared" });
  expect(screen.getByLabelText("Discount code")).toBeTruthy();
});

test("after the code is removed the keyboard focus is on the input again", async () => {
  const { api } = setUp({ session: sessionWithSommer, checkout: withSommer() });
  api.removeDiscount.mockResolvedValue(aCheckout());
  fireEvent.click(screen.getByRole("button", { name: "Remove discount code SOMMER" }));
  const input = await screen.findByLabelText("Discount code");
  expect(document.activeElement).toBe(input);
});
