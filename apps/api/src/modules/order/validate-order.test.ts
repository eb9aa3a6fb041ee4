import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { CheckoutState } from "@app/domain";
import { beforeEach, describe, expect, test } from "vitest";
import {
  checkoutWithBasket,
  type Line,
  setAppSetting,
  setCheckoutState,
  useCapacity,
  withFreshToken,
} from "../../testing/checkout-fixtures";
import { type DemoRestaurant, useTestApp } from "../../testing/test-app";

const { t, clock } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen
beforeEach(async () => {
  await t.db.delete(schema.capacityUsage);
});

// Restaurant A is open around the clock (30 items per slot) and delivers 11:00–21:00 local every
// 30 minutes; restaurant B opens 11:00–21:00 local and is closed on 2026-12-24.
const A = () => t.restaurantA;
const B = () => t.restaurantB;
const SLOT = new Date("2026-11-23T11:00:00Z");
const OFFLINE = {
  code: "Payment.RestaurantOffline",
  message: "Unfortunately, we cannot connect to the restaurant. Please try again later.",
};

/** A checkout with the lines and a chosen time written straight to the row (as if chosen earlier). */
async function checkoutAt(orderReadyTime: Date, lines: Line[] = [{ product: "salat", amount: 1 }], restaurant = A()) {
  const { checkoutId } = await checkoutWithBasket(t, restaurant, lines);
  await t.db.update(schema.checkout).set({ orderReadyTime }).where(eq(schema.checkout.id, checkoutId));
  return checkoutId;
}

async function deliveryAt(orderReadyTime: Date, lines?: Line[]) {
  const checkoutId = await checkoutAt(orderReadyTime, lines);
  await t.db
    .update(schema.checkout)
    .set({ isDelivery: true, deliveryAddress: "Vej 1", deliveryZipCode: "2200", deliveryFeeMinor: 3900 })
    .where(eq(schema.checkout.id, checkoutId));
  return checkoutId;
}

function validate(checkoutId: string, restaurant: DemoRestaurant = A(), payload?: object) {
  return t.request({
    method: "POST",
    url: `/api/order/validate?checkoutId=${checkoutId}`,
    headers: restaurant.auth,
    ...(payload ? { payload } : {}),
  });
}

describe("POST /api/order/validate", () => {
  test("answers { valid: true } for a pickup checkout whose slot still has room", async () => {
    const res = await validate(await checkoutAt(SLOT));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true });
  });

  test("is 422 BASKET_EMPTY when the bag fee is all there is", async () => {
    const res = await validate(await checkoutAt(SLOT, [{ product: "bagfee", amount: 1 }]));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("BASKET_EMPTY");
  });

  test("takes a basket of only a gift card: nothing for the kitchen, but an order", async () => {
    await useCapacity(t, A(), SLOT.toISOString(), 29);
    const res = await validate(await checkoutAt(SLOT, [{ product: "giftcard-500", amount: 1 }]));
    expect(res.json()).toEqual({ valid: true });
  });

  test("is 422 Payment.RestaurantOffline when the restaurant is closed now", async () => {
    clock.set("2026-12-24T12:00:00Z"); // B's closed date
    const b = await withFreshToken(t, B());
    const checkoutId = await checkoutAt(new Date("2026-12-24T13:00:00Z"), [{ product: "margherita", amount: 1 }], b);
    const res = await validate(checkoutId, b);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([OFFLINE]);
  });

  test("is 422 Payment.RestaurantOffline when the chosen time is on a closed day or outside the hours", async () => {
    clock.set("2026-12-23T12:00:00Z"); // B is open: 13:00 on a Wednesday
    const b = await withFreshToken(t, B());
    for (const time of ["2026-12-24T13:00:00Z", "2026-12-23T21:30:00Z"]) {
      const checkoutId = await checkoutAt(new Date(time), [{ product: "margherita", amount: 1 }], b);
      expect((await validate(checkoutId, b)).json().errors, time).toEqual([OFFLINE]);
    }
  });

  test("is 422 DeliveryMethod.TimePicker without a time or once the time has passed", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 1 }]);
    expect((await validate(checkoutId)).json().errors[0]).toMatchObject({
      code: "DeliveryMethod.TimePicker",
      field: "orderReadyTime",
    });
    const passed = await checkoutAt(new Date("2026-11-23T09:45:00Z"));
    const res = await validate(passed);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ code: "DeliveryMethod.TimePicker", field: "orderReadyTime" });
  });

  test("is 409 SLOT_FULL, as finalize answers it, when the slot has no room left", async () => {
    await useCapacity(t, A(), SLOT.toISOString(), 30);
    const checkoutId = await checkoutAt(SLOT);
    const res = await validate(checkoutId);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      {
        code: "SLOT_FULL",
        message: "The kitchen has no capacity left for the chosen pickup time. Please choose another time",
      },
    ]);
    await setAppSetting(t, A().module.id, "enforceCapacity", false);
    const unenforced = await validate(checkoutId);
    await setAppSetting(t, A().module.id, "enforceCapacity", true);
    expect(unenforced.json()).toEqual({ valid: true });
  });

  test("counts only what the kitchen makes against the slot", async () => {
    await useCapacity(t, A(), SLOT.toISOString(), 29);
    const lines = [
      { product: "salat", amount: 1 },
      { product: "giftcard-250", amount: 1 },
      { product: "bagfee", amount: 1 },
    ];
    expect((await validate(await checkoutAt(SLOT, lines))).json()).toEqual({ valid: true });
  });

  describe("for delivery", () => {
    const DELIVERY_SLOT = new Date("2026-11-23T12:30:00Z");

    test("answers { valid: true } for an offered delivery slot", async () => {
      expect((await validate(await deliveryAt(DELIVERY_SLOT))).json()).toEqual({ valid: true });
    });

    test("is 422 Payment.RestaurantOffline outside the delivery hours, though the restaurant is open", async () => {
      const res = await validate(await deliveryAt(new Date("2026-11-23T20:30:00Z"))); // 21:30 local
      expect(res.json().errors).toEqual([OFFLINE]);
    });

    test("is 422 DeliveryMethod.TimePicker for a pickup slot that is no delivery slot", async () => {
      const res = await validate(await deliveryAt(new Date("2026-11-23T12:15:00Z")));
      expect(res.json().errors[0]).toMatchObject({ code: "DeliveryMethod.TimePicker" });
    });

    test("is 409 SLOT_FULL when the delivery slot has no room left", async () => {
      await useCapacity(t, A(), DELIVERY_SLOT.toISOString(), 30);
      const res = await validate(await deliveryAt(DELIVERY_SLOT));
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0].code).toBe("SLOT_FULL");
    });
  });

  test("is 409 CHECKOUT_NOT_OPEN once finished, 404 for another restaurant's checkout or unit", async () => {
    const checkoutId = await checkoutAt(SLOT);
    expect((await validate(checkoutId, B())).statusCode).toBe(404);
    expect((await validate(checkoutId, A(), { productionUnitId: B().module.productionUnitId })).statusCode).toBe(404);
    await setCheckoutState(t, checkoutId, CheckoutState.DONE);
    const res = await validate(checkoutId);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("CHECKOUT_NOT_OPEN");
  });
});
