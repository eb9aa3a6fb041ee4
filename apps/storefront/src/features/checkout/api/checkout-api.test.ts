import { describe, expect, test } from "vitest";
import { type ApiClient, ApiError, createApiClient } from "../../../lib/api-client";
import { addDiscount } from "./add-discount";
import { addGiftcard } from "./add-giftcard";
import { addPayment } from "./add-payment";
import { cancelPayment } from "./cancel-payment";
import { createCheckout } from "./create-checkout";
import { finalizeCheckout } from "./finalize-checkout";
import { getAvailableOrderTimes } from "./get-available-order-times";
import { getCheckout } from "./get-checkout";
import { getDeliveryDates } from "./get-delivery-dates";
import { getDeliveryTimes } from "./get-delivery-times";
import { getGiftcardAmount } from "./get-giftcard-amount";
import { getInstanceSettings } from "./get-instance-settings";
import { getOrder } from "./get-order";
import { getPayment } from "./get-payment";
import { linkBasket } from "./link-basket";
import { removeDelivery } from "./remove-delivery";
import { removeDiscount } from "./remove-discount";
import { removeGiftcard } from "./remove-giftcard";
import { saveGuestInformation } from "./save-guest-information";
import { setDeliveryAddress } from "./set-delivery-address";
import { setDeliveryDate } from "./set-delivery-date";
import { setDeliveryTime } from "./set-delivery-time";
import { validateDiscount } from "./validate-discount";
import { validateOrder } from "./validate-order";

type Sent = { method: string; url: string; body: unknown };

/** A client whose fetch records each request and answers `answer` (200 JSON unless told). */
function recordingClient(answer: { status: number; body: unknown } = { status: 200, body: { ok: true } }) {
  const sent: Sent[] = [];
  const client = createApiClient({
    baseUrl: "/api",
    getToken: () => "token-1",
    fetch: async (input, init) => {
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      sent.push({ method: init?.method ?? "GET", url: String(input).replace(/^\/api/, ""), body });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "content-type": "application/json" },
      });
    },
  });
  return { client, sent };
}

const CHECKOUT = "c0ffee00-0000-4000-8000-000000000001";
const BASKET = "ba5ce700-0000-4000-8000-000000000002";

const calls: [string, (client: ApiClient) => Promise<unknown>, Sent][] = [
  ["get checkout", (c) => getCheckout(CHECKOUT, c), { method: "GET", url: `/checkout/${CHECKOUT}`, body: undefined }],
  [
    "create checkout",
    (c) => createCheckout({ instanceId: 5, moduleId: 7 }, c),
    { method: "POST", url: "/checkout?instanceId=5&moduleId=7", body: undefined },
  ],
  [
    "link basket",
    (c) => linkBasket(CHECKOUT, BASKET, c),
    { method: "POST", url: `/checkout/${CHECKOUT}/basket?basketId=${BASKET}`, body: undefined },
  ],
  [
    "instance settings",
    (c) => getInstanceSettings(5, c),
    { method: "GET", url: "/instancesetting/5", body: undefined },
  ],
  [
    "available order times",
    (c) =>
      getAvailableOrderTimes(
        CHECKOUT,
        { productionUnitId: 41, date: "2026-05-01", capacityInstanceId: 3, items: [{ productId: 1, amount: 2 }] },
        c,
      ),
    {
      method: "POST",
      url: `/availableordertime/${CHECKOUT}`,
      body: { productionUnitId: 41, date: "2026-05-01", capacityInstanceId: 3, items: [{ productId: 1, amount: 2 }] },
    },
  ],
  [
    "add discount",
    (c) => addDiscount(CHECKOUT, "SUMMER", c),
    { method: "POST", url: `/checkout/${CHECKOUT}/discount`, body: { discountCode: "SUMMER" } },
  ],
  [
    "remove discount",
    (c) => removeDiscount(CHECKOUT, "d-1", c),
    { method: "DELETE", url: `/checkout/${CHECKOUT}/discount/d-1`, body: undefined },
  ],
  [
    "validate discount",
    (c) => validateDiscount({ instanceId: 2, moduleId: 7, discountCode: "SUMMER", basketId: BASKET }, c),
    {
      method: "POST",
      url: "/discount/validate?instanceId=2&moduleId=7",
      body: { discountCode: "SUMMER", basketId: BASKET },
    },
  ],
  [
    "gift-card amount",
    (c) => getGiftcardAmount(4, " gift 1 ", c),
    { method: "GET", url: "/giftcard/4/gift%201/amount", body: undefined },
  ],
  [
    "add gift card",
    (c) => addGiftcard(CHECKOUT, { giftcardCode: "GIFT1", amount: 100 }, c),
    { method: "POST", url: `/checkout/${CHECKOUT}/giftcard`, body: { giftcardCode: "GIFT1", amount: 100 } },
  ],
  [
    "remove gift card",
    (c) => removeGiftcard(CHECKOUT, "g-1", c),
    { method: "DELETE", url: `/checkout/${CHECKOUT}/giftcard/g-1`, body: undefined },
  ],
  [
    "delivery address",
    (c) => setDeliveryAddress(CHECKOUT, { moduleId: 7, address: "Vej 1, 2.th", zipCode: "8000" }, c),
    {
      method: "POST",
      url: `/checkout/${CHECKOUT}/delivery/address?moduleId=7&address=Vej+1%2C+2.th&zipcode=8000`,
      body: undefined,
    },
  ],
  [
    "delivery dates",
    (c) => getDeliveryDates(CHECKOUT, c),
    { method: "GET", url: `/checkout/${CHECKOUT}/delivery/dates`, body: undefined },
  ],
  [
    "delivery date",
    (c) => setDeliveryDate(CHECKOUT, "2026-05-02", c),
    { method: "POST", url: `/checkout/${CHECKOUT}/delivery/date`, body: { date: "2026-05-02" } },
  ],
  [
    "delivery times",
    (c) => getDeliveryTimes(CHECKOUT, c),
    { method: "GET", url: `/checkout/${CHECKOUT}/delivery/times`, body: undefined },
  ],
  [
    "delivery time",
    (c) => setDeliveryTime(CHECKOUT, "2026-05-02T10:15:00.000Z", c),
    {
      method: "POST",
      url: `/checkout/${CHECKOUT}/delivery/time`,
      body: { deliveryTime: "2026-05-02T10:15:00.000Z" },
    },
  ],
  [
    "remove delivery",
    (c) => removeDelivery(CHECKOUT, c),
    { method: "DELETE", url: `/checkout/${CHECKOUT}/delivery`, body: undefined },
  ],
  [
    "validate order",
    (c) => validateOrder(CHECKOUT, 41, c),
    { method: "POST", url: `/order/validate?checkoutId=${CHECKOUT}`, body: { productionUnitId: 41 } },
  ],
  [
    "get payment",
    (c) => getPayment(CHECKOUT, c),
    { method: "GET", url: `/payment/checkout/${CHECKOUT}`, body: undefined },
  ],
  [
    "cancel payment",
    (c) => cancelPayment("p-1", c),
    { method: "POST", url: "/payment/cancel", body: { paymentId: "p-1" } },
  ],
  [
    "finalize",
    (c) => finalizeCheckout(CHECKOUT, c),
    { method: "POST", url: `/checkout/${CHECKOUT}/finalize`, body: undefined },
  ],
  ["get order", (c) => getOrder("o-1", c), { method: "GET", url: "/order/o-1", body: undefined }],
];

describe("checkout calls (SPEC §7)", () => {
  test.each(calls)("%s: method, path, query and body", async (_name, call, expected) => {
    const { client, sent } = recordingClient();
    await call(client);
    expect(sent).toEqual([expected]);
  });

  test("a refused call throws the server's errors as ApiError", async () => {
    const { client } = recordingClient({
      status: 422,
      body: { errors: [{ code: "Payment.RestaurantOffline", message: "closed" }], traceId: "t-1" },
    });
    const failure = await validateOrder(CHECKOUT, 41, client).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).errors[0]?.code).toBe("Payment.RestaurantOffline");
  });
});

describe("addPayment", () => {
  const base = {
    moduleId: 7,
    continuationUrl: "https://shop.example/payment/c-1",
    cancellationUrl: "https://shop.example/checkout",
  };
  const urlOf = async (request: Parameters<typeof addPayment>[1]) => {
    const { client, sent } = recordingClient();
    await addPayment(CHECKOUT, request, client);
    return new URL(sent[0]!.url, "https://x.example");
  };

  test("sends the module and both return addresses, and no payment methods when none are asked for", async () => {
    const url = await urlOf(base);
    expect(url.pathname).toBe(`/checkout/${CHECKOUT}/payment`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      moduleId: "7",
      continuationUrl: "https://shop.example/payment/c-1",
      cancellationUrl: "https://shop.example/checkout",
    });
  });

  test("lists the payment methods comma-separated, and the receipt email when given", async () => {
    const url = await urlOf({ ...base, paymentMethods: ["mobilepay", "pickup"], receiptEmail: "a@b.dk" });
    expect(url.searchParams.get("paymentMethods")).toBe("mobilepay,pickup");
    expect(url.searchParams.get("receiptEmail")).toBe("a@b.dk");
  });
});

describe("saveGuestInformation (SPEC §5)", () => {
  test("sanitizes name and comment before sending, trims the rest, sends empty fields as null", async () => {
    const { client, sent } = recordingClient();
    await saveGuestInformation(
      CHECKOUT,
      {
        name: ' Ann <"B"> & Co ',
        phone: " 12345678 ",
        email: "",
        orderComment: "No 'onions' & <b>garlic</b>",
        amountOfGuests: null,
        amountOfKids: null,
        orderReadyTime: "2026-05-01T10:15:00.000Z",
      },
      client,
    );
    expect(sent[0]).toEqual({
      method: "POST",
      url: `/checkout/${CHECKOUT}/guestInformation`,
      body: {
        name: "Ann B &amp; Co",
        phone: "12345678",
        email: null,
        orderComment: "No onions &amp; bgarlic/b",
        amountOfGuests: null,
        amountOfKids: null,
        orderReadyTime: "2026-05-01T10:15:00.000Z",
      },
    });
  });
});
