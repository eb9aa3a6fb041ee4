/**
 * Issue 45's must-show: refunds never give back more than was paid, also under 50 concurrent clicks. A card order
 * of which 100 kr. was refunded already; 50 managers' clicks at once each ask for the rest (half as "the whole
 * order", half as the amount left) → exactly one is refunded, 49 are 422, and the order's refunds, the outbox's
 * rows and the guest's messages add up to what was paid. On PostgreSQL (real concurrency) and PGlite.
 */
import { schema } from "@app/db";
import { eq, sql } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AdminActors, createAdminActors } from "../../testing/admin-actors";
import { pay, preparedCheckout, pressTestButton, setItemsPerSlot, setSetting } from "../../testing/order-fixtures";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";

const CLICKS = 50;

describe.each(await testDbKinds())("50 refund clicks at once on one order, on %s", (kind) => {
  let t: TestApp;
  let actors: AdminActors;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock: createClock("2026-11-23T10:00:00Z") });
    actors = await createAdminActors(t);
    await setSetting(t, t.restaurantA, "onlinePayment", true);
    await setItemsPerSlot(t, t.restaurantA, 100_000);
  });
  afterAll(() => t.close());

  test("exactly what was paid is refunded; every other click is 422", async () => {
    const { checkoutId, totalMinor } = await preparedCheckout(t, t.restaurantA, {
      lines: [{ product: "classic-burger", amount: 3 }],
    });
    const paid = await pay(t, checkoutId, { paymentMethods: "card" });
    expect((await pressTestButton(t, paid.json().id, "approve")).statusCode).toBe(303);
    const [checkout] = await t.db.select().from(schema.checkout).where(eq(schema.checkout.id, checkoutId));
    const orderId = checkout!.orderId!;
    const url = `/api/admin/orders/${orderId}/refunds`;
    const first = await t.request(
      actors.as("manager", { method: "POST", url, payload: { kind: "amount", amount: 100, reason: "First" } }),
    );
    expect(first.statusCode, first.body).toBe(201);
    const restMinor = totalMinor - 10000;

    const answers = await Promise.all(
      Array.from({ length: CLICKS }, (_, index) =>
        t.request(
          actors.as(index % 2 === 0 ? "manager" : "owner", {
            method: "POST",
            url,
            payload:
              index % 2 === 0
                ? { kind: "order", reason: `Click ${index}` }
                : { kind: "amount", amount: restMinor / 100, reason: `Click ${index}` },
          }),
        ),
      ),
    );

    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 422)).toHaveLength(CLICKS - 1);
    for (const answer of answers.filter((found) => found.statusCode === 422)) {
      expect(answer.json().errors[0].code).toBe("Refund.NothingLeft");
    }
    const [refunded] = await t.db
      .select({ sum: sql<number>`sum(${schema.orderRefund.amountMinor})`.mapWith(Number) })
      .from(schema.orderRefund)
      .where(eq(schema.orderRefund.orderId, orderId));
    expect(refunded!.sum).toBe(totalMinor);
    const [payment] = await t.db.select().from(schema.payment).where(eq(schema.payment.checkoutId, checkoutId));
    const [queued] = await t.db
      .select({ sum: sql<number>`sum(${schema.paymentRefund.amountMinor})`.mapWith(Number) })
      .from(schema.paymentRefund)
      .where(eq(schema.paymentRefund.paymentId, payment!.id));
    expect(queued!.sum).toBe(payment!.amountMinor);
    const messages = await t.db.select().from(schema.receiptMessage).where(eq(schema.receiptMessage.orderId, orderId));
    expect(messages.filter((message) => message.kind === "refunded")).toHaveLength(2);
    const state = await t.request(actors.as("manager", { method: "GET", url }));
    expect(state.json()).toMatchObject({ paid: totalMinor / 100, refunded: totalMinor / 100, refundable: 0 });
  }, 120_000);
});
