import { describe, expect, test } from "vitest";
import type { ApiClient } from "../../../lib/api-client";
import { recordingClient, type Sent } from "../../../testing/recording-client";
import { addDiscount } from "./add-discount";
import { addGiftcard } from "./add-giftcard";
import { getGiftcardAmount } from "./get-giftcard-amount";
import { removeDiscount } from "./remove-discount";
import { removeGiftcard } from "./remove-giftcard";
import { validateDiscount } from "./validate-discount";

const CHECKOUT = "c0ffee00-0000-4000-8000-000000000001";
const BASKET = "ba5ce700-0000-4000-8000-000000000002";

const calls: [string, (client: ApiClient) => Promise<unknown>, Sent][] = [
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
];

describe("discount and gift-card calls (SPEC §7)", () => {
  test.each(calls)("%s: method, path, query and body", async (_name, call, expected) => {
    const { client, sent } = recordingClient();
    await call(client);
    expect(sent).toEqual([expected]);
  });
});
