import { describe, expect, test } from "vitest";
import type { ApiClient } from "../../../lib/api-client";
import { recordingClient, type Sent } from "../../../testing/recording-client";
import { createCheckout } from "./create-checkout";
import { linkBasket } from "./link-basket";

const CHECKOUT = "c0ffee00-0000-4000-8000-000000000001";
const BASKET = "ba5ce700-0000-4000-8000-000000000002";

const calls: [string, (client: ApiClient) => Promise<unknown>, Sent][] = [
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
];

describe("checkout start calls (SPEC §7)", () => {
  test.each(calls)("%s: method, path, query and body", async (_name, call, expected) => {
    const { client, sent } = recordingClient();
    await call(client);
    expect(sent).toEqual([expected]);
  });
});
