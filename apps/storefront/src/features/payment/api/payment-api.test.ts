import { describe, expect, test } from "vitest";
import type { ApiClient } from "../../../lib/api-client";
import { recordingClient, type Sent } from "../../../testing/recording-client";
import { addPayment } from "./add-payment";
import { cancelPayment } from "./cancel-payment";
import { finalizeCheckout } from "./finalize-checkout";
import { getOrder } from "./get-order";
import { getPayment } from "./get-payment";

const CHECKOUT = "c0ffee00-0000-4000-8000-000000000001";

const calls: [string, (client: ApiClient) => Promise<unknown>, Sent][] = [
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
  ["get order", (c) => getOrder("o-1", undefined, c), { method: "GET", url: "/order/o-1", body: undefined }],
  [
    "get order, named in English",
    (c) => getOrder("o-1", "en-US", c),
    { method: "GET", url: "/order/o-1?language=en-US", body: undefined },
  ],
  [
    "get order, in a language the API does not know",
    (c) => getOrder("o-1", "cimode", c),
    { method: "GET", url: "/order/o-1", body: undefined },
  ],
];

describe("payment and order calls (SPEC §7)", () => {
  test.each(calls)("%s: method, path, query and body", async (_name, call, expected) => {
    const { client, sent } = recordingClient();
    await call(client);
    expect(sent).toEqual([expected]);
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
