/**
 * Issue 44's must-show: two tablets that both saw a new order, one accepting it and one rejecting it at the same
 * moment → exactly one wins, the other gets 409 with the order as it now is; and only the winner's event, audit
 * entry and guest message exist. 100 orders, each with one accept and one reject sent in parallel, on PostgreSQL
 * (real concurrency, when reachable) and PGlite. The orders are written straight into the database (placing 100
 * through the guest's API would be most of the run); the changes go through the back-office API.
 */
import { randomUUID } from "node:crypto";
import { schema } from "@app/db";
import { inArray } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AdminActors, createAdminActors } from "../../testing/admin-actors";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";

const ORDERS = 100;
const NOW = new Date("2026-11-23T10:00:00Z");
const SLOT = new Date("2026-11-23T11:00:00Z");

describe.each(await testDbKinds())("accept and reject racing on one order, on %s", (kind) => {
  let t: TestApp;
  let actors: AdminActors;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock: createClock(NOW) });
    actors = await createAdminActors(t);
  });
  afterAll(() => t.close());

  test(`${ORDERS} orders, each accepted and rejected at once: exactly one wins each time`, async () => {
    const orderIds = await insertNewOrders(t, ORDERS);
    const race = (orderId: string) =>
      Promise.all([
        t.request(
          actors.as("staff", {
            method: "POST",
            url: `/api/admin/orders/${orderId}/accept`,
            payload: { version: 1 },
          }),
        ),
        t.request(
          actors.as("manager", {
            method: "POST",
            url: `/api/admin/orders/${orderId}/reject`,
            payload: { reason: "too-busy", version: 1 },
          }),
        ),
      ]);
    const answers = await Promise.all(orderIds.map(race));

    const kitchen = await t.db.select().from(schema.kitchenOrder).where(inArray(schema.kitchenOrder.orderId, orderIds));
    const events = await t.db.select().from(schema.restaurantEvent);
    const audits = await t.db.select().from(schema.auditLog);
    const messages = await t.db
      .select()
      .from(schema.receiptMessage)
      .where(inArray(schema.receiptMessage.orderId, orderIds));
    let accepted = 0;
    orderIds.forEach((orderId, index) => {
      const [accept, reject] = answers[index]!;
      const codes = [accept.statusCode, reject.statusCode].sort();
      expect(codes, `${accept.body} / ${reject.body}`).toEqual([200, 409]);
      const winner = accept.statusCode === 200 ? "accepted" : "rejected";
      if (winner === "accepted") accepted++;
      const loser = accept.statusCode === 200 ? reject : accept;
      // The loser is shown the order as the winner left it.
      expect(loser.json().order).toMatchObject({ id: orderId, kitchenStatus: winner, version: 2 });
      expect(kitchen.find((row) => row.orderId === orderId)).toMatchObject({ status: winner, version: 2 });
      const own = events.filter((event) => event.data.orderId === orderId).map((event) => event.type);
      expect(own).toEqual([`order.${winner}`]);
      const entries = audits.filter((entry) => (entry.after as { orderId?: string } | null)?.orderId === orderId);
      expect(entries.map((entry) => entry.action)).toEqual([winner === "accepted" ? "order.accept" : "order.reject"]);
      const told = messages.filter((message) => message.orderId === orderId).map((message) => message.kind);
      expect(told).toEqual(winner === "rejected" ? ["rejected"] : []);
    });
    // Both outcomes happened: the race was a race (on PGlite requests queue, so the first sent wins each time).
    if (kind === "postgres") expect(accepted, "some accepts and some rejects won").toBeGreaterThan(0);
  }, 120_000);
});

/** `count` new orders of restaurant A, each with its checkout and kitchen row, ready at SLOT. */
async function insertNewOrders(t: TestApp, count: number): Promise<string[]> {
  const { module } = t.restaurantA;
  const ids = Array.from({ length: count }, () => ({ checkoutId: randomUUID(), orderId: randomUUID() }));
  const receiptBase = 900_000 + Math.floor(Math.random() * 10_000) * 100;
  await t.db.insert(schema.checkout).values(
    ids.map(({ checkoutId }) => ({
      id: checkoutId,
      productionUnitId: module.productionUnitId,
      moduleId: module.id,
      checkoutInstanceId: module.checkoutInstanceId,
      state: 2,
      createdAt: NOW,
      updatedAt: NOW,
    })),
  );
  await t.db.insert(schema.order).values(
    ids.map(({ checkoutId, orderId }, index) => ({
      id: orderId,
      checkoutId,
      productionUnitId: module.productionUnitId,
      moduleId: module.id,
      receiptNumber: receiptBase + index,
      externalId: `A-${receiptBase + index}`,
      orderReadyTime: SLOT,
      itemCount: 1,
      basketTotalMinor: 11900,
      discountMinor: 0,
      deliveryFeeMinor: 0,
      totalMinor: 11900,
      guestName: "Race Guest",
      guestEmail: "race@example.dk",
      createdAt: NOW,
    })),
  );
  await t.db.insert(schema.kitchenOrder).values(
    ids.map(({ orderId }) => ({
      orderId,
      productionUnitId: module.productionUnitId,
      readyTime: SLOT,
      changedAt: NOW,
      createdAt: NOW,
    })),
  );
  return ids.map(({ orderId }) => orderId);
}
