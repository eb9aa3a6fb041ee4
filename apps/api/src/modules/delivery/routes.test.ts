import { CheckoutState, DeliveryStage } from "@app/domain";
import { describe, expect, test } from "vitest";
import {
  checkoutWithBasket,
  createCheckout,
  setCheckoutState,
  useCapacity,
  withFreshToken,
} from "../../testing/checkout-fixtures";
import { type DemoRestaurant, useTestApp } from "../../testing/test-app";

const { t, clock } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen

// Restaurant A delivers 11:00–21:00 local (10:00–20:00 UTC) every 30 minutes with 45 minutes'
// preparation, to 2200 (39 kr), 2100 and 2000 (49 kr). Restaurant B does not deliver.
const A = () => t.restaurantA;
const B = () => t.restaurantB;
type Slot = { time: string; isAvailable: boolean };

function setAddress(checkoutId: string, query: string, restaurant: DemoRestaurant = A()) {
  return t.request({
    method: "POST",
    url: `/api/checkout/${checkoutId}/delivery/address?moduleId=${restaurant.module.id}&${query}`,
    headers: restaurant.auth,
  });
}

async function deliveryCheckout(restaurant: DemoRestaurant = A()) {
  const { checkoutId } = await checkoutWithBasket(t, restaurant, [{ product: "smorrebrod", amount: 2 }]);
  const res = await setAddress(checkoutId, "address=N%C3%B8rrebrogade%201&zipcode=2200", restaurant);
  if (res.statusCode !== 200) throw new Error(`address: ${res.statusCode} ${res.body}`);
  return checkoutId;
}

const post = (url: string, payload: object, restaurant: DemoRestaurant = A()) =>
  t.request({ method: "POST", url, headers: restaurant.auth, payload });
const get = (url: string, restaurant: DemoRestaurant = A()) =>
  t.request({ method: "GET", url, headers: restaurant.auth });

describe("POST /api/checkout/:id/delivery/address", () => {
  test("sets address, zip code and the zone's fee", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    const res = await setAddress(checkoutId, "address=N%C3%B8rrebrogade%201&zipcode=2200");
    expect(res.statusCode).toBe(200);
    expect(res.json().delivery).toEqual({
      deliveryFee: 39,
      fee: 39,
      zipCode: "2200",
      address: "Nørrebrogade 1",
      date: null,
      deliveryTime: null,
      stage: DeliveryStage.ADDRESS_CHOSEN,
    });
    expect(res.json().totals).toMatchObject({ basketTotal: 158, deliveryFee: 39, total: 197 });
  });

  test("clears a chosen pickup time", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 1 }]);
    await post(`/api/checkout/${checkoutId}/guestInformation`, {
      name: "Anna",
      phone: "12345678",
      email: "anna@example.dk",
      orderReadyTime: "2026-11-23T12:00:00Z",
    });
    const res = await setAddress(checkoutId, "address=Vej%201&zipcode=2100");
    expect(res.json().orderReadyTime).toBeNull();
    expect(res.json().delivery.fee).toBe(49);
  });

  test("reports a missing address and zip code together", async () => {
    const checkoutId = await createCheckout(t, A());
    const res = await setAddress(checkoutId, "address=%20");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { code: "MISSING_ADDRESS", message: "Please enter your address", field: "address" },
      { code: "INVALID_ZIPCODE", message: "Please enter your zipcode", field: "zipcode" },
    ]);
  });

  test("refuses a zip code that is not 4 digits", async () => {
    const checkoutId = await createCheckout(t, A());
    const res = await setAddress(checkoutId, "address=Vej%201&zipcode=22000");
    expect(res.json().errors).toEqual([
      { code: "INVALID_ZIPCODE", message: "Please enter your zipcode", field: "zipcode" },
    ]);
  });

  test("refuses a zip code outside the delivery zones", async () => {
    const checkoutId = await createCheckout(t, A());
    const res = await setAddress(checkoutId, "address=Vej%201&zipcode=8000");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { code: "DELIVERY_NOT_POSSIBLE", message: "Unfortunately, we cannot deliver to this address", field: "zipcode" },
    ]);
  });

  test("is 422 DELIVERY_DISABLED when the module does not deliver", async () => {
    const checkoutId = await createCheckout(t, B());
    const res = await setAddress(checkoutId, "address=Vej%201&zipcode=8000", B());
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("DELIVERY_DISABLED");
  });

  test("is 404 for another module or another restaurant's checkout", async () => {
    const checkoutId = await createCheckout(t, A());
    const wrongModule = await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/delivery/address?moduleId=${B().module.id}&address=Vej&zipcode=2200`,
      headers: A().auth,
    });
    expect(wrongModule.statusCode).toBe(404);
    expect((await setAddress(checkoutId, "address=Vej&zipcode=2200", { ...B(), module: A().module })).statusCode).toBe(
      404,
    );
  });

  test("is 409 on a checkout that is not open, 400 without moduleId, 401 without token", async () => {
    const checkoutId = await createCheckout(t, A());
    await setCheckoutState(t, checkoutId, CheckoutState.FINALIZING);
    expect((await setAddress(checkoutId, "address=Vej&zipcode=2200")).statusCode).toBe(409);
    const noModule = await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/delivery/address?address=Vej`,
      headers: A().auth,
    });
    expect(noModule.statusCode).toBe(400);
    const anonymous = await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/delivery/address?moduleId=${A().module.id}&address=Vej&zipcode=2200`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("GET /api/checkout/:id/delivery/dates", () => {
  test("answers today and the allowed future dates with their delivery hours", async () => {
    const checkoutId = await deliveryCheckout();
    const res = await get(`/api/checkout/${checkoutId}/delivery/dates`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { date: "2026-11-23", opens: "11:00", closes: "21:00" },
      { date: "2026-11-24", opens: "11:00", closes: "21:00" },
      { date: "2026-11-25", opens: "11:00", closes: "21:00" },
    ]);
  });

  test("leaves out today once no delivery slot is left", async () => {
    clock.set("2026-11-23T19:00:00Z"); // 20:00 local: 20:45 is past the last slot 20:30
    const a = await withFreshToken(t, A());
    const checkoutId = await deliveryCheckout(a);
    const dates = (await get(`/api/checkout/${checkoutId}/delivery/dates`, a)).json();
    expect(dates.map((d: { date: string }) => d.date)).toEqual(["2026-11-24", "2026-11-25"]);
  });

  test("is 422 DELIVERY_DISABLED for a module without delivery and 404 for another restaurant", async () => {
    const other = await createCheckout(t, B());
    expect((await get(`/api/checkout/${other}/delivery/dates`, B())).json().errors[0].code).toBe("DELIVERY_DISABLED");
    expect((await get(`/api/checkout/${other}/delivery/dates`)).statusCode).toBe(404);
  });
});

describe("POST /api/checkout/:id/delivery/date", () => {
  test("chooses the date (stage DATE_CHOSEN)", async () => {
    const checkoutId = await deliveryCheckout();
    const res = await post(`/api/checkout/${checkoutId}/delivery/date`, { date: "2026-11-24" });
    expect(res.statusCode).toBe(200);
    expect(res.json().delivery).toMatchObject({ date: "2026-11-24", stage: DeliveryStage.DATE_CHOSEN });
  });

  test("clears a chosen delivery time", async () => {
    const checkoutId = await deliveryCheckout();
    await post(`/api/checkout/${checkoutId}/delivery/time`, { deliveryTime: "2026-11-23T12:00:00Z" });
    const res = await post(`/api/checkout/${checkoutId}/delivery/date`, { date: "2026-11-24" });
    expect(res.json().orderReadyTime).toBeNull();
  });

  test("is 422 DATE_NOT_ALLOWED beyond the allowed dates", async () => {
    const checkoutId = await deliveryCheckout();
    const res = await post(`/api/checkout/${checkoutId}/delivery/date`, { date: "2026-11-26" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("DATE_NOT_ALLOWED");
  });

  test("is 422 MISSING_ADDRESS before an address is set", async () => {
    const checkoutId = await createCheckout(t, A());
    const res = await post(`/api/checkout/${checkoutId}/delivery/date`, { date: "2026-11-24" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("MISSING_ADDRESS");
  });

  test("is 400 for a malformed date", async () => {
    const checkoutId = await deliveryCheckout();
    expect((await post(`/api/checkout/${checkoutId}/delivery/date`, { date: "24/11" })).statusCode).toBe(400);
  });

  test("is 400 Input.Invalid for a date that does not exist", async () => {
    const checkoutId = await deliveryCheckout();
    const res = await post(`/api/checkout/${checkoutId}/delivery/date`, { date: "2026-11-31" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: "Input.Invalid", field: "body.date" });
  });
});

describe("GET /api/checkout/:id/delivery/times", () => {
  test("answers today's slots from now + the delivery preparation time", async () => {
    const checkoutId = await deliveryCheckout();
    const body: Slot[] = (await get(`/api/checkout/${checkoutId}/delivery/times`)).json();
    expect(body[0]).toEqual({ time: "2026-11-23T11:00:00.000Z", isAvailable: true });
    expect(body.at(-1)?.time).toBe("2026-11-23T19:30:00.000Z");
  });

  test("answers the chosen date's slots every 30 minutes within delivery hours", async () => {
    const checkoutId = await deliveryCheckout();
    await post(`/api/checkout/${checkoutId}/delivery/date`, { date: "2026-11-24" });
    const body: Slot[] = (await get(`/api/checkout/${checkoutId}/delivery/times`)).json();
    expect(body[0]!.time).toBe("2026-11-24T10:00:00.000Z");
    expect(body).toHaveLength(20);
  });

  test("marks a slot without room for the basket unavailable", async () => {
    await useCapacity(t, A(), "2026-11-23T15:00:00Z", 29);
    const checkoutId = await deliveryCheckout();
    const body: Slot[] = (await get(`/api/checkout/${checkoutId}/delivery/times`)).json();
    expect(body.find((slot) => slot.time === "2026-11-23T15:00:00.000Z")?.isAvailable).toBe(false);
  });
});

describe("kitchen capacity of delivery slots", () => {
  test("counts only what the kitchen makes: gift cards and the bag fee take no room", async () => {
    await useCapacity(t, A(), "2026-11-23T17:00:00Z", 28);
    const { checkoutId } = await checkoutWithBasket(t, A(), [
      { product: "smorrebrod", amount: 2 },
      { product: "giftcard-250", amount: 1 },
      { product: "bagfee", amount: 1 },
    ]);
    await setAddress(checkoutId, "address=Vej%201&zipcode=2200");
    const body: Slot[] = (await get(`/api/checkout/${checkoutId}/delivery/times`)).json();
    expect(body.find((slot) => slot.time === "2026-11-23T17:00:00.000Z")?.isAvailable).toBe(true);
    const res = await post(`/api/checkout/${checkoutId}/delivery/time`, { deliveryTime: "2026-11-23T17:00:00Z" });
    expect(res.statusCode).toBe(200);
  });
});

describe("POST /api/checkout/:id/delivery/time", () => {
  test("sets the delivery time as orderReadyTime (stage FINAL)", async () => {
    const checkoutId = await deliveryCheckout();
    const res = await post(`/api/checkout/${checkoutId}/delivery/time`, { deliveryTime: "2026-11-23T12:30:00.000Z" });
    expect(res.statusCode).toBe(200);
    expect(res.json().orderReadyTime).toBe("2026-11-23T12:30:00.000Z");
    expect(res.json().delivery).toMatchObject({
      deliveryTime: "2026-11-23T12:30:00.000Z",
      date: "2026-11-23",
      stage: DeliveryStage.FINAL,
    });
  });

  test("refuses a time that is not a delivery slot", async () => {
    const checkoutId = await deliveryCheckout();
    // 10:30 UTC is a pickup slot, but inside the 45 minutes delivery needs.
    const res = await post(`/api/checkout/${checkoutId}/delivery/time`, { deliveryTime: "2026-11-23T10:30:00Z" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ code: "DeliveryMethod.TimePicker", field: "deliveryTime" });
  });

  test("refuses a full slot with 409 SLOT_FULL, as finalize does", async () => {
    await useCapacity(t, A(), "2026-11-23T16:00:00Z", 30);
    const checkoutId = await deliveryCheckout();
    const res = await post(`/api/checkout/${checkoutId}/delivery/time`, { deliveryTime: "2026-11-23T16:00:00Z" });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("SLOT_FULL");
  });

  test("is 422 MISSING_ADDRESS on a pickup checkout and 400 for a malformed time", async () => {
    const checkoutId = await createCheckout(t, A());
    const pickup = await post(`/api/checkout/${checkoutId}/delivery/time`, { deliveryTime: "2026-11-23T12:30:00Z" });
    expect(pickup.json().errors[0].code).toBe("MISSING_ADDRESS");
    expect((await post(`/api/checkout/${checkoutId}/delivery/time`, { deliveryTime: "12:30" })).statusCode).toBe(400);
  });

  test("guest information takes a delivery slot on a delivery checkout", async () => {
    const checkoutId = await deliveryCheckout();
    const guest = { name: "Anna", phone: "12345678", email: "anna@example.dk" };
    const pickupOnly = await post(`/api/checkout/${checkoutId}/guestInformation`, {
      ...guest,
      orderReadyTime: "2026-11-23T11:15:00Z",
    });
    expect(pickupOnly.json().errors[0].code).toBe("DeliveryMethod.TimePicker");
    const res = await post(`/api/checkout/${checkoutId}/guestInformation`, {
      ...guest,
      orderReadyTime: "2026-11-23T11:30:00Z",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().delivery.stage).toBe(DeliveryStage.FINAL);
  });
});

describe("DELETE /api/checkout/:id/delivery", () => {
  test("goes back to pickup without fee or time", async () => {
    const checkoutId = await deliveryCheckout();
    await post(`/api/checkout/${checkoutId}/delivery/time`, { deliveryTime: "2026-11-23T12:30:00Z" });
    const res = await t.request({ method: "DELETE", url: `/api/checkout/${checkoutId}/delivery`, headers: A().auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ delivery: null, orderReadyTime: null });
    expect(res.json().totals).toMatchObject({ deliveryFee: 0, total: 158 });
  });

  test("is 409 on a checkout that is not open and 404 for another restaurant", async () => {
    const checkoutId = await deliveryCheckout();
    expect(
      (await t.request({ method: "DELETE", url: `/api/checkout/${checkoutId}/delivery`, headers: B().auth }))
        .statusCode,
    ).toBe(404);
    await setCheckoutState(t, checkoutId, CheckoutState.DONE);
    const res = await t.request({ method: "DELETE", url: `/api/checkout/${checkoutId}/delivery`, headers: A().auth });
    expect(res.statusCode).toBe(409);
  });
});
