// @vitest-environment happy-dom
import { STORAGE_KEYS } from "@app/contracts/storefront-boot";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { ApiError } from "../../lib/api-client";
import { aBasket, aCheckout, anInstance, aShop, fakeCheckoutApi } from "../../testing/checkout-fixtures";
import { startEnglish } from "../../testing/start-english";
import { CheckoutFormPage, type CheckoutFormPageProps } from "./checkout-form-page";

const CHECKOUT_SESSION_KEY = STORAGE_KEYS.checkoutSession;

beforeAll(startEnglish);
beforeEach(() => localStorage.clear());
afterEach(cleanup);

// 11:00Z is 12:00 in Copenhagen in November.
const SLOT = "2026-11-23T11:00:00.000Z";
const NOW = new Date("2026-11-23T09:00:00Z");

function failure(status: number, code: string) {
  return new ApiError({ ok: false, status, errors: [{ code, message: code }], traceId: "trace-9" });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function renderForm(overrides: Partial<CheckoutFormPageProps> = {}) {
  const api = fakeCheckoutApi();
  api.getAvailableOrderTimes.mockResolvedValue([{ time: SLOT, isAvailable: true }]);
  api.getCheckout.mockResolvedValue(aCheckout());
  api.saveGuestInformation.mockResolvedValue(aCheckout());
  api.validateOrder.mockResolvedValue({ valid: true });
  api.addPayment.mockResolvedValue({
    id: "p-1",
    state: 1,
    type: 0,
    amount: 200,
    paymentUrl: "http://localhost/api/payment/test/p-1",
    payments: [],
  });
  const props: CheckoutFormPageProps = {
    shop: aShop({ bagFeeItem: null }),
    instance: anInstance({ isDiscountEnabled: false, isGiftcardEnabled: false }),
    basket: aBasket(),
    basketHoldsGiftcard: false,
    checkout: aCheckout(),
    changeBagFee: vi.fn(() => Promise.resolve()),
    api,
    cart: <section aria-label="Cart" />,
    now: () => NOW,
    origin: "http://localhost",
    onHostedPayment: vi.fn(),
    onOrderPlaced: vi.fn(),
    onBasketGone: vi.fn(),
    onCheckoutClosed: vi.fn(),
    onFailure: vi.fn(),
    ...overrides,
  };
  render(<CheckoutFormPage {...props} />);
  return { api, props };
}

/** Today's only slot, 12:00, is the earliest: "As soon as possible" (issue 42). */
const ASAP = "As soon as possible about 12:00";

const placeOrder = () => screen.getByRole("button", { name: "Place order" }) as HTMLButtonElement;
const terms = () => screen.getByRole("checkbox", { name: "I accept the terms of trade" });

async function fillIn() {
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Anna Jensen" } });
  fireEvent.change(screen.getByLabelText(/^Phone number/), { target: { value: "20304050" } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "anna@example.dk" } });
  fireEvent.click(await screen.findByRole("radio", { name: ASAP }));
  fireEvent.click(terms());
}

async function submit() {
  await act(async () => fireEvent.click(placeOrder()));
}

describe("CheckoutForm: placing the order (SPEC §4, §5)", () => {
  test("shows the sections in order and keeps place order disabled until the terms are ticked", async () => {
    renderForm();
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(["Comment for the restaurant", "Your details", "Pickup time", "Payment"]);
    expect(placeOrder().disabled).toBe(true);
    fireEvent.click(terms());
    expect(placeOrder().disabled).toBe(false);
  });

  test("while place order is disabled, a hint next to it says why, and goes when the terms are ticked", () => {
    renderForm();
    const hint = "Tick the terms of trade to place the order";
    expect(screen.getByText(hint).id).toBe(placeOrder().getAttribute("aria-describedby"));
    fireEvent.click(terms());
    expect(screen.queryByText(hint)).toBeNull();
    expect(placeOrder().hasAttribute("aria-describedby")).toBe(false);
  });

  test("the terms tick is kept for the same checkout (back from a declined payment), not for a new one", () => {
    renderForm();
    fireEvent.click(terms());
    cleanup();
    renderForm();
    expect((terms() as HTMLInputElement).checked).toBe(true);
    cleanup();
    renderForm({ checkout: aCheckout({ id: "checkout-2" }) });
    expect((terms() as HTMLInputElement).checked).toBe(false);
  });

  test("after a refused submit, focus is on the first field in error", async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Anna Jensen" } });
    fireEvent.click(terms());
    await submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Phone number/)));
  });

  test("with a bag product, the bag choice must be made: it is named in the missing list once", async () => {
    const { api } = renderForm({ shop: aShop() });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Anna Jensen" } });
    fireEvent.change(screen.getByLabelText(/^Phone number/), { target: { value: "20304050" } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "anna@example.dk" } });
    fireEvent.click(await screen.findByRole("radio", { name: ASAP }));
    fireEvent.click(terms());
    await submit();
    await screen.findByText("Please check that you have entered all required information: carrier bag");
    expect(api.saveGuestInformation).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("radio", { name: /^Yes please, a carrier bag/ })),
    );
  });

  test("a first attempt with nothing filled in lists what is missing, joined with commas and &, and sends nothing", async () => {
    const { api } = renderForm();
    fireEvent.click(terms());
    await submit();
    await screen.findByText(
      "Please check that you have entered all required information: time, name, email & phone number",
    );
    expect(screen.getByText("Please enter your name")).toBeTruthy();
    expect(screen.getByLabelText(/^Name/).getAttribute("aria-invalid")).toBe("true");
    expect(api.saveGuestInformation).not.toHaveBeenCalled();
  });

  test("a complete order goes to the hosted page, with the spinner's messages on the way", async () => {
    const validating = deferred<{ valid: true }>();
    const { api, props } = renderForm();
    api.validateOrder.mockReturnValue(validating.promise);
    await fillIn();
    await submit();
    expect(await screen.findByText("Contacting the restaurant…")).toBeTruthy();
    await act(async () => validating.resolve({ valid: true }));
    await waitFor(() => expect(props.onHostedPayment).toHaveBeenCalledWith("http://localhost/api/payment/test/p-1"));
    expect(api.saveGuestInformation).toHaveBeenCalledWith(
      "checkout-1",
      expect.objectContaining({ name: "Anna Jensen", phone: "20304050", orderReadyTime: SLOT }),
    );
    expect(api.addPayment).toHaveBeenCalledWith(
      "checkout-1",
      expect.objectContaining({ continuationUrl: "http://localhost/payment/checkout-1", paymentMethods: ["card"] }),
    );
  });

  test("MobilePay chosen among the methods is what the payment asks for (issue 46)", async () => {
    const { api } = renderForm({ shop: aShop({ bagFeeItem: null, onlinePayment: true, mobilepay: true }) });
    await fillIn();
    fireEvent.click(screen.getByRole("radio", { name: "MobilePay" }));
    await submit();
    await waitFor(() =>
      expect(api.addPayment).toHaveBeenCalledWith(
        "checkout-1",
        expect.objectContaining({ paymentMethods: ["mobilepay"] }),
      ),
    );
  });

  test("in test mode the payment section says no money moves, before Place order (issue 46)", () => {
    renderForm({
      shop: { ...aShop({ bagFeeItem: null, onlinePayment: true, payAtPickup: true }), paymentTestMode: true },
    });
    const notice = screen.getByText("Test mode – no money is charged");
    // In the page's order: the notice comes before the button that starts the payment.
    expect(notice.compareDocumentPosition(placeOrder()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "Pay at pickup" }));
    expect(screen.queryByText("Test mode – no money is charged")).toBeNull();
  });

  test("with a live payment account there is no test-mode notice", () => {
    renderForm({ shop: { ...aShop({ bagFeeItem: null }), paymentTestMode: false } });
    expect(screen.queryByText("Test mode – no money is charged")).toBeNull();
  });

  test("pay at pickup goes straight to the order page", async () => {
    const { api, props } = renderForm({ shop: aShop({ bagFeeItem: null, onlinePayment: false, mobilepay: false }) });
    api.addPayment.mockResolvedValue({ id: "p-1", state: 128, type: 2, amount: 200, paymentUrl: null, payments: [] });
    await fillIn();
    await submit();
    await waitFor(() => expect(props.onOrderPlaced).toHaveBeenCalledWith("checkout-1"));
    expect(api.addPayment).toHaveBeenCalledWith("checkout-1", expect.objectContaining({ paymentMethods: ["pickup"] }));
  });

  test("a refused validation is the restaurant being offline: its message, and no payment", async () => {
    const { api } = renderForm();
    api.validateOrder.mockRejectedValue(failure(422, "Payment.RestaurantOffline"));
    await fillIn();
    await submit();
    await screen.findByText("Unfortunately, we cannot connect to the restaurant. Please try again later.");
    expect(api.addPayment).not.toHaveBeenCalled();
    expect(placeOrder().disabled).toBe(false);
  });

  test("a slot that filled up meanwhile: its message, the time cleared, the slots read again, the details kept", async () => {
    const { api } = renderForm();
    api.validateOrder.mockRejectedValue(failure(422, "SLOT_FULL"));
    await fillIn();
    const reads = api.getAvailableOrderTimes.mock.calls.length;
    await submit();
    await screen.findByText("Sorry, the time you chose is no longer available. Please choose another time.");
    await waitFor(() => expect(api.getAvailableOrderTimes.mock.calls.length).toBeGreaterThan(reads));
    const stored = JSON.parse(localStorage.getItem(CHECKOUT_SESSION_KEY) ?? "{}");
    expect(stored.chosenTimeslot).toBeNull();
    expect(stored.guestInformation.name).toBe("Anna Jensen");
  });

  test("too many unfinished payments: its message, nothing lost, and placing the order again works", async () => {
    const { api, props } = renderForm();
    api.addPayment.mockRejectedValueOnce(failure(429, "TOO_MANY_PAYMENTS"));
    await fillIn();
    await submit();
    await screen.findByText(
      "Too many payments have been started from here without being finished. Please finish or cancel one, or try again in a little while. Your details are saved.",
    );
    expect(props.onFailure).not.toHaveBeenCalled();
    expect(props.onHostedPayment).not.toHaveBeenCalled();
    const stored = JSON.parse(localStorage.getItem(CHECKOUT_SESSION_KEY) ?? "{}");
    expect(stored.chosenTimeslot).toBe(SLOT);
    expect(stored.guestInformation).toMatchObject({ name: "Anna Jensen", phone: "20304050", email: "anna@example.dk" });
    expect(placeOrder().disabled).toBe(false);
    await submit();
    await waitFor(() => expect(props.onHostedPayment).toHaveBeenCalledWith("http://localhost/api/payment/test/p-1"));
  });

  test("an expired basket is handed to the page, which reads it again", async () => {
    const { api, props } = renderForm();
    api.saveGuestInformation.mockRejectedValue(failure(410, "BASKET_EXPIRED"));
    await fillIn();
    await submit();
    expect(props.onBasketGone).toHaveBeenCalled();
  });

  test("what the guest cannot put right goes to the page's error handling", async () => {
    const { api, props } = renderForm();
    const broken = failure(500, "INTERNAL");
    api.addPayment.mockRejectedValue(broken);
    await fillIn();
    await submit();
    await waitFor(() => expect(props.onFailure).toHaveBeenCalledWith(broken));
  });

  test("the guest's entries survive a reload (local storage)", async () => {
    renderForm();
    await fillIn();
    cleanup();
    renderForm();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Anna Jensen");
    expect(((await screen.findByRole("radio", { name: ASAP })) as HTMLInputElement).checked).toBe(true);
  });

  test("the checkout's figures are read again, and shown, when the basket changes", async () => {
    const { api, props } = renderForm();
    api.getCheckout.mockResolvedValue(aCheckout({ totals: { ...aCheckout().totals, basketTotal: 300 } }));
    cleanup();
    const { rerender } = render(<CheckoutFormPage {...props} />);
    rerender(<CheckoutFormPage {...props} basket={aBasket()} />);
    await waitFor(() => expect(screen.getByText("Subtotal").nextElementSibling?.textContent).toMatch(/300/));
  });

  test("pay at pickup is not offered for a delivery, and a choice of it falls back to paying online", async () => {
    renderForm({ shop: aShop({ bagFeeItem: null, deliveryEnabled: true, payAtPickup: true }) });
    fireEvent.click(screen.getByRole("radio", { name: "Pickup" }));
    fireEvent.click(screen.getByRole("radio", { name: "Pay at pickup" }));
    fireEvent.click(screen.getByRole("radio", { name: "Delivery" }));
    expect(screen.queryByRole("radio", { name: "Pay at pickup" })).toBeNull();
    const online = screen.queryByRole("radio", { name: "Card (pay online)" }) as HTMLInputElement | null;
    expect(online?.checked ?? screen.getByText(/^Payment method: Card/)).toBeTruthy();
  });

  test("no payment method to choose when gift cards leave nothing to pay", () => {
    renderForm({
      checkout: aCheckout({
        totals: { basketTotal: 70, discount: 0, deliveryFee: 0, total: 70, giftcard: 70, totalLeft: 0 },
      }),
    });
    expect(screen.queryByRole("group", { name: "Payment method" })).toBeNull();
    expect(screen.queryByRole("radio", { name: "Card (pay online)" })).toBeNull();
  });
});
