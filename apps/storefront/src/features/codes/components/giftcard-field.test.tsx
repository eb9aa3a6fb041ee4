// @vitest-environment happy-dom
import type { Checkout, CheckoutTotals } from "@app/contracts";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { type ReactNode, useReducer, useState } from "react";
import { afterEach, beforeAll, expect, test } from "vitest";
import { ApiError } from "../../../lib/api-client";
import type { CheckoutPageValue } from "../../../testing/checkout-fixtures";
import {
  aCheckout,
  anInstance,
  type CheckoutSession,
  checkoutPageValue,
  checkoutSessionReducer,
  fakeCheckoutApi,
  initialCheckoutSession,
  TODAY,
  WithCheckoutPage,
} from "../../../testing/checkout-fixtures";
import { startEnglish } from "../../../testing/start-english";
import { DiscountField } from "./discount-field";
import { GiftcardField } from "./giftcard-field";

beforeAll(startEnglish);
afterEach(cleanup);

/** The page's state as the page keeps it: the session reducer and the latest checkout, spies kept. */
function Page({ initial, children }: { initial: CheckoutPageValue; children: ReactNode }) {
  const [session, dispatch] = useReducer(checkoutSessionReducer, initial.session);
  const [checkout, setCheckout] = useState(initial.checkout);
  const value: CheckoutPageValue = {
    ...initial,
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

type FakeApi = ReturnType<typeof fakeCheckoutApi>;

/** `arrange` gives the fakes their answers before the first render (the fields may call on mount). */
function setUp(
  overrides: Partial<CheckoutPageValue> = {},
  arrange: (api: FakeApi) => void = () => {},
  withDiscount = false,
) {
  const api = fakeCheckoutApi();
  arrange(api);
  const initial = checkoutPageValue({ api, ...overrides });
  render(
    <Page initial={initial}>
      {withDiscount ? <DiscountField /> : null}
      <GiftcardField />
    </Page>,
  );
  return { api, initial };
}

/** Odd figures: the cap must come from these, basket − discount + delivery fee = 187.35 − 23.4 + 39 = 202.95. */
const TOTALS: CheckoutTotals = {
  basketTotal: 187.35,
  discount: 23.4,
  deliveryFee: 39,
  total: 202.95,
  giftcard: 0,
  totalLeft: 202.95,
};

function paidWith(amount: number, totals: CheckoutTotals = TOTALS): Checkout {
  return aCheckout({
    giftcards: [{ id: "card-1", giftcardCode: "GAVE123", amount }],
    totals: { ...totals, giftcard: amount, totalLeft: totals.total - amount },
  });
}

function typeCode(code: string) {
  fireEvent.change(screen.getByLabelText("Gift card"), { target: { value: code } });
}

function refusal(code: string, status = 422) {
  return new ApiError({ ok: false, status, errors: [{ code, message: code }] });
}

test("Enter applies the card with its balance when the balance is below the cap", async () => {
  const { api, initial } = setUp({ checkout: aCheckout({ totals: TOTALS }) }, (api) => {
    api.getGiftcardAmount.mockResolvedValue(50.05);
    api.addGiftcard.mockResolvedValue(paidWith(50.05));
  });
  typeCode("gave123");
  fireEvent.keyDown(screen.getByLabelText("Gift card"), { key: "Enter" });

  expect(await screen.findByText("Gift card GAVE123")).toBeTruthy();
  expect(screen.getByText("pays 50.05 DKK")).toBeTruthy();
  expect(api.getGiftcardAmount).toHaveBeenCalledWith(51, "gave123");
  expect(api.addGiftcard).toHaveBeenCalledWith("checkout-1", { giftcardCode: "gave123", amount: 50.05 });
  expect(initial.setCheckout).toHaveBeenCalledWith(paidWith(50.05));
  expect(initial.dispatch).toHaveBeenCalledWith({
    type: "giftcardApplied",
    giftcard: { giftcardCode: "GAVE123", amount: 50.05 },
  });
});

test("OK applies the card, and a balance above the order pays basket − discount + delivery fee", async () => {
  const { api } = setUp({ checkout: aCheckout({ totals: TOTALS }) }, (api) => {
    api.getGiftcardAmount.mockResolvedValue(1000);
    api.addGiftcard.mockResolvedValue(paidWith(202.95));
  });
  typeCode("GAVE123");
  fireEvent.click(screen.getByRole("button", { name: "Use gift card" }));

  expect(await screen.findByText("pays 202.95 DKK")).toBeTruthy();
  expect(api.addGiftcard).toHaveBeenCalledWith("checkout-1", { giftcardCode: "GAVE123", amount: 202.95 });
});

test.each([
  [
    "an unknown card (404 Giftcard.Generic)",
    (api: FakeApi) => api.getGiftcardAmount.mockRejectedValue(refusal("Giftcard.Generic", 404)),
  ],
  [
    "gift cards switched off (GIFTCARD_DISABLED)",
    (api: FakeApi) => api.getGiftcardAmount.mockRejectedValue(refusal("GIFTCARD_DISABLED")),
  ],
  ["an empty card (balance 0)", (api: FakeApi) => api.getGiftcardAmount.mockResolvedValue(0)],
  [
    "nothing left to pay (GIFTCARD_NOTHING_TO_PAY)",
    (api: FakeApi) => {
      api.getGiftcardAmount.mockResolvedValue(100);
      api.addGiftcard.mockRejectedValue(refusal("GIFTCARD_NOTHING_TO_PAY"));
    },
  ],
  ["a network failure", (api: FakeApi) => api.getGiftcardAmount.mockRejectedValue(new TypeError("Failed to fetch"))],
])("%s shows 'We could not verify the gift card' and leaves no card", async (_, arrange) => {
  const { initial } = setUp({}, arrange);
  typeCode("GAVE123");
  fireEvent.click(screen.getByRole("button", { name: "Use gift card" }));

  const alert = await screen.findByText("We could not verify the gift card");
  expect(alert.getAttribute("role")).toBe("alert");
  const input = screen.getByLabelText("Gift card");
  expect(input.getAttribute("aria-invalid")).toBe("true");
  expect(input.getAttribute("aria-describedby")).toBe(alert.id);
  expect(initial.dispatch).toHaveBeenCalledWith({ type: "giftcardCleared" });
});

test("too many wrong tries (429 TOO_MANY_TRIES) asks the guest to wait a minute, and applies nothing", async () => {
  const { api, initial } = setUp({}, (fake: FakeApi) =>
    fake.getGiftcardAmount.mockRejectedValue(refusal("TOO_MANY_TRIES", 429)),
  );
  typeCode("GAVE-500");
  fireEvent.click(screen.getByRole("button", { name: "Use gift card" }));
  const alert = await screen.findByText("Too many wrong tries. Please wait a minute and try again.");
  expect(alert.getAttribute("role")).toBe("alert");
  expect(api.addGiftcard).not.toHaveBeenCalled();
  expect(initial.dispatch).toHaveBeenCalledWith({ type: "giftcardCleared" });
});

test("a card worth nothing on an order that costs nothing is not sent", async () => {
  const free = { basketTotal: 100, discount: 100, deliveryFee: 0, total: 0, giftcard: 0, totalLeft: 0 };
  const { api } = setUp({ checkout: aCheckout({ totals: free }) }, (api) =>
    api.getGiftcardAmount.mockResolvedValue(300),
  );
  typeCode("GAVE123");
  fireEvent.click(screen.getByRole("button", { name: "Use gift card" }));
  await screen.findByText("We could not verify the gift card");
  expect(api.addGiftcard).not.toHaveBeenCalled();
});

test("the remove button takes the card off the checkout and the session", async () => {
  const session: CheckoutSession = {
    ...initialCheckoutSession(TODAY),
    giftcard: { giftcardCode: "GAVE123", amount: 50 },
  };
  const { api, initial } = setUp({ session, checkout: paidWith(50) }, (api) =>
    api.removeGiftcard.mockResolvedValue(aCheckout({ totals: TOTALS })),
  );
  fireEvent.click(screen.getByRole("button", { name: "Remove gift card GAVE123" }));
  await screen.findByLabelText("Gift card");
  expect(api.removeGiftcard).toHaveBeenCalledWith("checkout-1", "card-1");
  expect(initial.dispatch).toHaveBeenCalledWith({ type: "giftcardCleared" });
});

test("a card the session kept but the checkout lost (after a reload) is applied again without the guest", async () => {
  const session: CheckoutSession = {
    ...initialCheckoutSession(TODAY),
    giftcard: { giftcardCode: "GAVE123", amount: 50 },
  };
  const { api } = setUp({ session, checkout: aCheckout({ totals: TOTALS }) }, (api) => {
    api.getGiftcardAmount.mockResolvedValue(50);
    api.addGiftcard.mockResolvedValue(paidWith(50));
  });
  await waitFor(() =>
    expect(api.addGiftcard).toHaveBeenCalledWith("checkout-1", { giftcardCode: "GAVE123", amount: 50 }),
  );
  expect(await screen.findByText("pays 50 DKK")).toBeTruthy();
  expect(api.getGiftcardAmount).toHaveBeenCalledTimes(1);
});

test("after a reload the kept discount is applied first, so the kept card is capped by it", async () => {
  const undiscounted = { basketTotal: 200, discount: 0, deliveryFee: 0, total: 200, giftcard: 0, totalLeft: 200 };
  const discounted = {
    basketTotal: 200,
    discount: 23.45,
    deliveryFee: 0,
    total: 176.55,
    giftcard: 0,
    totalLeft: 176.55,
  };
  const session: CheckoutSession = {
    ...initialCheckoutSession(TODAY),
    discount: { discountCode: "SOMMER", amount: 23.45 },
    giftcard: { giftcardCode: "GAVE123", amount: 200 },
  };
  const { api } = setUp(
    { session, checkout: aCheckout({ totals: undiscounted }) },
    (api) => {
      api.validateDiscount.mockResolvedValue({ sumDiscount: 23.45, discountCode: "SOMMER" });
      api.addDiscount.mockResolvedValue(
        aCheckout({ discounts: [{ id: "discount-1", discountCode: "SOMMER", amount: 23.45 }], totals: discounted }),
      );
      api.getGiftcardAmount.mockResolvedValue(500);
      api.addGiftcard.mockResolvedValue(paidWith(176.55, discounted));
    },
    true,
  );
  await waitFor(() =>
    expect(api.addGiftcard).toHaveBeenCalledWith("checkout-1", { giftcardCode: "GAVE123", amount: 176.55 }),
  );
  expect(api.addGiftcard).toHaveBeenCalledTimes(1);
});

test("a card that pays more than the order after a discount is added is applied again at the new cap", async () => {
  const undiscounted = { basketTotal: 200, discount: 0, deliveryFee: 0, total: 200, giftcard: 200, totalLeft: 0 };
  const session: CheckoutSession = {
    ...initialCheckoutSession(TODAY),
    giftcard: { giftcardCode: "GAVE123", amount: 200 },
  };
  const withBoth = aCheckout({
    discounts: [{ id: "discount-1", discountCode: "SOMMER", amount: 23.45 }],
    giftcards: [{ id: "card-1", giftcardCode: "GAVE123", amount: 200 }],
    totals: { basketTotal: 200, discount: 23.45, deliveryFee: 0, total: 176.55, giftcard: 200, totalLeft: 0 },
  });
  const { api, initial } = setUp(
    { session, checkout: paidWith(200, undiscounted) },
    (api) => {
      api.validateDiscount.mockResolvedValue({ sumDiscount: 23.45, discountCode: "SOMMER" });
      api.addDiscount.mockResolvedValue(withBoth);
      api.addGiftcard.mockResolvedValue({
        ...withBoth,
        giftcards: [{ id: "card-1", giftcardCode: "GAVE123", amount: 176.55 }],
        totals: { ...withBoth.totals, giftcard: 176.55 },
      });
    },
    true,
  );
  fireEvent.change(screen.getByLabelText("Discount code"), { target: { value: "SOMMER" } });
  fireEvent.click(screen.getByRole("button", { name: "Use code" }));

  expect(await screen.findByText("pays 176.55 DKK")).toBeTruthy();
  expect(api.addGiftcard).toHaveBeenCalledWith("checkout-1", { giftcardCode: "GAVE123", amount: 176.55 });
  // The balance covered the old amount, so it covers the lower cap: no second balance read.
  expect(api.getGiftcardAmount).not.toHaveBeenCalled();
  expect(initial.dispatch).toHaveBeenLastCalledWith({
    type: "giftcardApplied",
    giftcard: { giftcardCode: "GAVE123", amount: 176.55 },
  });
});

test("with a gift card in the basket the input is hidden and says why", () => {
  setUp({ basketHoldsGiftcard: true });
  expect(screen.queryByRole("textbox")).toBeNull();
  expect(screen.getByText("Not available when ordering a giftcard")).toBeTruthy();
});

test("while the order is being placed the field is disabled", () => {
  setUp({ placing: true });
  expect(screen.getByLabelText("Gift card")).toHaveProperty("disabled", true);
  expect(screen.getByRole("button", { name: "Use gift card" })).toHaveProperty("disabled", true);
});

test("nothing is shown when the checkout instance has gift cards off", () => {
  setUp({ instance: anInstance({ isGiftcardEnabled: false }) });
  expect(screen.queryByText("Gift card")).toBeNull();
});
