/**
 * The queue reads a fixed number of statements however many orders it shows (no statement per order): lines,
 * discounts and payments are read for all orders at once. Counted as PGlite runs them (as
 * order/statements-per-order.test.ts does), for a queue of one order and of six.
 */

import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { PGlite } from "@electric-sql/pglite";
import { beforeEach, expect, test, vi } from "vitest";
import { createAdminActors } from "../../testing/admin-actors";
import { setItemsPerSlot, setSetting } from "../../testing/order-fixtures";
import { useTestApp } from "../../testing/test-app";
import { kitchenCalls, placeOrder } from "./testing";

let counted = 0;
/** Every statement reaches PGlite through its public execProtocolRaw(): one Parse ('P') or Query ('Q') each. */
const execProtocolRaw = PGlite.prototype.execProtocolRaw;
PGlite.prototype.execProtocolRaw = function (message, ...rest) {
  for (let start = 0; start < message.length; ) {
    if (message[start] === 0x50 || message[start] === 0x51) counted++;
    start += 1 + new DataView(message.buffer, message.byteOffset + start + 1, 4).getInt32(0);
  }
  return execProtocolRaw.call(this, message, ...rest);
};

const { t } = useTestApp("2026-11-23T10:00:00Z");

beforeEach(async () => {
  await setSetting(t, t.restaurantA, "payAtPickup", true);
  await setItemsPerSlot(t, t.restaurantA, 1000);
});

test("the queue's statements do not grow with its orders", async () => {
  const calls = kitchenCalls(t, await createAdminActors(t));
  const statementsOfQueue = async (expectedOrders: number) => {
    await calls.queue("staff"); // warm: the restaurant's setup comes from memory after the first read
    // The receipts the orders kicked are sent in the background: let them go first, so only the queue is counted.
    await vi.waitFor(async () => {
      const pending = await t.db
        .select()
        .from(schema.receiptMessage)
        .where(eq(schema.receiptMessage.status, "pending"));
      expect(pending).toEqual([]);
    });
    counted = 0;
    const res = await calls.queue("staff");
    expect(res.json().orders).toHaveLength(expectedOrders);
    return counted;
  };
  await placeOrder(t);
  const one = await statementsOfQueue(1);
  for (let i = 0; i < 5; i++) await placeOrder(t, "pickup", { lines: [{ product: "classic-burger", amount: i + 1 }] });
  const six = await statementsOfQueue(6);
  expect(six).toBe(one);
  // The session and its memberships (4), the log's position, the kitchen rows, orders, lines, discounts, payments.
  expect(one).toBeLessThanOrEqual(10);
});
