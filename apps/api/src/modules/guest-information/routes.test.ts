import { CheckoutState } from "@app/domain";
import { describe, expect, test } from "vitest";
import {
  checkoutWithBasket,
  createCheckout,
  setAppSetting,
  setCheckoutState,
  useCapacity,
} from "../../testing/checkout-fixtures";
import { useTestApp } from "../../testing/test-app";

const { t } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen

const A = () => t.restaurantA;
const B = () => t.restaurantB;

describe("POST /api/checkout/:id/guestInformation", () => {
  const valid = {
    name: "Anna <Hansen>",
    phone: "12345678",
    email: "anna@example.dk",
    orderComment: 'Extra "napkins" & forks',
    amountOfGuests: 2,
    amountOfKids: 1,
  };
  const save = (checkoutId: string, payload: unknown, restaurant = A()) =>
    t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/guestInformation`,
      headers: restaurant.auth,
      payload: payload as object,
    });

  test("stores the details with name and comment sanitized", async () => {
    const checkoutId = await createCheckout(t, A());
    const res = await save(checkoutId, valid);
    expect(res.statusCode).toBe(200);
    expect(res.json().guestInformation).toEqual({
      name: "Anna Hansen",
      phone: "12345678",
      email: "anna@example.dk",
      orderComment: "Extra napkins &amp; forks",
      amountOfGuests: 2,
      amountOfKids: 1,
    });
  });

  test.each([
    ["+45 12 34 56 78", "12345678"],
    ["0045 12345678", "12345678"],
    ["12-34-56-78", "12345678"],
    ["12345678", "12345678"],
    ["+46 70 123 45 67", "46701234567"],
  ])("stores the phone %j as the digits %j", async (phone, stored) => {
    const checkoutId = await createCheckout(t, A());
    const res = await save(checkoutId, { ...valid, phone });
    expect(res.statusCode).toBe(200);
    expect(res.json().guestInformation.phone).toBe(stored);
    const read = await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: A().auth });
    expect(read.json().guestInformation.phone).toBe(stored);
  });

  test("still refuses a phone that is not a number once separators are dropped", async () => {
    const checkoutId = await createCheckout(t, A());
    const res = await save(checkoutId, { ...valid, phone: "+45 12 34 56 7a" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { code: "Input.InvalidPhone", message: "Invalid content. The field may only contain numbers", field: "phone" },
    ]);
  });

  test("stores a pickup slot as orderReadyTime", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 1 }]);
    const res = await save(checkoutId, { ...valid, orderReadyTime: "2026-11-23T11:00:00.000Z" });
    expect(res.statusCode).toBe(200);
    expect(res.json().orderReadyTime).toBe("2026-11-23T11:00:00.000Z");
  });

  test("keeps the stored time when orderReadyTime is omitted and clears it on null", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 1 }]);
    await save(checkoutId, { ...valid, orderReadyTime: "2026-11-23T11:00:00Z" });
    expect((await save(checkoutId, valid)).json().orderReadyTime).toBe("2026-11-23T11:00:00.000Z");
    expect((await save(checkoutId, { ...valid, orderReadyTime: null })).json().orderReadyTime).toBeNull();
  });

  test("answers every field error at once and stores nothing", async () => {
    const checkoutId = await createCheckout(t, A());
    const res = await save(checkoutId, {
      name: "  ",
      phone: "12 34",
      email: "not-an-email",
      orderComment: "x".repeat(126),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      {
        code: "MissingFields.Name",
        message: "Please check that you have entered all required information: name",
        field: "name",
      },
      { code: "Input.InvalidPhone", message: "Invalid content. The field may only contain numbers", field: "phone" },
      { code: "Input.Invalid", message: "Your input is invalid", field: "email" },
      {
        code: "Input.Invalid",
        message: "Your input is invalid: the order comment can be at most 125 characters",
        field: "orderComment",
      },
    ]);
    const stored = await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: A().auth });
    expect(stored.json().guestInformation.phone).toBeNull();
  });

  test.each(["<script>alert(1)</script>@x.dk", "a\r\nBcc: victim@evil.com", "Evil <victim@evil.com>"])(
    "refuses %j as an email with 422 Input.Invalid and stores nothing",
    async (email) => {
      const checkoutId = await createCheckout(t, A());
      const res = await save(checkoutId, { ...valid, email });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([{ code: "Input.Invalid", message: "Your input is invalid", field: "email" }]);
      const stored = await t.request({ method: "GET", url: `/api/checkout/${checkoutId}`, headers: A().auth });
      expect(stored.json().guestInformation.email).toBeNull();
    },
  );

  test("sanitizes before validating: a name that sanitizes to nothing is MissingFields.Name", async () => {
    const checkoutId = await createCheckout(t, A());
    const res = await save(checkoutId, { ...valid, name: ' <"> ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      {
        code: "MissingFields.Name",
        message: "Please check that you have entered all required information: name",
        field: "name",
      },
    ]);
  });

  test("judges the comment's length after sanitizing: 125 characters with & and quotes are fine", async () => {
    const checkoutId = await createCheckout(t, A());
    const orderComment = `"${"x".repeat(123)}&y"`;
    const res = await save(checkoutId, { ...valid, orderComment });
    expect(res.statusCode).toBe(200);
    expect(res.json().guestInformation.orderComment).toBe(`${"x".repeat(123)}&amp;y`);
  });

  test("reports missing phone and email as MissingFields", async () => {
    const checkoutId = await createCheckout(t, A());
    const res = await save(checkoutId, { name: "Anna" });
    expect(res.json().errors.map((e: { code: string }) => e.code)).toEqual([
      "MissingFields.Phone",
      "MissingFields.Email",
    ]);
  });

  test("follows the module's requiredGuestInformation", async () => {
    await setAppSetting(t, B().module.id, "requiredGuestInformation", { name: true, phone: false, email: false });
    const checkoutId = await createCheckout(t, B());
    const res = await save(checkoutId, { name: "Bo" }, B());
    await setAppSetting(t, B().module.id, "requiredGuestInformation", { name: true, phone: true, email: true });
    expect(res.statusCode).toBe(200);
  });

  test("refuses a time that is not a slot start with DeliveryMethod.TimePicker", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 1 }]);
    const res = await save(checkoutId, { ...valid, orderReadyTime: "2026-11-23T11:07:00Z" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { code: "DeliveryMethod.TimePicker", message: "Please choose a time", field: "orderReadyTime" },
    ]);
  });

  test("refuses a slot inside the preparation time", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 1 }]);
    const res = await save(checkoutId, { ...valid, orderReadyTime: "2026-11-23T10:15:00Z" });
    expect(res.json().errors[0].code).toBe("DeliveryMethod.TimePicker");
  });

  test("refuses a slot beyond the allowed future dates", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 1 }]);
    const res = await save(checkoutId, { ...valid, orderReadyTime: "2026-11-26T11:00:00Z" });
    expect(res.json().errors[0].code).toBe("DeliveryMethod.TimePicker");
  });

  test("refuses a full slot with 409 SLOT_FULL, as finalize does", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "salat", amount: 2 }]);
    await useCapacity(t, A(), "2026-11-23T12:00:00Z", 29);
    const res = await save(checkoutId, { ...valid, orderReadyTime: "2026-11-23T12:00:00Z" });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      {
        code: "SLOT_FULL",
        message: "The kitchen has no capacity left for the chosen pickup time. Please choose another time",
      },
    ]);
  });

  test("counts only what the kitchen makes against the slot: gift cards and the bag fee take no room", async () => {
    const { checkoutId } = await checkoutWithBasket(t, A(), [
      { product: "salat", amount: 1 },
      { product: "giftcard-500", amount: 1 },
      { product: "bagfee", amount: 1 },
    ]);
    await useCapacity(t, A(), "2026-11-23T12:15:00Z", 29);
    const res = await save(checkoutId, { ...valid, orderReadyTime: "2026-11-23T12:15:00Z" });
    expect(res.statusCode).toBe(200);
  });

  test("is 400 for absurd guest counts, a time with an offset and NUL characters", async () => {
    const checkoutId = await createCheckout(t, A());
    expect((await save(checkoutId, { ...valid, amountOfGuests: 100 })).statusCode).toBe(400);
    expect((await save(checkoutId, { ...valid, amountOfKids: 1.5 })).statusCode).toBe(400);
    expect((await save(checkoutId, { ...valid, orderReadyTime: "2026-11-23T12:00:00+01:00" })).statusCode).toBe(400);
    expect((await save(checkoutId, { ...valid, name: "Anna\u0000" })).statusCode).toBe(400);
  });

  test("keeps a comment with a backslash followed by u0000 as typed: it is text, not a NUL character", async () => {
    const checkoutId = await createCheckout(t, A());
    const orderComment = "Ring 4\\u0000 ved døren \\ \\\\u0000";
    const res = await save(checkoutId, { ...valid, orderComment });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().guestInformation.orderComment).toBe(orderComment);
  });

  test("ignores unknown fields (was 400 before decision 007)", async () => {
    const checkoutId = await createCheckout(t, A());
    expect((await save(checkoutId, { ...valid, extra: 1 })).statusCode).toBe(200);
  });

  test("is 409 CHECKOUT_NOT_OPEN once the checkout is done", async () => {
    const checkoutId = await createCheckout(t, A());
    await setCheckoutState(t, checkoutId, CheckoutState.DONE);
    const res = await save(checkoutId, valid);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("CHECKOUT_NOT_OPEN");
  });

  test("is 404 for another restaurant's checkout and 401 without a token", async () => {
    const checkoutId = await createCheckout(t, A());
    expect((await save(checkoutId, valid, B())).statusCode).toBe(404);
    const res = await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/guestInformation`,
      payload: valid,
    });
    expect(res.statusCode).toBe(401);
  });
});
