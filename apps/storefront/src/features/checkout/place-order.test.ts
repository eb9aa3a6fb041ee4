import { describe, expect, test, vi } from "vitest";
import { ApiError } from "../../lib/api-client";
import {
  aCheckout,
  aShop,
  type CheckoutSession,
  fakeCheckoutApi,
  initialCheckoutSession,
  TODAY,
} from "../../testing/checkout-fixtures";
import { type PlaceOrderStep, placeOrder } from "./place-order";

const SLOT = "2026-11-23T12:15:00.000Z";

function readySession(overrides: Partial<CheckoutSession> = {}): CheckoutSession {
  return {
    ...initialCheckoutSession(TODAY),
    chosenTimeslot: SLOT,
    bringOwnBagIsChecked: true,
    guestInformation: {
      name: `Ann "A" <b>`,
      phone: "12345678",
      email: "ann@example.dk",
      orderComment: "No onions & extra ketchup",
      amountOfGuests: null,
      amountOfKids: null,
    },
    ...overrides,
  };
}

function failure(status: number, code: string) {
  return new ApiError({ ok: false, status, errors: [{ code, message: code }], traceId: "trace-1" });
}

function setUp(session = readySession(), checkout = aCheckout()) {
  const api = fakeCheckoutApi();
  const steps: PlaceOrderStep[] = [];
  api.saveGuestInformation.mockResolvedValue(checkout);
  api.validateOrder.mockResolvedValue({ valid: true });
  api.addPayment.mockResolvedValue({
    id: "p-1",
    state: 1,
    type: 0,
    amount: 200,
    paymentUrl: "http://localhost:3000/api/payment/test/p-1",
    payments: [],
  });
  const run = (language: "da-DK" | "en-US" = "da-DK") =>
    placeOrder(
      { shop: aShop(), checkout, session, paymentMethod: "card", origin: "http://localhost:3000", language },
      { api, onStep: (step) => steps.push(step) },
    );
  return { api, steps, run };
}

describe("placeOrder (SPEC §4)", () => {
  test("saves the guest, asks the restaurant, starts the payment and hands back the hosted page", async () => {
    const { api, steps, run } = setUp();
    expect(await run()).toEqual({ kind: "hosted", paymentUrl: "http://localhost:3000/api/payment/test/p-1" });
    expect(steps).toEqual(["saving", "contacting", "payment"]);
    expect(api.saveGuestInformation).toHaveBeenCalledWith("checkout-1", {
      ...readySession().guestInformation,
      orderReadyTime: SLOT,
    });
    expect(api.validateOrder).toHaveBeenCalledWith("checkout-1", 1);
    expect(api.addPayment).toHaveBeenCalledWith("checkout-1", {
      moduleId: 1,
      continuationUrl: "http://localhost:3000/payment/checkout-1",
      cancellationUrl: "http://localhost:3000/payment/checkout-1",
      paymentMethods: ["card"],
      language: "da-DK",
    });
  });

  test("the payment is started in the guest's language (the provider's page names it so; issue 46)", async () => {
    const { api, run } = setUp();
    await run("en-US");
    expect(api.addPayment.mock.calls[0]?.[1].language).toBe("en-US");
  });

  test.each(["card", "mobilepay", "pickup"] as const)(
    "the guest's chosen method (%s) is what the payment asks for, first (SPEC §7 paymentMethods; issue 46)",
    async (paymentMethod) => {
      const { api } = setUp();
      api.addPayment.mockResolvedValue({ id: "p-1", state: 1, type: 0, amount: 200, paymentUrl: null, payments: [] });
      const input = {
        shop: aShop(),
        checkout: aCheckout(),
        session: readySession(),
        origin: "http://localhost:3000",
        language: "da-DK" as const,
      };
      await placeOrder({ ...input, paymentMethod }, { api, onStep: () => {} });
      expect(api.addPayment.mock.calls[0]?.[1].paymentMethods?.[0]).toBe(paymentMethod);
    },
  );

  test("goes straight to the order when there is no hosted step (pay at pickup, gift card paying all)", async () => {
    const { api, run } = setUp();
    api.addPayment.mockResolvedValue({ id: "p-1", state: 128, type: 2, amount: 200, paymentUrl: null, payments: [] });
    expect(await run()).toEqual({ kind: "placed", checkoutId: "checkout-1" });
  });

  test("sends nothing while fields are missing or wrong, and lists what is missing", async () => {
    const session = readySession({ chosenTimeslot: null });
    session.guestInformation = { ...session.guestInformation, name: "", phone: "12ab" };
    const { api, run } = setUp(session);
    expect(await run()).toEqual({ kind: "invalid", missing: ["MissingFields.Time", "MissingFields.Name"] });
    expect(api.saveGuestInformation).not.toHaveBeenCalled();
  });

  test("an invalid phone alone is enough to stop (its field shows why)", async () => {
    const session = readySession();
    session.guestInformation = { ...session.guestInformation, phone: "1234" };
    const { api, run } = setUp(session);
    expect(await run()).toEqual({ kind: "invalid", missing: [] });
    expect(api.saveGuestInformation).not.toHaveBeenCalled();
  });

  test("puts the session's discount and gift card back on a checkout that lost them, and removes others", async () => {
    const session = readySession({
      discount: { discountCode: "sommer10", amount: 20 },
      giftcard: { giftcardCode: "GAVE-100", amount: 100 },
    });
    const stale = aCheckout({ discounts: [{ id: "d-0", discountCode: "FAST50", amount: 50 }] });
    const { api, run } = setUp(session, stale);
    api.removeDiscount.mockResolvedValue(aCheckout());
    api.addDiscount.mockResolvedValue(aCheckout({ discounts: [{ id: "d-1", discountCode: "SOMMER10", amount: 20 }] }));
    api.addGiftcard.mockResolvedValue(aCheckout());
    await run();
    expect(api.removeDiscount).toHaveBeenCalledWith("checkout-1", "d-0");
    expect(api.addDiscount).toHaveBeenCalledWith("checkout-1", "sommer10");
    expect(api.addGiftcard).toHaveBeenCalledWith("checkout-1", { giftcardCode: "GAVE-100", amount: 100 });
  });

  test("leaves a discount the checkout already carries alone", async () => {
    const session = readySession({ discount: { discountCode: "sommer10", amount: 20 } });
    const applied = aCheckout({ discounts: [{ id: "d-1", discountCode: "SOMMER10", amount: 20 }] });
    const { api, run } = setUp(session, applied);
    await run();
    expect(api.addDiscount).not.toHaveBeenCalled();
    expect(api.removeDiscount).not.toHaveBeenCalled();
  });

  test.each([
    ["validateOrder", failure(422, "Payment.RestaurantOffline"), "RestaurantOffline"],
    ["validateOrder", failure(503, "UNAVAILABLE"), "RestaurantOffline"],
    ["validateOrder", failure(422, "SLOT_FULL"), "SlotFull"],
    ["saveGuestInformation", failure(409, "SLOT_FULL"), "SlotFull"],
    ["saveGuestInformation", failure(422, "MissingFields.Name"), "GuestInformation"],
    ["saveGuestInformation", failure(410, "BASKET_EXPIRED"), "BasketGone"],
    ["addPayment", failure(409, "Discount.Invalid"), "DiscountRefused"],
    ["addPayment", failure(422, "Giftcard.Generic"), "GiftcardRefused"],
    ["addPayment", failure(422, "SLOT_FULL"), "SlotFull"],
    ["addPayment", failure(409, "CHECKOUT_NOT_OPEN"), "CheckoutClosed"],
    ["addPayment", failure(429, "TOO_MANY_PAYMENTS"), "TooManyPayments"],
    ["addPayment", failure(422, "DELIVERY_BELOW_MINIMUM"), "DeliveryBelowMinimum"],
  ] as const)("%s failing with %s is the refusal %s", async (call, error, refusal) => {
    const { api, run } = setUp();
    api[call].mockRejectedValue(error);
    expect(await run()).toEqual({ kind: "refused", refusal });
  });

  test("stops before paying when the restaurant refuses", async () => {
    const { api, run } = setUp();
    api.validateOrder.mockRejectedValue(failure(422, "Payment.RestaurantOffline"));
    await run();
    expect(api.addPayment).not.toHaveBeenCalled();
  });

  test("throws what the guest cannot put right, for the error page", async () => {
    const { api, run } = setUp();
    const broken = failure(500, "INTERNAL");
    api.addPayment.mockRejectedValue(broken);
    await expect(run()).rejects.toBe(broken);
    const network = vi.fn();
    api.saveGuestInformation.mockRejectedValue(new TypeError("Failed to fetch"));
    await run().catch(network);
    expect(network).toHaveBeenCalledWith(new TypeError("Failed to fetch"));
  });
});
