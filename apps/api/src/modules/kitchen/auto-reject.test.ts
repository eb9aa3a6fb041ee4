/**
 * The optional auto-reject (issue 44): off by default; with autoRejectMinutes set, a new order not accepted in
 * that time is rejected as too busy, refunded, the guest told, with an audit entry by the system; an accepted
 * order is never touched, and each order is rejected once however often the sweep runs. Fixed clock.
 */
import { schema } from "@app/db";
import { and, eq, isNull } from "@app/db/orm";
import { PaymentState } from "@app/domain";
import { beforeEach, describe, expect, test } from "vitest";
import { type AdminActors, createAdminActors } from "../../testing/admin-actors";
import { paymentsOf, refundsOf, setSetting } from "../../testing/order-fixtures";
import { useTestApp } from "../../testing/test-app";
import { AUTO_REJECT_MINUTES_SETTING } from "../settings";
import { type AutoRejectedOrder, autoRejectUnacceptedOrders } from "./auto-reject";
import { depsDyingAfterCommit, eventsOf, guestMessagesOf, kitchenCalls, placeOrder } from "./testing";

const { t, clock } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen
let actors: AdminActors;

beforeEach(async () => {
  actors = await createAdminActors(t);
  await setSetting(t, t.restaurantA, "onlinePayment", true);
  await setSetting(t, t.restaurantA, "payAtPickup", true);
  await t.db
    .delete(schema.appSetting)
    .where(
      and(
        eq(schema.appSetting.moduleId, t.restaurantA.module.id),
        eq(schema.appSetting.name, AUTO_REJECT_MINUTES_SETTING),
      ),
    );
});

function sweep(alerts: AutoRejectedOrder[] = []) {
  return autoRejectUnacceptedOrders({
    ...depsDyingAfterCommit(t),
    onAutoRejected: async (rejected) => {
      alerts.push(rejected);
    },
  });
}

const statusOf = async (orderId: string) =>
  (await t.db.select().from(schema.kitchenOrder).where(eq(schema.kitchenOrder.orderId, orderId)))[0]!.status;

describe("auto-reject", () => {
  test("is off by default: an order waiting an hour stays new", async () => {
    const orderId = await placeOrder(t);
    clock.advanceMinutes(60);
    expect(await sweep()).toEqual([]);
    expect(await statusOf(orderId)).toBe("new");
  });

  test("after autoRejectMinutes a new order is rejected as too busy, refunded, told, audited by the system", async () => {
    await setSetting(t, t.restaurantA, AUTO_REJECT_MINUTES_SETTING, 5);
    const orderId = await placeOrder(t, "card");
    clock.advanceMinutes(4);
    expect(await sweep()).toEqual([]);
    clock.advanceMinutes(1);
    const alerts: AutoRejectedOrder[] = [];
    const rejected = await sweep(alerts);
    // (The first test's order, placed at the same time and still new, goes with it.)
    expect(rejected.filter((found) => found.orderId === orderId)).toEqual([
      expect.objectContaining({ orderId, waitedMinutes: 5 }),
    ]);
    expect(alerts, "the escalation hook heard of it").toEqual(rejected);

    const [kitchen] = await t.db.select().from(schema.kitchenOrder).where(eq(schema.kitchenOrder.orderId, orderId));
    expect(kitchen).toMatchObject({ status: "rejected", rejectReason: "too-busy" });
    const [order] = await t.db.select().from(schema.order).where(eq(schema.order.id, orderId));
    const [payment] = await paymentsOf(t, order!.checkoutId);
    expect(payment!.state).toBe(PaymentState.REFUNDED);
    expect(await refundsOf(t, payment!.id)).toHaveLength(1);
    expect((await guestMessagesOf(t, orderId)).map((m) => m.kind).sort()).toEqual(["receipt", "rejected"]);
    expect((await eventsOf(t, orderId)).map((e) => e.type)).toEqual(["order.placed", "order.rejected"]);
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "order.reject"), isNull(schema.auditLog.accountId)));
    expect(audit.find((entry) => (entry.after as { orderId: string }).orderId === orderId)).toMatchObject({
      actorName: "Auto-reject",
      actorEmail: "system",
      organisationId: actors.organisationAId,
    });

    // Swept again: nothing more happens.
    clock.advanceMinutes(10);
    expect(await sweep()).toEqual([]);
    expect(await refundsOf(t, payment!.id)).toHaveLength(1);
  });

  test("an accepted order is never rejected automatically", async () => {
    await setSetting(t, t.restaurantA, AUTO_REJECT_MINUTES_SETTING, 3);
    const orderId = await placeOrder(t);
    expect((await kitchenCalls(t, actors).post("staff", orderId, "accept")).statusCode).toBe(200);
    clock.advanceMinutes(30);
    expect(await sweep()).toEqual([]);
    expect(await statusOf(orderId)).toBe("accepted");
  });
});
