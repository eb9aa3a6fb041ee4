/**
 * Refunds from an order's page (issue 45) through the back-office API: lines at their share of the discount,
 * an amount split over card and gift card (card first), the gift-card ledger, the outbox refunding at the provider
 * once per row, the guest's message, the audit entry, the kitchen's reject recorded as a refund of what was left,
 * pay at pickup refused, and who may.
 */
import { schema } from "@app/db";
import { and, desc, eq } from "@app/db/orm";
import { PaymentState } from "@app/domain";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { type AdminActor, type AdminActors, createAdminActors } from "../../testing/admin-actors";
import {
  type FixtureOptions,
  giftcardRow,
  pay,
  paymentsOf,
  preparedCheckout,
  pressTestButton,
  refilledDemoGiftcard,
  refundsOf,
  setItemsPerSlot,
  setSetting,
  testDeps,
} from "../../testing/order-fixtures";
import { useTestApp } from "../../testing/test-app";
import { findUnseenOrders } from "../kitchen";

const { t } = useTestApp("2026-11-23T10:00:00Z");
let actors: AdminActors;

beforeEach(async () => {
  actors = await createAdminActors(t);
  await setSetting(t, t.restaurantA, "onlinePayment", true);
  await setSetting(t, t.restaurantA, "payAtPickup", true);
  await setItemsPerSlot(t, t.restaurantA, 100_000);
});

const refund = (actor: AdminActor, orderId: string, payload: object) =>
  t.request(actors.as(actor, { method: "POST", url: `/api/admin/orders/${orderId}/refunds`, payload }));
const refunds = (actor: AdminActor, orderId: string) =>
  t.request(actors.as(actor, { method: "GET", url: `/api/admin/orders/${orderId}/refunds` }));

/** Places an order of restaurant A through the guest's API, paid at pickup or by card (approved). */
async function placeOrder(paidBy: "pickup" | "card", options: FixtureOptions = {}): Promise<string> {
  const { checkoutId } = await preparedCheckout(t, t.restaurantA, options);
  const res = await pay(t, checkoutId, { paymentMethods: paidBy });
  expect(res.statusCode, res.body).toBe(200);
  if (paidBy === "card") expect((await pressTestButton(t, res.json().id, "approve")).statusCode).toBe(303);
  const [checkout] = await t.db.select().from(schema.checkout).where(eq(schema.checkout.id, checkoutId));
  expect(checkout?.orderId, "the order was placed").toBeTruthy();
  return checkout!.orderId!;
}

const guestMessagesOf = (orderId: string) =>
  t.db.select().from(schema.receiptMessage).where(eq(schema.receiptMessage.orderId, orderId));

async function orderRow(orderId: string) {
  const [row] = await t.db.select().from(schema.order).where(eq(schema.order.id, orderId));
  return row!;
}

/** Two burgers (2 × 119 kr.) and a salad (45 kr.), 28.30 kr. off (10 %), paid by card: 254.70 kr. */
async function discountedCardOrder() {
  return placeOrder("card", {
    lines: [
      { product: "classic-burger", amount: 2 },
      { product: "salat", amount: 1 },
    ],
    discount: { code: "SOMMER10", amountMinor: 2830 },
  });
}

/** One burger (119 kr.): 50 kr. from the demo gift card, 69 kr. by card. */
async function giftcardAndCardOrder(): Promise<string> {
  await refilledDemoGiftcard(t);
  const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
    giftcards: [{ code: "GAVE-500", amountMinor: 5000 }],
  });
  const res = await pay(t, checkoutId, { paymentMethods: "card" });
  expect(res.statusCode, res.body).toBe(200);
  expect((await pressTestButton(t, res.json().id, "approve")).statusCode).toBe(303);
  const [checkout] = await t.db.select().from(schema.checkout).where(eq(schema.checkout.id, checkoutId));
  return checkout!.orderId!;
}

describe("a lines refund", () => {
  test("gives back each line's total less its share of the discount, unit by unit up to what was paid", async () => {
    const orderId = await discountedCardOrder();
    const before = (await refunds("manager", orderId)).json();
    expect(before).toMatchObject({ total: 254.7, discount: 28.3, paid: 254.7, refunded: 0, refundable: 254.7 });
    const burger = before.lines.find((line: { name: string }) => line.name === "Classic burger");
    const salad = before.lines.find((line: { name: string }) => line.name === "Salat");
    // 28.30 kr. split 238 : 45 over the lines: 23.80 kr. of it is the burgers', 4.50 kr. the salad's.
    expect(burger).toMatchObject({ amount: 2, total: 238, net: 214.2, refundedAmount: 0, refunded: 0 });
    expect(salad).toMatchObject({ amount: 1, total: 45, net: 40.5 });

    const one = await refund("manager", orderId, {
      kind: "lines",
      lines: [{ orderLineId: burger.id, amount: 1 }],
      reason: "Burger was cold",
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().refund).toMatchObject({
      kind: "lines",
      amount: 107.1,
      online: 107.1,
      giftcard: 0,
      byStaff: true,
    });
    expect(one.json().order).toMatchObject({ refunded: 107.1, refundable: 147.6 });

    const rest = await refund("owner", orderId, {
      kind: "lines",
      lines: [
        { orderLineId: burger.id, amount: 1 },
        { orderLineId: salad.id, amount: 1 },
      ],
      reason: "Guest left",
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().refund.amount).toBe(147.6);
    expect(rest.json().order).toMatchObject({ refunded: 254.7, refundable: 0 });

    const [payment] = await paymentsOf(t, (await orderRow(orderId)).checkoutId);
    const rows = await refundsOf(t, payment!.id);
    expect(rows.map((row) => row.amountMinor).sort()).toEqual([10710, 14760]);
    expect(rows.every((row) => row.orderRefundId !== null)).toBe(true);
    // Everything given back: the payment is REFUNDED, as a rejected order's.
    expect(payment!.state).toBe(PaymentState.REFUNDED);
    const again = await refund("manager", orderId, { kind: "order", reason: "Again" });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0].code).toBe("Refund.NothingLeft");
  });

  test("a line that is not the order's, or more units than are left, is refused on its field", async () => {
    const orderId = await discountedCardOrder();
    const { lines } = (await refunds("manager", orderId)).json();
    const unknown = await refund("manager", orderId, {
      kind: "lines",
      lines: [{ orderLineId: crypto.randomUUID(), amount: 1 }],
      reason: "x",
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0]).toMatchObject({ code: "Refund.LineNotFound", field: "lines.0.orderLineId" });
    const tooMany = await refund("manager", orderId, {
      kind: "lines",
      lines: [{ orderLineId: lines[0].id, amount: lines[0].amount + 1 }],
      reason: "x",
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors[0]).toMatchObject({ code: "Refund.LineAmountTooHigh", field: "lines.0.amount" });
    const noReason = await refund("manager", orderId, { kind: "order", reason: "  " });
    expect(noReason.statusCode).toBe(400);
  });
});

describe("an amount refund", () => {
  test("goes back by card first, then onto the gift card with a 'refunded' ledger row", async () => {
    const orderId = await giftcardAndCardOrder();
    const card = await giftcardRow(t, t.restaurantA, "GAVE-500");
    expect(card.balanceMinor).toBe(45000);
    const tooMuch = await refund("manager", orderId, { kind: "amount", amount: 119.01, reason: "x" });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors[0]).toMatchObject({ code: "Refund.TooMuch", field: "amount" });

    const res = await refund("manager", orderId, { kind: "amount", amount: 80, reason: "Long wait" });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().refund;
    expect(created).toMatchObject({ kind: "amount", amount: 80, online: 69, giftcard: 11 });
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(45000 + 1100);
    const ledger = await t.db
      .select()
      .from(schema.giftcardTransaction)
      .where(and(eq(schema.giftcardTransaction.giftcardId, card.id), eq(schema.giftcardTransaction.kind, "refunded")))
      .orderBy(desc(schema.giftcardTransaction.createdAt));
    expect(ledger.filter((row) => row.orderRefundId === created.id)).toEqual([
      expect.objectContaining({ amountMinor: 1100, accountId: actors.sessions.manager.accountId }),
    ]);
    expect((await refunds("manager", orderId)).json()).toMatchObject({ paid: 119, refunded: 80, refundable: 39 });
  });

  test("the outbox refunds each card part at the provider once, keyed by its row", async () => {
    const orderId = await discountedCardOrder();
    await refund("manager", orderId, { kind: "amount", amount: 10, reason: "a" });
    await refund("manager", orderId, { kind: "amount", amount: 20, reason: "b" });
    const asked: { paymentId: string; amountMinor: number; key: string }[] = [];
    const provider = testDeps(t).payments.get("test")!;
    const recording = {
      ...provider,
      async refund(payment: { id: string }, amountMinor: number, key: string) {
        asked.push({ paymentId: payment.id, amountMinor, key });
      },
    };
    const [payment] = await paymentsOf(t, (await orderRow(orderId)).checkoutId);
    // The app's own worker (kicked after each commit) refunds at its test provider first; the rows are then put
    // back to due, as if that provider had never confirmed, for a worker whose provider records every call.
    await vi.waitFor(async () => expect((await refundsOf(t, payment!.id)).every((row) => row.doneAt)).toBe(true));
    await t.db
      .update(schema.paymentRefund)
      .set({ doneAt: null, nextAttemptAt: t.clock.now() })
      .where(eq(schema.paymentRefund.paymentId, payment!.id));
    const deps = testDeps(t, [recording as typeof provider]);
    await deps.refunds.deliverDue();
    await deps.refunds.deliverDue();
    const rows = await refundsOf(t, payment!.id);
    expect(rows.every((row) => row.doneAt !== null)).toBe(true);
    const ofThisOrder = asked.filter((call) => call.paymentId === payment!.id);
    expect(ofThisOrder.map((call) => call.key).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(ofThisOrder.map((call) => call.amountMinor).sort()).toEqual([1000, 2000]);
  });
});

describe("what the refund leaves behind", () => {
  test("the guest's 'refunded' message is queued once per refund, and the audit has the sum before and after", async () => {
    const orderId = await discountedCardOrder();
    const res = await refund("manager", orderId, { kind: "amount", amount: 25, reason: "Missing dip" });
    const id = res.json().refund.id;
    const messages = (await guestMessagesOf(orderId)).filter((message) => message.kind === "refunded");
    expect(messages).toEqual([expect.objectContaining({ dedupeKey: id, recipient: "mette@example.dk" })]);
    const [entry] = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "order.refund"))
      .orderBy(desc(schema.auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      accountId: actors.sessions.manager.accountId,
      before: { orderId, refunded: 0 },
      after: { orderId, refunded: 25, refund: { id, kind: "amount", amount: 25, reason: "Missing dip" }, online: 25 },
    });
  });

  test("a reject after a partial refund gives back only what is left, recorded as the order's refund", async () => {
    const orderId = await discountedCardOrder();
    await refund("manager", orderId, { kind: "amount", amount: 54.7, reason: "Partial" });
    const rejected = await t.request(
      actors.as("staff", {
        method: "POST",
        url: `/api/admin/orders/${orderId}/reject`,
        payload: { reason: "closed", text: "Power cut" },
      }),
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const state = (await refunds("manager", orderId)).json();
    expect(state).toMatchObject({ paid: 254.7, refunded: 254.7, refundable: 0 });
    // The test clock stands still: both refunds have one time, so they are found by kind, not by position.
    const byReject = state.refunds.find((found: { kind: string }) => found.kind === "order");
    // Rejected by a staff member: the refund names them.
    expect(byReject).toMatchObject({ amount: 200, reason: "rejected: closed – Power cut", byStaff: true });
    const [payment] = await paymentsOf(t, (await orderRow(orderId)).checkoutId);
    expect((await refundsOf(t, payment!.id)).map((row) => row.amountMinor).sort()).toEqual([20000, 5470]);
    const after = await refund("manager", orderId, { kind: "order", reason: "Again" });
    expect(after.json().errors[0].code).toBe("Refund.NothingLeft");
  });

  test("an order paid at pickup has nothing to refund here: 422 Refund.NothingPaid", async () => {
    const orderId = await placeOrder("pickup");
    expect((await refunds("manager", orderId)).json()).toMatchObject({ paid: 0, refundable: 0 });
    const res = await refund("manager", orderId, { kind: "order", reason: "Cold" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("Refund.NothingPaid");
  });
});

describe("a whole-order refund", () => {
  test("shows every line refunded, and the kitchen's order refunded in full, still new, no longer unseen", async () => {
    const orderId = await discountedCardOrder();
    const res = await refund("manager", orderId, { kind: "order", reason: "Guest called to cancel" });
    expect(res.statusCode, res.body).toBe(201);
    // Each line gives back its net (its total less its share of the 28.30 kr. discount): 214.20 + 40.50 kr.
    expect(res.json().refund.lines).toEqual([
      expect.objectContaining({ amount: 2, refunded: 214.2 }),
      expect.objectContaining({ amount: 1, refunded: 40.5 }),
    ]);
    const state = (await refunds("manager", orderId)).json();
    expect(state.lines).toEqual([
      expect.objectContaining({ name: "Classic burger", refundedAmount: 2, refunded: 214.2 }),
      expect.objectContaining({ name: "Salat", refundedAmount: 1, refunded: 40.5 }),
    ]);

    const kitchen = (
      await t.request(actors.as("staff", { method: "GET", url: `/api/admin/orders/${orderId}` }))
    ).json();
    // A refund is not a kitchen step: the order stays new (refusing it is the reject), and says it was refunded.
    expect(kitchen).toMatchObject({ kitchenStatus: "new", openedAt: null, refundedInFull: true });
    const [event] = await t.db
      .select()
      .from(schema.restaurantEvent)
      .where(eq(schema.restaurantEvent.type, "order.refunded"))
      .orderBy(desc(schema.restaurantEvent.seq))
      .limit(1);
    expect(event?.data).toMatchObject({ orderId, receiptNumber: kitchen.receiptNumber });
    const unseen = await findUnseenOrders(t.db, new Date("2100-01-01T00:00:00Z"));
    expect(unseen.map((found) => found.orderId)).not.toContain(orderId);
  });

  test("a partial refund leaves the order unseen and not refunded in full, and tells no screen", async () => {
    const orderId = await discountedCardOrder();
    const eventsBefore = await t.db
      .select()
      .from(schema.restaurantEvent)
      .where(eq(schema.restaurantEvent.type, "order.refunded"));
    expect((await refund("manager", orderId, { kind: "amount", amount: 10, reason: "Dip" })).statusCode).toBe(201);
    const kitchen = (
      await t.request(actors.as("staff", { method: "GET", url: `/api/admin/orders/${orderId}` }))
    ).json();
    expect(kitchen).toMatchObject({ kitchenStatus: "new", refundedInFull: false });
    const unseen = await findUnseenOrders(t.db, new Date("2100-01-01T00:00:00Z"));
    expect(unseen.map((found) => found.orderId)).toContain(orderId);
    const eventsAfter = await t.db
      .select()
      .from(schema.restaurantEvent)
      .where(eq(schema.restaurantEvent.type, "order.refunded"));
    expect(eventsAfter).toHaveLength(eventsBefore.length);
  });

  test("the kitchen's reject records the lines it gave back too", async () => {
    const orderId = await discountedCardOrder();
    const rejected = await t.request(
      actors.as("staff", {
        method: "POST",
        url: `/api/admin/orders/${orderId}/reject`,
        payload: { reason: "sold-out" },
      }),
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().refundedInFull).toBe(true);
    const state = (await refunds("manager", orderId)).json();
    expect(state.lines.map((line: { refundedAmount: number }) => line.refundedAmount)).toEqual([2, 1]);
  });
});

describe("who may refund", () => {
  test("managers and owners of the restaurant; staff 403; another organisation's owner 404", async () => {
    const orderId = await placeOrder("card");
    expect((await refunds("staff", orderId)).statusCode).toBe(403);
    expect((await refunds("otherOwner", orderId)).statusCode).toBe(404);
    expect((await refund("staff", orderId, { kind: "order", reason: "x" })).statusCode).toBe(403);
    expect((await refund("otherOwner", orderId, { kind: "order", reason: "x" })).statusCode).toBe(404);
    expect((await refund("none", orderId, { kind: "order", reason: "x" })).statusCode).toBe(401);
    const missing = await refunds("owner", crypto.randomUUID());
    expect(missing.statusCode).toBe(404);
    expect((await refunds("owner", orderId)).statusCode).toBe(200);
  });
});
