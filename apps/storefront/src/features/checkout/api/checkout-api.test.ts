import { describe, expect, test } from "vitest";
import { type ApiClient, ApiError } from "../../../lib/api-client";
import { recordingClient, type Sent } from "../../../testing/recording-client";
import { getCheckout } from "./get-checkout";
import { getInstanceSettings } from "./get-instance-settings";
import { saveGuestInformation } from "./save-guest-information";
import { validateOrder } from "./validate-order";

const CHECKOUT = "c0ffee00-0000-4000-8000-000000000001";

const calls: [string, (client: ApiClient) => Promise<unknown>, Sent][] = [
  ["get checkout", (c) => getCheckout(CHECKOUT, c), { method: "GET", url: `/checkout/${CHECKOUT}`, body: undefined }],
  [
    "instance settings",
    (c) => getInstanceSettings(5, c),
    { method: "GET", url: "/instancesetting/5", body: undefined },
  ],
  [
    "validate order",
    (c) => validateOrder(CHECKOUT, 41, c),
    { method: "POST", url: `/order/validate?checkoutId=${CHECKOUT}`, body: { productionUnitId: 41 } },
  ],
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

  test("sends a phone written as Danes write it (+45, spaces) as its digits", async () => {
    const { client, sent } = recordingClient();
    await saveGuestInformation(CHECKOUT, { phone: "+45 12 34 56 78" }, client);
    expect(sent[0]?.body).toMatchObject({ phone: "12345678" });
  });
});
