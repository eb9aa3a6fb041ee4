import { describe, expect, test, vi } from "vitest";
import { ApiError } from "../../lib/api-client";
import { aCheckout, fakeCheckoutApi } from "../../testing/checkout-fixtures";
import { CheckoutAlreadyPaid, startCheckout } from "./start-checkout";

const ARGS = { checkoutInstanceId: 11, moduleId: 1, basketId: "basket-1" };

function deps(storedCheckoutId: string | null) {
  const api = fakeCheckoutApi();
  const rememberCheckoutId = vi.fn();
  return { api, rememberCheckoutId, storedCheckoutId };
}

describe("startCheckout (SPEC §4 checkout start)", () => {
  test("reuses the stored open checkout of this basket after removing its discounts, gift cards and delivery", async () => {
    const d = deps("checkout-1");
    const dirty = aCheckout({
      discounts: [{ id: "d-1", discountCode: "SOMMER10", amount: 20 }],
      giftcards: [
        { id: "g-1", giftcardCode: "GAVE-100", amount: 50 },
        { id: "g-2", giftcardCode: "GAVE-500", amount: 30 },
      ],
      delivery: {
        deliveryFee: 39,
        fee: 39,
        zipCode: "2200",
        address: "Nørrebrogade 1",
        date: null,
        deliveryTime: null,
        stage: 1,
      },
    });
    d.api.getCheckout.mockResolvedValue(dirty);
    d.api.removeDiscount.mockResolvedValue(aCheckout({ giftcards: dirty.giftcards, delivery: dirty.delivery }));
    d.api.removeGiftcard.mockResolvedValue(aCheckout({ delivery: dirty.delivery }));
    d.api.removeDelivery.mockResolvedValue(aCheckout());

    const checkout = await startCheckout(ARGS, d);

    expect(d.api.removeDiscount).toHaveBeenCalledWith("checkout-1", "d-1");
    expect(d.api.removeGiftcard.mock.calls).toEqual([
      ["checkout-1", "g-1"],
      ["checkout-1", "g-2"],
    ]);
    expect(d.api.removeDelivery).toHaveBeenCalledWith("checkout-1");
    expect(d.api.createCheckout).not.toHaveBeenCalled();
    expect(checkout).toEqual(aCheckout());
  });

  test("reuses a clean checkout without a call beyond reading it", async () => {
    const d = deps("checkout-1");
    d.api.getCheckout.mockResolvedValue(aCheckout());
    expect(await startCheckout(ARGS, d)).toEqual(aCheckout());
    expect(d.api.removeDiscount).not.toHaveBeenCalled();
    expect(d.api.createCheckout).not.toHaveBeenCalled();
    expect(d.rememberCheckoutId).not.toHaveBeenCalled();
  });

  test.each([
    ["done", { state: 2 }],
    ["with an order", { orderId: "order-1" }],
    ["with a payment", { payment: { paymentId: "p-1" } }],
    ["of another basket", { checkoutBaskets: [{ externalBasketId: "basket-0" }] }],
    ["without a basket but done", { checkoutBaskets: [], state: 2 }],
  ])("creates a new checkout, links the basket and saves its id when the stored one is %s", async (_, overrides) => {
    const d = deps("checkout-1");
    d.api.getCheckout.mockResolvedValue(aCheckout(overrides));
    d.api.createCheckout.mockResolvedValue(aCheckout({ id: "checkout-2", checkoutBaskets: [] }));
    d.api.linkBasket.mockResolvedValue(aCheckout({ id: "checkout-2" }));

    const checkout = await startCheckout(ARGS, d);

    expect(d.api.createCheckout).toHaveBeenCalledWith({ instanceId: 11, moduleId: 1 });
    expect(d.api.linkBasket).toHaveBeenCalledWith("checkout-2", "basket-1");
    expect(d.rememberCheckoutId).toHaveBeenCalledWith("checkout-2");
    expect(checkout.id).toBe("checkout-2");
    expect(d.api.removeDiscount).not.toHaveBeenCalled();
  });

  test("saves the new checkout's id before linking the basket: a reload meanwhile finds it", async () => {
    const d = deps(null);
    d.api.createCheckout.mockResolvedValue(aCheckout({ id: "checkout-2", checkoutBaskets: [] }));
    d.api.linkBasket.mockImplementation(async (checkoutId: string) => {
      expect(d.rememberCheckoutId).toHaveBeenCalledWith(checkoutId);
      return aCheckout({ id: checkoutId });
    });
    expect((await startCheckout(ARGS, d)).id).toBe("checkout-2");
    expect(d.api.linkBasket).toHaveBeenCalledTimes(1);
  });

  test("links the basket to a stored open checkout that has none yet (a start cut short), not to a second one", async () => {
    const d = deps("checkout-1");
    d.api.getCheckout.mockResolvedValue(aCheckout({ checkoutBaskets: [] }));
    d.api.linkBasket.mockResolvedValue(aCheckout());
    expect((await startCheckout(ARGS, d)).id).toBe("checkout-1");
    expect(d.api.linkBasket).toHaveBeenCalledWith("checkout-1", "basket-1");
    expect(d.api.createCheckout).not.toHaveBeenCalled();
  });

  test("creates one when none is stored or the stored one is gone (404)", async () => {
    for (const [stored, lookup] of [
      [null, null],
      ["checkout-1", new ApiError({ ok: false, status: 404, errors: [{ code: "NOT_FOUND" }] })],
    ] as const) {
      const d = deps(stored);
      if (lookup) d.api.getCheckout.mockRejectedValue(lookup);
      d.api.createCheckout.mockResolvedValue(aCheckout({ id: "checkout-2", checkoutBaskets: [] }));
      d.api.linkBasket.mockResolvedValue(aCheckout({ id: "checkout-2" }));
      expect((await startCheckout(ARGS, d)).id).toBe("checkout-2");
      expect(d.api.getCheckout).toHaveBeenCalledTimes(stored ? 1 : 0);
    }
  });

  test("lets any other failure through to the error page", async () => {
    const d = deps("checkout-1");
    const failure = new ApiError({ ok: false, status: 500, errors: [{ code: "INTERNAL" }], traceId: "t-1" });
    d.api.getCheckout.mockRejectedValue(failure);
    await expect(startCheckout(ARGS, d)).rejects.toBe(failure);
    expect(d.api.createCheckout).not.toHaveBeenCalled();
  });

  test("a payment still waiting when the guest comes back (browser Back from the provider's page) is cancelled and the checkout reused", async () => {
    const d = deps("checkout-1");
    d.api.getCheckout
      .mockResolvedValueOnce(aCheckout({ state: 1, payment: { paymentId: "p-1" } }))
      .mockResolvedValueOnce(aCheckout());
    d.api.cancelPayment.mockResolvedValue({
      id: "p-1",
      state: 2,
      type: 0,
      amount: 200,
      paymentUrl: null,
      payments: [],
    });
    expect(await startCheckout(ARGS, d)).toEqual(aCheckout());
    expect(d.api.cancelPayment).toHaveBeenCalledWith("p-1");
    expect(d.api.createCheckout).not.toHaveBeenCalled();
  });

  test("a payment that was completed meanwhile sends the guest to its order instead", async () => {
    const d = deps("checkout-1");
    d.api.getCheckout.mockResolvedValue(aCheckout({ state: 1, payment: { paymentId: "p-1" } }));
    d.api.cancelPayment.mockRejectedValue(
      new ApiError({ ok: false, status: 409, errors: [{ code: "ALREADY_PAID" }], traceId: "t-2" }),
    );
    await expect(startCheckout(ARGS, d)).rejects.toEqual(new CheckoutAlreadyPaid("checkout-1"));
    expect(d.api.createCheckout).not.toHaveBeenCalled();
  });
});
