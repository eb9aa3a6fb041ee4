/**
 * The kitchen display's Recall (POST /api/admin/orders/{id}/recall): a bumped (ready) order goes back to in
 * progress, once; nothing else can be recalled; the change is an event every screen hears and an audit entry,
 * and the guest gets no message for it.
 */
import type { AdminOrder } from "@app/contracts";
import { schema } from "@app/db";
import { and, eq } from "@app/db/orm";
import { beforeAll, describe, expect, test } from "vitest";
import { type AdminSession, organisationOf, signInAs } from "../../testing/admin-session";
import { finalize, pay, preparedCheckout } from "../../testing/order-fixtures";
import { useTestApp } from "../../testing/test-app";

const { t } = useTestApp("2026-11-23T10:00:00Z"); // 11:00 in Copenhagen
const SLOT = new Date("2026-11-23T11:00:00Z");

let staffA: AdminSession;
let ownerB: AdminSession;

beforeAll(async () => {
  const unitA = t.restaurantA.module.productionUnitId;
  const now = t.clock.now();
  staffA = await signInAs(t.db, {
    organisationId: await organisationOf(t.db, unitA),
    role: "staff",
    productionUnitIds: [unitA],
    now,
  });
  ownerB = await signInAs(t.db, {
    organisationId: await organisationOf(t.db, t.restaurantB.module.productionUnitId),
    role: "owner",
    now,
  });
});

async function placeOrder(): Promise<string> {
  const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
    lines: [{ product: "classic-burger", amount: 1 }],
    orderReadyTime: SLOT,
  });
  expect((await pay(t, checkoutId, { paymentMethods: "pickup" })).statusCode).toBe(200);
  const res = await finalize(t, checkoutId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().orderId as string;
}

const post = (who: AdminSession, orderId: string, action: string) =>
  t.request({ method: "POST", url: `/api/admin/orders/${orderId}/${action}`, headers: who.headers });

async function readyOrder(): Promise<string> {
  const orderId = await placeOrder();
  expect((await post(staffA, orderId, "accept")).statusCode).toBe(200);
  expect((await post(staffA, orderId, "ready")).statusCode).toBe(200);
  return orderId;
}

describe("recalling a bumped order", () => {
  test("a ready order goes back to accepted with its ready time; the second recall is 409 with the order", async () => {
    const orderId = await readyOrder();
    const res = await post(staffA, orderId, "recall");
    expect(res.statusCode, res.body).toBe(200);
    const recalled = res.json<AdminOrder>();
    expect(recalled).toMatchObject({ id: orderId, kitchenStatus: "accepted", readyTime: SLOT.toISOString() });

    const again = await post(staffA, orderId, "recall");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "KITCHEN_STATUS_CHANGED", order: { kitchenStatus: "accepted" } });
  });

  test("a new, accepted or picked-up order is not recalled (409)", async () => {
    const orderId = await placeOrder();
    expect((await post(staffA, orderId, "recall")).statusCode).toBe(409);
    expect((await post(staffA, orderId, "accept")).statusCode).toBe(200);
    expect((await post(staffA, orderId, "recall")).statusCode).toBe(409);
    expect((await post(staffA, orderId, "ready")).statusCode).toBe(200);
    expect((await post(staffA, orderId, "picked-up")).statusCode).toBe(200);
    const res = await post(staffA, orderId, "recall");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ order: { kitchenStatus: "picked-up" } });
  });

  test("is an order.recalled event for every screen and an audit entry; the guest is not messaged", async () => {
    const orderId = await readyOrder();
    const messagesBefore = await t.db
      .select()
      .from(schema.receiptMessage)
      .where(eq(schema.receiptMessage.orderId, orderId));
    expect((await post(staffA, orderId, "recall")).statusCode).toBe(200);
    const events = await t.db
      .select()
      .from(schema.restaurantEvent)
      .where(eq(schema.restaurantEvent.type, "order.recalled"));
    expect(events.map((event) => event.data)).toContainEqual(
      expect.objectContaining({ orderId, kitchenStatus: "accepted" }),
    );
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "order.recall"), eq(schema.auditLog.accountId, staffA.accountId)));
    expect(
      audit.map((entry) => [
        (entry.before as { kitchenStatus: string }).kitchenStatus,
        (entry.after as { kitchenStatus: string }).kitchenStatus,
      ]),
    ).toContainEqual(["ready", "accepted"]);
    const messagesAfter = await t.db
      .select()
      .from(schema.receiptMessage)
      .where(eq(schema.receiptMessage.orderId, orderId));
    expect(messagesAfter.length).toBe(messagesBefore.length);
  });

  test("outside the account's restaurants the order does not exist (404)", async () => {
    const orderId = await readyOrder();
    expect((await post(ownerB, orderId, "recall")).statusCode).toBe(404);
  });
});
