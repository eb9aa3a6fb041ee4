import { describe, expect, test } from "vitest";
import type { ApiClient } from "../../../lib/api-client";
import { recordingClient, type Sent } from "../../../testing/recording-client";
import { getAvailableOrderTimes } from "./get-available-order-times";
import { getDeliveryDates } from "./get-delivery-dates";
import { getDeliveryTimes } from "./get-delivery-times";
import { getOneItemSlots } from "./get-one-item-slots";
import { removeDelivery } from "./remove-delivery";
import { setDeliveryAddress } from "./set-delivery-address";
import { setDeliveryDate } from "./set-delivery-date";
import { setDeliveryTime } from "./set-delivery-time";

const CHECKOUT = "c0ffee00-0000-4000-8000-000000000001";

const calls: [string, (client: ApiClient) => Promise<unknown>, Sent][] = [
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
    "a one-item order's slots (SPEC §7 GET /availableordertime/{a}/{b})",
    (c) => getOneItemSlots(3, "2026-05-01", c),
    { method: "GET", url: "/availableordertime/3/2026-05-01", body: undefined },
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
];

describe("pickup and delivery calls (SPEC §7)", () => {
  test.each(calls)("%s: method, path, query and body", async (_name, call, expected) => {
    const { client, sent } = recordingClient();
    await call(client);
    expect(sent).toEqual([expected]);
  });
});
