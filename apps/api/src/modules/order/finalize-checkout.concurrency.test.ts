/**
 * Money and the kitchen under concurrency, on PGlite and on PostgreSQL (when reachable): capacity
 * is never oversold, one checkout gives one order, and a gift card is never spent below zero.
 *
 * Payments place their order by themselves once they settle, so the finalize races below start
 * from card payments that were approved but not yet finalized (authorizeWithoutOrder: the state a
 * crash between the approval's commit and finalize leaves behind), then call finalize in parallel.
 * A payment holds its slot's kitchen units from the moment it starts (payment/attempt-holds.ts), so
 * the race for a slot is run at Pay; finalize only takes units itself for attempts without a hold.
 */

import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { CheckoutState } from "@app/domain";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  authorizeWithoutOrder,
  checkoutRow,
  finalize,
  giftcardRow,
  pay,
  preparedCheckout,
  pressTestButton,
  setGiftcardBalance,
  setItemsPerSlot,
  testDeps,
  withoutHolds,
} from "../../testing/order-fixtures";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";
import { SETTLED_GRACE_MS, settlePayments } from "../payment";

const SLOT = new Date("2026-11-23T11:00:00Z");

/** A checkout whose card payment was approved, but whose order is not placed yet. */
async function approvedWithoutOrder(t: TestApp, orderReadyTime: Date): Promise<string> {
  const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime });
  const paid = await pay(t, checkoutId, { paymentMethods: "card" });
  expect(paid.statusCode).toBe(200);
  await authorizeWithoutOrder(t, paid.json().id);
  return checkoutId;
}

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

  test("50 parallel finalizes of attempts without holds into a slot with room for 10 items: 10 orders, 40 SLOT_FULL", async () => {
    await setItemsPerSlot(t, t.restaurantA, 1000);
    const checkoutIds: string[] = [];
    for (let i = 0; i < 50; i++) checkoutIds.push(await approvedWithoutOrder(t, SLOT));
    // As if they had started before payments held units: nothing held, nothing counted yet.
    for (const checkoutId of checkoutIds) await withoutHolds(t, checkoutId);
    await t.db.delete(schema.capacityUsage).where(eq(schema.capacityUsage.slotStart, SLOT));
    await setItemsPerSlot(t, t.restaurantA, 10);
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
    const checkoutId = await approvedWithoutOrder(t, new Date("2026-11-23T12:00:00Z"));
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
    // Gift cards paying everything leave nothing to wait for: each paid checkout has its order at once.
    const rows = await Promise.all(prepared.map(({ checkoutId }) => checkoutRow(t, checkoutId)));
    expect(rows.filter((row) => row.state === CheckoutState.DONE && row.orderId !== null)).toHaveLength(
      succeeded.length,
    );
    expect(rows.filter((row) => row.state === CheckoutState.OPEN)).toHaveLength(20 - succeeded.length);
  });

  test("50 parallel Pays into one slot with room for 10 items: 10 payments, 40 SLOT_FULL; 10 approvals, 10 orders, no refund", async () => {
    const slot = new Date("2026-11-23T13:00:00Z");
    await setItemsPerSlot(t, t.restaurantA, 10);
    const checkoutIds: string[] = [];
    for (let i = 0; i < 50; i++) {
      checkoutIds.push((await preparedCheckout(t, t.restaurantA, { orderReadyTime: slot })).checkoutId);
    }
    const paid = await Promise.all(checkoutIds.map((id) => pay(t, id, { paymentMethods: "card" })));
    const counts = tally(paid);
    console.info(`[${kind}] 50 Pays, capacity 10: ${JSON.stringify(counts)}`);
    expect(counts).toEqual({ "200": 10, "409 SLOT_FULL": 40 });
    // The refused ones asked for no money: no payment row at all, their checkouts still OPEN.
    const payments = await t.db.select().from(schema.payment);
    const started = payments.filter((row) => checkoutIds.includes(row.checkoutId));
    expect(started).toHaveLength(10);

    const responses = await Promise.all(started.map((row) => pressTestButton(t, row.id, "approve")));
    expect(responses.map((res) => res.statusCode)).toEqual(started.map(() => 303));
    const states: Record<string, number> = {};
    for (const checkoutId of checkoutIds) {
      const state = (await checkoutRow(t, checkoutId)).state;
      states[state] = (states[state] ?? 0) + 1;
    }
    console.info(`[${kind}] 10 approvals after the Pays: checkout states ${JSON.stringify(states)}`);
    expect(states).toEqual({ [CheckoutState.DONE]: 10, [CheckoutState.OPEN]: 40 });
    const orders = await t.db.select().from(schema.order).where(eq(schema.order.orderReadyTime, slot));
    expect(orders).toHaveLength(10);
    const refunds = await t.db.select().from(schema.paymentRefund);
    expect(refunds.filter((row) => started.some((s) => s.id === row.paymentId))).toEqual([]);
    const [usage] = await t.db.select().from(schema.capacityUsage).where(eq(schema.capacityUsage.slotStart, slot));
    expect(usage!.itemsUsed).toBe(orders.reduce((sum, order) => sum + order.itemCount, 0));
  });

  test("sweeps of three processes at once place each stranded checkout's order once", async () => {
    await setItemsPerSlot(t, t.restaurantA, 1000);
    const checkoutIds: string[] = [];
    for (let i = 0; i < 15; i++) checkoutIds.push(await approvedWithoutOrder(t, new Date("2026-11-23T14:00:00Z")));
    t.clock.set(new Date(t.clock.now().getTime() + SETTLED_GRACE_MS));
    const reports = await Promise.all([1, 2, 3].map(() => settlePayments(testDeps(t))));
    t.clock.set("2026-11-23T10:00:00Z");

    expect(reports.reduce((sum, report) => sum + report.finalized, 0)).toBe(15);
    for (const checkoutId of checkoutIds) {
      expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.DONE);
      const orders = await t.db.select().from(schema.order).where(eq(schema.order.checkoutId, checkoutId));
      expect(orders).toHaveLength(1);
    }
  });
});
