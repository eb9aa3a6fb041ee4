import type { AdminOrder, OrderQueue } from "@app/contracts";
import { describe, expect, test } from "vitest";
import { adminOrder } from "../testing";
import { isOldNews, unseenOrders, withEvent, withOrder } from "./apply-restaurant-event";

const order = (id: string, change: Partial<AdminOrder> = {}) => adminOrder({ id, externalId: "x", ...change });
const queue = (...orders: AdminOrder[]): OrderQueue => ({ orders, lastEventId: "1:5" });
const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";

describe("an order as the server answered it", () => {
  test("replaces an older version in place", () => {
    const next = withOrder(order(A, { version: 2, kitchenStatus: "accepted" }))(queue(order(A), order(B)));
    expect(next?.orders.map((o) => [o.id, o.kitchenStatus])).toEqual([
      [A, "accepted"],
      [B, "new"],
    ]);
  });

  test("an older or equal version changes nothing (an event arriving after the answer it caused)", () => {
    const shown = queue(order(A, { version: 3, kitchenStatus: "ready" }));
    expect(withOrder(order(A, { version: 2, kitchenStatus: "accepted" }))(shown)).toBe(shown);
    expect(withOrder(order(A, { version: 3, kitchenStatus: "accepted" }))(shown)).toBe(shown);
  });

  test("leaves the active queue when finished and joins today's finished", () => {
    const done = order(A, { version: 4, kitchenStatus: "picked-up" });
    expect(withOrder(done, "active")(queue(order(A), order(B)))?.orders.map((o) => o.id)).toEqual([B]);
    expect(withOrder(done, "finished")(queue())?.orders.map((o) => o.id)).toEqual([A]);
  });

  test("a searched queue does not gain an order the server did not find", () => {
    expect(withOrder(order(A), "active", true)(queue())?.orders).toEqual([]);
  });
});

describe("an event of the stream", () => {
  const at = "2026-11-29T11:31:00.000Z";

  test("a newer version moves the order at once; order.opened marks it opened", () => {
    const opened = withEvent(
      { type: "order.opened", at, data: { productionUnitId: 1, orderId: A, kitchenStatus: "new", version: 2 } },
      "active",
    )(queue(order(A)));
    expect(opened?.orders[0]).toMatchObject({ version: 2, openedAt: at });
    const rejected = withEvent(
      { type: "order.rejected", at, data: { productionUnitId: 1, orderId: A, kitchenStatus: "rejected", version: 3 } },
      "active",
    )(opened);
    expect(rejected?.orders).toEqual([]);
  });

  test("an event no newer than the shown order is old news and changes nothing", () => {
    const shown = queue(order(A, { version: 5, kitchenStatus: "ready" }));
    const data = { productionUnitId: 1, orderId: A, kitchenStatus: "accepted" as const, version: 4 };
    expect(isOldNews([shown], { type: "order.accepted", data })).toBe(true);
    expect(withEvent({ type: "order.accepted", at, data }, "active")(shown)).toBe(shown);
    expect(isOldNews([shown], { type: "order.accepted", data: { ...data, version: 6 } })).toBe(false);
  });

  test("an order no queue shows yet is news (a new order: read the queue)", () => {
    const data = { productionUnitId: 1, orderId: A, kitchenStatus: "new" as const, version: 1 };
    expect(isOldNews([queue(order(B))], { type: "order.placed", data })).toBe(false);
  });
});

test("opening keeps the version: order.opened of the shown version is news until the order shows opened", () => {
  const data = { productionUnitId: 1, orderId: A, kitchenStatus: "new" as const, version: 1 };
  const event = { type: "order.opened", at: "2026-11-29T11:31:00.000Z", data };
  expect(isOldNews([queue(order(A))], event)).toBe(false);
  const opened = withEvent(event, "active")(queue(order(A)));
  expect(opened?.orders[0]?.openedAt).toBe(event.at);
  expect(isOldNews([opened], event)).toBe(true);
  // The answer of POST …/open (same version, opened) replaces the unopened copy too.
  const answered = withOrder(order(A, { openedAt: event.at }))(queue(order(A)));
  expect(answered?.orders[0]?.openedAt).toBe(event.at);
});

test("the server's copy replaces one patched from an event of the same version (the event has no ready time)", () => {
  const data = { productionUnitId: 1, orderId: A, kitchenStatus: "accepted" as const, version: 2 };
  const patched = withEvent(
    { type: "order.accepted", at: "2026-11-29T11:31:00.000Z", data },
    "active",
  )(queue(order(A)));
  expect(patched?.orders[0]).toMatchObject({ kitchenStatus: "accepted", readyTime: "2026-11-29T12:00:00.000Z" });
  const answer = order(A, { version: 2, kitchenStatus: "accepted", readyTime: "2026-11-29T12:10:00.000Z" });
  expect(withOrder(answer)(patched)?.orders[0]).toBe(answer);
  expect(isOldNews([withOrder(answer)(patched)], { type: "order.accepted", data })).toBe(true);
});

test("the alert rings for new orders nobody has opened", () => {
  const orders = [
    order(A),
    order(B, { openedAt: "2026-11-29T11:31:00.000Z" }),
    order("c", { kitchenStatus: "accepted" }),
  ];
  expect(unseenOrders(orders).map((o) => o.id)).toEqual([A]);
});

test("a new order refunded in full does not ring: the guest has their money back, and its card says so", () => {
  const orders = [order(A), order(B, { refundedInFull: true })];
  expect(unseenOrders(orders).map((o) => o.id)).toEqual([A]);
});
