import { describe, expect, test } from "vitest";
import {
  checkoutWithBasket,
  createCheckout,
  productId,
  setAppSetting,
  useCapacity,
  withFreshToken,
} from "../../testing/checkout-fixtures";
import { type DemoRestaurant, useTestApp } from "../../testing/test-app";

const { t, clock } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen

const A = () => t.restaurantA;
const B = () => t.restaurantB;
type Slot = { time: string; isAvailable: boolean };

async function slots(restaurant: DemoRestaurant, checkoutId: string, body: Record<string, unknown>) {
  return t.request({
    method: "POST",
    url: `/api/availableordertime/${checkoutId}`,
    headers: restaurant.auth,
    payload: {
      productionUnitId: restaurant.module.productionUnitId,
      capacityInstanceId: restaurant.module.capacityInstanceId,
      ...body,
    },
  });
}

describe("POST /api/availableordertime/:id", () => {
  test("answers quarter-hour slots from now + preparation time to closing", async () => {
    const checkoutId = await createCheckout(t, B());
    const res = await slots(B(), checkoutId, { date: "2026-11-23", items: 1 });
    expect(res.statusCode).toBe(200);
    const body: Slot[] = res.json();
    // B opens 11:00–21:00 local (10:00–20:00 UTC); 25 minutes' preparation from 10:00 UTC.
    expect(body[0]).toEqual({ time: "2026-11-23T10:30:00.000Z", isAvailable: true });
    expect(body.at(-1)?.time).toBe("2026-11-23T19:45:00.000Z");
    expect(body).toHaveLength(38);
  });

  test("steps by the checkout instance's orderTimeInterval", async () => {
    const checkoutId = await createCheckout(t, A());
    const body: Slot[] = (await slots(A(), checkoutId, { date: "2026-11-24", items: 1 })).json();
    const gaps = body.slice(1).map((slot, i) => Date.parse(slot.time) - Date.parse(body[i]!.time));
    expect(new Set(gaps)).toEqual(new Set([15 * 60_000]));
    // A is open around the clock: tomorrow starts at local midnight.
    expect(body[0]!.time).toBe("2026-11-23T23:00:00.000Z");
    expect(body).toHaveLength(96);
  });

  test("leaves out slots before now + preparation time", async () => {
    clock.set("2026-11-23T10:11:00Z");
    const checkoutId = await createCheckout(t, A());
    const body: Slot[] = (await slots(A(), checkoutId, { date: "2026-11-23", items: 1 })).json();
    expect(body[0]!.time).toBe("2026-11-23T10:45:00.000Z");
  });

  test("answers no slots after closing time", async () => {
    clock.set("2026-11-23T19:50:00Z");
    const checkoutId = await createCheckout(t, B());
    expect((await slots(B(), checkoutId, { date: "2026-11-23", items: 1 })).json()).toEqual([]);
  });

  test("answers no slots on a closed date", async () => {
    clock.set("2026-12-24T08:00:00Z");
    const b = await withFreshToken(t, B());
    const checkoutId = await createCheckout(t, b);
    const res = await slots(b, checkoutId, { date: "2026-12-24", items: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  test("marks a slot unavailable when the basket no longer fits its capacity", async () => {
    await useCapacity(t, A(), "2026-11-23T13:00:00Z", 28);
    const checkoutId = await createCheckout(t, A());
    const find = async (items: number) =>
      ((await slots(A(), checkoutId, { date: "2026-11-23", items })).json() as Slot[]).find(
        (slot) => slot.time === "2026-11-23T13:00:00.000Z",
      );
    expect(await find(2)).toEqual({ time: "2026-11-23T13:00:00.000Z", isAvailable: true });
    expect(await find(3)).toEqual({ time: "2026-11-23T13:00:00.000Z", isAvailable: false });
  });

  test("offers every slot when the module's enforceCapacity is false", async () => {
    await useCapacity(t, A(), "2026-11-23T13:15:00Z", 30);
    await setAppSetting(t, A().module.id, "enforceCapacity", false);
    const checkoutId = await createCheckout(t, A());
    const body: Slot[] = (await slots(A(), checkoutId, { date: "2026-11-23", items: 5 })).json();
    await setAppSetting(t, A().module.id, "enforceCapacity", true);
    expect(body.every((slot) => slot.isAvailable)).toBe(true);
  });

  test("counts items given as lines", async () => {
    await useCapacity(t, A(), "2026-11-23T13:30:00Z", 27);
    const checkoutId = await createCheckout(t, A());
    const salat = await productId(t, A(), "salat");
    const items = [
      { productId: salat, amount: 2 },
      { productId: salat, amount: 2 },
    ];
    const body: Slot[] = (await slots(A(), checkoutId, { date: "2026-11-23", items })).json();
    expect(body.find((slot) => slot.time === "2026-11-23T13:30:00.000Z")?.isAvailable).toBe(false);
  });

  test("counts the linked basket when items are omitted", async () => {
    await useCapacity(t, A(), "2026-11-23T13:45:00Z", 27);
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 4 }]);
    const body: Slot[] = (await slots(A(), checkoutId, { date: "2026-11-23" })).json();
    expect(body.find((slot) => slot.time === "2026-11-23T13:45:00.000Z")?.isAvailable).toBe(false);
    expect(body.find((slot) => slot.time === "2026-11-23T14:00:00.000Z")?.isAvailable).toBe(true);
  });

  test("never counts fewer items than the linked basket holds: a basket too big for a slot sees it unavailable", async () => {
    // 31 salads: more than the kitchen's 30 items per slot, whatever the client says.
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 31 }]);
    const salat = await productId(t, A(), "salat");
    for (const items of [1, [{ productId: salat, amount: 1 }]]) {
      const body: Slot[] = (await slots(A(), checkoutId, { date: "2026-11-24", items })).json();
      expect(body.length, JSON.stringify(items)).toBe(96);
      expect(
        body.some((slot) => slot.isAvailable),
        JSON.stringify(items),
      ).toBe(false);
    }
  });

  test("counts more items than the basket holds when the client asks for more", async () => {
    await useCapacity(t, A(), "2026-11-23T16:00:00Z", 27);
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 1 }]);
    const body: Slot[] = (await slots(A(), checkoutId, { date: "2026-11-23", items: 4 })).json();
    expect(body.find((slot) => slot.time === "2026-11-23T16:00:00.000Z")?.isAvailable).toBe(false);
    expect(body.find((slot) => slot.time === "2026-11-23T16:15:00.000Z")?.isAvailable).toBe(true);
  });

  test("leaves gift-card products and the bag fee out of lines given as items", async () => {
    await useCapacity(t, A(), "2026-11-23T15:30:00Z", 27);
    const checkoutId = await createCheckout(t, A());
    const [salat, giftcard, bag] = [
      await productId(t, A(), "salat"),
      await productId(t, A(), "giftcard-500"),
      await productId(t, A(), "bagfee"),
    ];
    const items = [
      { productId: salat, amount: 3 },
      { productId: giftcard, amount: 2 },
      { productId: bag, amount: 1 },
    ];
    const body: Slot[] = (await slots(A(), checkoutId, { date: "2026-11-23", items })).json();
    expect(body.find((slot) => slot.time === "2026-11-23T15:30:00.000Z")?.isAvailable).toBe(true);
  });

  test("leaves gift-card products and the bag fee of the linked basket out", async () => {
    await useCapacity(t, A(), "2026-11-23T15:45:00Z", 27);
    const { checkoutId } = await checkoutWithBasket(t, A(), [
      { product: "salat", amount: 3 },
      { product: "giftcard-250", amount: 1 },
      { product: "bagfee", amount: 1 },
    ]);
    const body: Slot[] = (await slots(A(), checkoutId, { date: "2026-11-23" })).json();
    expect(body.find((slot) => slot.time === "2026-11-23T15:45:00.000Z")?.isAvailable).toBe(true);
  });

  test("never offers a full slot, also for an empty basket", async () => {
    await useCapacity(t, A(), "2026-11-23T14:15:00Z", 30);
    const checkoutId = await createCheckout(t, A());
    const body: Slot[] = (await slots(A(), checkoutId, { date: "2026-11-23", items: 0 })).json();
    expect(body.find((slot) => slot.time === "2026-11-23T14:15:00.000Z")?.isAvailable).toBe(false);
  });

  test("answers future dates up to guestFutureOrderDates", async () => {
    const checkoutId = await createCheckout(t, A());
    const res = await slots(A(), checkoutId, { date: "2026-11-25", items: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(96);
  });

  test("is 422 DATE_NOT_ALLOWED beyond guestFutureOrderDates", async () => {
    const a = await slots(A(), await createCheckout(t, A()), { date: "2026-11-26", items: 1 });
    expect(a.statusCode).toBe(422);
    expect(a.json().errors[0]).toMatchObject({ code: "DATE_NOT_ALLOWED", field: "date" });
    const b = await slots(B(), await createCheckout(t, B()), { date: "2026-11-24", items: 1 });
    expect(b.json().errors[0].message).toBe("Orders can only be placed for today");
  });

  test("is 422 DATE_NOT_ALLOWED for a past date", async () => {
    const res = await slots(A(), await createCheckout(t, A()), { date: "2026-11-22", items: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ code: "DATE_NOT_ALLOWED", message: "The date is in the past" });
  });

  test("uses the restaurant's local date, not UTC's", async () => {
    clock.set("2026-11-23T23:30:00Z"); // 00:30 on Tuesday in Copenhagen
    const a = await withFreshToken(t, A());
    const checkoutId = await createCheckout(t, a);
    expect((await slots(a, checkoutId, { date: "2026-11-23", items: 1 })).statusCode).toBe(422);
    expect((await slots(a, checkoutId, { date: "2026-11-26", items: 1 })).statusCode).toBe(200);
  });

  test("is 404 for another restaurant's checkout, production unit or capacity instance", async () => {
    const own = await createCheckout(t, A());
    const other = await createCheckout(t, B());
    expect((await slots(A(), other, { date: "2026-11-23" })).statusCode).toBe(404);
    const unit = await slots(A(), own, { date: "2026-11-23", productionUnitId: B().module.productionUnitId });
    expect(unit.statusCode).toBe(404);
    const capacity = await slots(A(), own, { date: "2026-11-23", capacityInstanceId: B().module.capacityInstanceId });
    expect(capacity.statusCode).toBe(404);
  });

  test("is 400 for a malformed body", async () => {
    const checkoutId = await createCheckout(t, A());
    for (const body of [
      { date: "23-11-2026" },
      { date: "2026-11-23", items: -1 },
      { date: "2026-11-23", items: [{ productId: 1, amount: 0 }] },
    ]) {
      const res = await slots(A(), checkoutId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].code).toBe("Input.Invalid");
    }
  });

  test("ignores an unknown field (was 400 before decision 007)", async () => {
    const checkoutId = await createCheckout(t, A());
    expect((await slots(A(), checkoutId, { date: "2026-11-23", extra: true })).statusCode).toBe(200);
  });

  test("is 400 Input.Invalid for a date that does not exist, like any malformed input", async () => {
    const checkoutId = await createCheckout(t, A());
    for (const date of ["2026-11-31", "2026-02-29"]) {
      const res = await slots(A(), checkoutId, { date });
      expect(res.statusCode, date).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        code: "Input.Invalid",
        message: expect.stringContaining("Expected a date that exists in the calendar"),
      });
    }
  });

  test("is 401 without a token", async () => {
    const checkoutId = await createCheckout(t, A());
    const res = await t.request({
      method: "POST",
      url: `/api/availableordertime/${checkoutId}`,
      payload: { productionUnitId: 1, capacityInstanceId: 1, date: "2026-11-23" },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /api/availableordertime/:capacityInstanceId/:date", () => {
  const url = (restaurant: DemoRestaurant, date: string) =>
    `/api/availableordertime/${restaurant.module.capacityInstanceId}/${date}`;

  test("answers the day's slots for an empty basket", async () => {
    const res = await t.request({ method: "GET", url: url(B(), "2026-11-23"), headers: B().auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toEqual({ time: "2026-11-23T10:30:00.000Z", isAvailable: true });
  });

  test("shows a full slot as unavailable", async () => {
    await useCapacity(t, B(), "2026-11-23T11:00:00Z", 12);
    const body: Slot[] = (await t.request({ method: "GET", url: url(B(), "2026-11-23"), headers: B().auth })).json();
    expect(body.find((slot) => slot.time === "2026-11-23T11:00:00.000Z")?.isAvailable).toBe(false);
  });

  test("is 422 beyond the allowed dates", async () => {
    const res = await t.request({ method: "GET", url: url(B(), "2026-11-24"), headers: B().auth });
    expect(res.statusCode).toBe(422);
  });

  test("is 400 Input.Invalid for a date that does not exist", async () => {
    const res = await t.request({ method: "GET", url: url(A(), "2026-02-30"), headers: A().auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe("Input.Invalid");
  });

  test("is 404 for another restaurant's capacity instance, 400 malformed, 401 without token", async () => {
    expect((await t.request({ method: "GET", url: url(A(), "2026-11-23"), headers: B().auth })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: url(A(), "tomorrow"), headers: A().auth })).statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: url(A(), "2026-11-23") })).statusCode).toBe(401);
  });
});
