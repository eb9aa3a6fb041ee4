/**
 * Money and the kitchen under concurrency, on PGlite and on PostgreSQL (when reachable): capacity
 * is never oversold, one checkout gives one order, and a gift card is never spent below zero.
 */

import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";
import { finalize, giftcardRow, pay, preparedCheckout, setGiftcardBalance, setItemsPerSlot } from "./test-fixtures";

const SLOT = new Date("2026-11-23T11:00:00Z");

function tally(responses: { statusCode: number; json: () => { errors?: { code: string }[] } }[]) {
  const counts: Record<string, number> = {};
  for (const res of responses) {
    const key = res.statusCode === 200 ? "200" : `${res.statusCode} ${res.json().errors?.[0]?.code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe.each(await testDbKinds())("concurrency on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, clock: createClock("2026-11-23T10:00:00Z") });
  });
  afterAll(() => t.close());

  test("50 parallel finalizes into one slot with room for 10 items: exactly 10 orders, 40 SLOT_FULL, no 5xx", async () => {
    await setItemsPerSlot(t, t.restaurantA, 10);
    const checkoutIds: string[] = [];
    for (let i = 0; i < 50; i++) {
      const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
      const paid = await pay(t, checkoutId, { paymentMethods: "pickup" });
      expect(paid.statusCode).toBe(200);
      checkoutIds.push(checkoutId);
    }
    const started = performance.now();
    const responses = await Promise.all(checkoutIds.map((id) => finalize(t, id)));
    const ms = Math.round(performance.now() - started);
    const counts = tally(responses);
    console.info(`[${kind}] 50 finalizes, capacity 10: ${JSON.stringify(counts)} in ${ms} ms`);

    expect(responses.filter((res) => res.statusCode >= 500)).toEqual([]);
    expect(counts).toEqual({ "200": 10, "409 SLOT_FULL": 40 });
    const orders = await t.db.select().from(schema.order).where(eq(schema.order.orderReadyTime, SLOT));
    expect(orders).toHaveLength(10);
    const [usage] = await t.db
      .select()
      .from(schema.capacityUsage)
      .where(eq(schema.capacityUsage.capacityInstanceId, t.restaurantA.module.capacityInstanceId));
    expect(usage!.itemsUsed).toBe(10);
    expect(new Set(orders.map((order) => order.receiptNumber)).size).toBe(10);
  });

  test("20 parallel finalizes of one checkout: one order, every answer names it", async () => {
    await setItemsPerSlot(t, t.restaurantA, 1000);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      orderReadyTime: new Date("2026-11-23T12:00:00Z"),
    });
    await pay(t, checkoutId, { paymentMethods: "pickup" });
    const responses = await Promise.all(Array.from({ length: 20 }, () => finalize(t, checkoutId)));
    const counts = tally(responses);
    console.info(`[${kind}] 20 finalizes of one checkout: ${JSON.stringify(counts)}`);

    expect(counts).toEqual({ "200": 20 });
    const orderIds = new Set(responses.map((res) => res.json().orderId));
    expect(orderIds.size).toBe(1);
    const orders = await t.db.select().from(schema.order).where(eq(schema.order.checkoutId, checkoutId));
    expect(orders).toHaveLength(1);
    expect(orderIds.has(orders[0]!.id)).toBe(true);
    const messages = await t.db
      .select()
      .from(schema.receiptMessage)
      .where(eq(schema.receiptMessage.orderId, orders[0]!.id));
    expect(messages).toHaveLength(1);
  });

  test("20 parallel gift-card payments against a balance for 3: at most 3 succeed, the balance never below 0", async () => {
    const card = await giftcardRow(t, t.restaurantA, "GAVE-500");
    const prepared = [];
    for (let i = 0; i < 20; i++) {
      prepared.push(
        await preparedCheckout(t, t.restaurantA, {
          orderReadyTime: SLOT,
          giftcards: [{ code: "GAVE-500", amountMinor: 11900 }],
        }),
      );
    }
    const totalMinor = prepared[0]!.totalMinor;
    expect(totalMinor).toBe(11900);
    await setGiftcardBalance(t, card.id, 3 * totalMinor);

    const responses = await Promise.all(
      prepared.map(({ checkoutId }) => pay(t, checkoutId, { paymentMethods: "card" })),
    );
    const counts = tally(responses);
    console.info(`[${kind}] 20 gift-card payments, balance for 3: ${JSON.stringify(counts)}`);

    expect(responses.filter((res) => res.statusCode >= 500)).toEqual([]);
    const succeeded = responses.filter((res) => res.statusCode === 200);
    expect(succeeded.length).toBeLessThanOrEqual(3);
    expect(succeeded.length).toBe(3); // nothing else competes for the card, so all three fit
    expect(counts["409 Giftcard.Generic"]).toBe(20 - succeeded.length);
    for (const res of succeeded) expect(res.json()).toMatchObject({ type: 1, state: 128, amount: 119 });
    const balance = (await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor;
    expect(balance).toBe(3 * totalMinor - succeeded.length * totalMinor);
    expect(balance).toBeGreaterThanOrEqual(0);
    const spent = await t.db
      .select()
      .from(schema.giftcardTransaction)
      .where(eq(schema.giftcardTransaction.giftcardId, card.id));
    expect(spent.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(-succeeded.length * totalMinor);
  });
});
