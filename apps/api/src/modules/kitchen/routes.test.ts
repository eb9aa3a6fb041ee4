/**
 * The restaurant's live orders through the back-office API (issue 44): the queue, one order, opening it, every
 * allowed and refused kitchen status change (409 with the order as it now is), the ready time's checks, the
 * guest's messages decided once per change that happened, the audit entry of each change, and a reject giving
 * back all money (card refund queued, gift card credited, pay at pickup cancelled) and the kitchen capacity.
 */
import { schema } from "@app/db";
import { and, desc, eq } from "@app/db/orm";
import { KITCHEN_ACTIONS, type KitchenAction, type KitchenStatus, kitchenTransition, PaymentState } from "@app/domain";
import { beforeEach, describe, expect, test } from "vitest";
import { type AdminActors, createAdminActors } from "../../testing/admin-actors";
import {
  giftcardRow,
  itemsUsed,
  paymentsOf,
  refilledDemoGiftcard,
  refundsOf,
  setItemsPerSlot,
  setSetting,
} from "../../testing/order-fixtures";
import { useTestApp } from "../../testing/test-app";
import { eventsOf, guestMessagesOf, kitchenCalls, placeOrder } from "./testing";

const START = "2026-11-23T10:00:00Z"; // a Monday, 11:00 in Copenhagen
const SLOT = new Date("2026-11-23T11:00:00Z"); // the guest's time: 12:00 in Copenhagen
const { t, clock } = useTestApp(START);
let actors: AdminActors;
let calls: ReturnType<typeof kitchenCalls>;

beforeEach(async () => {
  await signInAgain();
  await setSetting(t, t.restaurantA, "onlinePayment", true);
  await setSetting(t, t.restaurantA, "payAtPickup", true);
  await setSetting(t, t.restaurantA, "enforceCapacity", true);
  await setItemsPerSlot(t, t.restaurantA, 1000);
});

/** Sessions end after a night without use: a test that moves the clock a day on signs in again. */
async function signInAgain() {
  actors = await createAdminActors(t);
  calls = kitchenCalls(t, actors);
}

const minutesAfterSlot = (n: number) => new Date(SLOT.getTime() + n * 60_000).toISOString();

/** Drives a fresh order to `status` through the API. */
async function orderIn(status: KitchenStatus): Promise<string> {
  const orderId = await placeOrder(t);
  const path: Record<KitchenStatus, KitchenAction[]> = {
    new: [],
    accepted: ["accept"],
    ready: ["accept", "ready"],
    "picked-up": ["accept", "ready", "picked-up"],
    rejected: ["reject"],
  };
  for (const action of path[status]) {
    const res = await calls.post("staff", orderId, action, bodyOf(action));
    expect(res.statusCode, res.body).toBe(200);
  }
  return orderId;
}

function bodyOf(action: KitchenAction): object | undefined {
  if (action === "time") return { readyTime: minutesAfterSlot(10) };
  if (action === "reject") return { reason: "sold-out" };
  return undefined;
}

describe("the order queue", () => {
  test("lists a placed order as new with its lines, choices, payment and what to collect", async () => {
    const orderId = await placeOrder(t, "pickup", {
      lines: [{ product: "classic-burger", amount: 2, choices: [{ name: "Bacon", priceMinor: 1200 }] }],
      guest: { name: "Queue Guest" },
    });
    const res = await calls.queue("staff");
    expect(res.statusCode, res.body).toBe(200);
    const queue = res.json();
    expect(queue.lastEventId).toMatch(new RegExp(`^${actors.restaurantAId}:\\d+$`));
    const order = queue.orders.find((found: { id: string }) => found.id === orderId);
    expect(order).toMatchObject({
      kitchenStatus: "new",
      version: 1,
      openedAt: null,
      guest: { name: "Queue Guest", phone: "12345678", email: "mette@example.dk" },
      lines: [{ name: "Classic burger", amount: 2, total: 262, choices: [{ name: "Bacon", amount: 1, price: 12 }] }],
      total: 262,
      payments: [{ method: "pickup", amount: 262, paid: false, refunded: false, isTest: false }],
      toCollect: 262,
      rejection: null,
    });
  });

  test("the last event id is read before the orders: the order's own placed event is at or before it", async () => {
    const orderId = await placeOrder(t);
    const [placed] = await eventsOf(t, orderId);
    const { lastEventId } = (await calls.queue("staff")).json();
    expect(Number(lastEventId.split(":")[1])).toBeGreaterThanOrEqual(placed!.seq);
  });

  test("finds an order by its receipt number or part of the guest's name (any case)", async () => {
    const orderId = await placeOrder(t, "pickup", { guest: { name: "Søren Kierkegaard" } });
    const { receiptNumber } = (await calls.order("staff", orderId)).json();
    const byNumber = (await calls.queue("staff", `q=${receiptNumber}`)).json();
    expect(byNumber.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    const byName = (await calls.queue("staff", `q=${encodeURIComponent("kierke")}`)).json();
    expect(byName.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    const none = (await calls.queue("staff", "q=%25")).json();
    expect(none.orders).toEqual([]);
  });

  test("finished holds today's picked-up and rejected orders; active no longer does", async () => {
    const pickedUp = await orderIn("picked-up");
    const rejected = await orderIn("rejected");
    const finished = (await calls.queue("staff", "view=finished")).json().orders.map((o: { id: string }) => o.id);
    expect(finished).toEqual(expect.arrayContaining([pickedUp, rejected]));
    const active = (await calls.queue("staff")).json().orders.map((o: { id: string }) => o.id);
    expect(active).not.toContain(pickedUp);
    expect(active).not.toContain(rejected);
    // The next day in Copenhagen, yesterday's finished orders are gone from the finished view.
    clock.set("2026-11-23T23:30:00Z");
    await signInAgain();
    const tomorrow = (await calls.queue("staff", "view=finished")).json().orders.map((o: { id: string }) => o.id);
    expect(tomorrow).not.toContain(pickedUp);
  });

  test("an active order placed yesterday is still in the queue", async () => {
    const orderId = await placeOrder(t);
    clock.set("2026-11-24T09:00:00Z");
    await signInAgain();
    const active = (await calls.queue("staff")).json().orders.map((o: { id: string }) => o.id);
    expect(active).toContain(orderId);
  });

  test("is 404 for the other organisation's owner and 401 without a session", async () => {
    expect((await calls.queue("otherOwner")).statusCode).toBe(404);
    expect((await calls.queue("none")).statusCode).toBe(401);
  });
});

describe("one order", () => {
  test("is 404 outside the account's reach, the same as an order that does not exist", async () => {
    const orderId = await placeOrder(t);
    const outside = await calls.order("otherOwner", orderId);
    const missing = await calls.order("staff", "00000000-0000-4000-8000-000000000000");
    expect([outside.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(outside.json()).toEqual(missing.json());
    expect((await calls.post("otherOwner", orderId, "accept")).statusCode).toBe(404);
    expect((await calls.post("otherOwner", orderId, "open")).statusCode).toBe(404);
  });

  test("opening records the first opening once and writes one order.opened event", async () => {
    const orderId = await placeOrder(t);
    const first = await calls.post("staff", orderId, "open");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().openedAt).toBe(new Date(START).toISOString());
    clock.advanceMinutes(1);
    const again = await calls.post("manager", orderId, "open");
    expect(again.json().openedAt).toBe(new Date(START).toISOString());
    const opened = (await eventsOf(t, orderId)).filter((event) => event.type === "order.opened");
    expect(opened).toHaveLength(1);
    expect(opened[0]!.data).toMatchObject({ orderId, kitchenStatus: "new", version: 1 });
  });
});

describe("kitchen status changes", () => {
  const STATUSES: KitchenStatus[] = ["new", "accepted", "ready", "picked-up", "rejected"];
  for (const from of STATUSES) {
    for (const action of KITCHEN_ACTIONS) {
      const to = kitchenTransition(from, action);
      test(`${action} from ${from}: ${to ? `→ ${to}` : "409 with the order as it is"}`, async () => {
        const orderId = await orderIn(from);
        const before = (await calls.order("staff", orderId)).json();
        const eventsBefore = (await eventsOf(t, orderId)).length;
        const messagesBefore = (await guestMessagesOf(t, orderId)).length;
        const res = await calls.post("staff", orderId, action, bodyOf(action));
        if (to) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json()).toMatchObject({ kitchenStatus: to, version: before.version + 1 });
          const events = await eventsOf(t, orderId);
          expect(events.at(-1)).toMatchObject({
            type: {
              accept: "order.accepted",
              time: "order.time-changed",
              ready: "order.ready",
              "picked-up": "order.picked-up",
              reject: "order.rejected",
              recall: "order.recalled",
            }[action],
            data: { orderId, kitchenStatus: to, version: before.version + 1, receiptNumber: before.receiptNumber },
          });
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json()).toMatchObject({
            code: "KITCHEN_STATUS_CHANGED",
            // Not "another screen changed it": nobody did; the status does not allow the action.
            message: expect.stringMatching(new RegExp(`^An order that is ${from} cannot `)),
            order: { id: orderId, kitchenStatus: from, version: before.version },
            errors: [{ code: "KITCHEN_STATUS_CHANGED" }],
          });
          expect((await eventsOf(t, orderId)).length, "no event of a change that did not happen").toBe(eventsBefore);
          expect((await guestMessagesOf(t, orderId)).length, "no message either").toBe(messagesBefore);
        }
      });
    }
  }

  test("each change is in the audit log with who, before and after", async () => {
    const orderId = await orderIn("accepted");
    const [entry] = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "order.accept"))
      .orderBy(desc(schema.auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      productionUnitId: actors.restaurantAId,
      organisationId: actors.organisationAId,
      accountId: actors.sessions.staff.accountId,
      before: { orderId, kitchenStatus: "new", version: 1 },
      after: { orderId, kitchenStatus: "accepted", version: 2 },
    });
  });

  test("accept keeps the guest's time by default and tells the guest nothing new", async () => {
    const orderId = await placeOrder(t);
    const res = await calls.post("staff", orderId, "accept");
    expect(res.json().readyTime).toBe(SLOT.toISOString());
    expect((await guestMessagesOf(t, orderId)).map((m) => m.kind)).toEqual(["receipt"]);
  });

  test("accept with +10 min moves the ready time and decides one ready-time-changed message", async () => {
    const orderId = await placeOrder(t);
    const res = await calls.post("staff", orderId, "accept", { readyTime: minutesAfterSlot(10) });
    expect(res.json()).toMatchObject({ kitchenStatus: "accepted", readyTime: minutesAfterSlot(10), version: 2 });
    const moved = (await guestMessagesOf(t, orderId)).filter((m) => m.kind === "ready-time-changed");
    expect(moved).toEqual([
      expect.objectContaining({ channel: "email", recipient: "mette@example.dk", dedupeKey: "2" }),
    ]);
  });

  test("a ready time more than 2 minutes ago, or hours after the guest's, is 400 with a clear code", async () => {
    const orderId = await placeOrder(t);
    const past = await calls.post("staff", orderId, "accept", { readyTime: "2026-11-23T09:55:00Z" });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0]).toMatchObject({ code: "Kitchen.ReadyTimePassed", field: "readyTime" });
    const absurd = await calls.post("staff", orderId, "accept", { readyTime: "2026-11-23T20:00:00Z" });
    expect(absurd.json().errors[0]).toMatchObject({ code: "Kitchen.ReadyTimeTooLate", field: "readyTime" });
    const garbage = await calls.post("staff", orderId, "accept", { readyTime: "tomorrow" });
    expect(garbage.statusCode).toBe(400);
    expect((await calls.order("staff", orderId)).json().kitchenStatus).toBe("new");
  });

  test("moving the time decides one message per move; moving it to the time it has changes nothing", async () => {
    const orderId = await orderIn("accepted");
    const moved = await calls.post("staff", orderId, "time", { readyTime: minutesAfterSlot(15) });
    expect(moved.json()).toMatchObject({ readyTime: minutesAfterSlot(15), version: 3 });
    const same = await calls.post("staff", orderId, "time", { readyTime: minutesAfterSlot(15) });
    expect(same.statusCode).toBe(200);
    expect(same.json().version).toBe(3);
    await calls.post("staff", orderId, "time", { readyTime: minutesAfterSlot(30) });
    const messages = (await guestMessagesOf(t, orderId)).filter((m) => m.kind === "ready-time-changed");
    expect(messages.map((m) => m.dedupeKey).sort()).toEqual(["3", "4"]);
    expect((await eventsOf(t, orderId)).filter((e) => e.type === "order.time-changed")).toHaveLength(2);
  });

  test("ready and rejected are each decided once, and a refused repeat decides nothing", async () => {
    const ready = await orderIn("ready");
    expect((await calls.post("staff", ready, "ready")).statusCode).toBe(409);
    expect((await guestMessagesOf(t, ready)).filter((m) => m.kind === "ready")).toHaveLength(1);
    const rejected = await orderIn("rejected");
    expect((await calls.post("staff", rejected, "reject", { reason: "closed" })).statusCode).toBe(409);
    expect((await guestMessagesOf(t, rejected)).filter((m) => m.kind === "rejected")).toHaveLength(1);
    const pickedUp = await orderIn("picked-up");
    expect((await guestMessagesOf(t, pickedUp)).map((m) => m.kind).sort()).toEqual(["ready", "receipt"]);
  });

  test("a change decided on a version the order has left is 409; without a version it applies to the order as it is", async () => {
    const orderId = await orderIn("accepted");
    const stale = await calls.post("staff", orderId, "reject", { reason: "closed", version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe("Another screen changed this order first; it is shown as it is now");
    expect(stale.json().order).toMatchObject({ kitchenStatus: "accepted", version: 2 });
    const current = await calls.post("staff", orderId, "ready", { version: 2 });
    expect(current.json()).toMatchObject({ kitchenStatus: "ready", version: 3 });
    const unversioned = await calls.post("staff", orderId, "picked-up");
    expect(unversioned.json()).toMatchObject({ kitchenStatus: "picked-up", version: 4 });
  });

  test("reject with reason other needs a text; the text is kept", async () => {
    const orderId = await placeOrder(t);
    const bare = await calls.post("staff", orderId, "reject", { reason: "other" });
    expect(bare.statusCode).toBe(400);
    const res = await calls.post("staff", orderId, "reject", { reason: "other", text: "Ovnen er gået i stykker" });
    expect(res.json().rejection).toEqual({ reason: "other", text: "Ovnen er gået i stykker" });
  });
});

describe("a reject gives everything back", () => {
  test("pay at pickup: the unpaid payment is cancelled and nothing is left to collect", async () => {
    const orderId = await placeOrder(t);
    const res = await calls.post("staff", orderId, "reject", { reason: "too-busy" });
    expect(res.json()).toMatchObject({
      kitchenStatus: "rejected",
      toCollect: 0,
      payments: [{ method: "pickup", paid: false, refunded: true }],
    });
    const order = await t.db.select().from(schema.order).where(eq(schema.order.id, orderId));
    const [payment] = await paymentsOf(t, order[0]!.checkoutId);
    expect(payment!.state).toBe(PaymentState.CANCELLED);
  });

  test("a card payment: REFUNDED and one refund row in the outbox, given to the provider", async () => {
    const orderId = await placeOrder(t, "card");
    const res = await calls.post("staff", orderId, "accept");
    expect(res.statusCode).toBe(200);
    const rejected = await calls.post("manager", orderId, "reject", { reason: "sold-out" });
    expect(rejected.json().payments).toEqual([expect.objectContaining({ method: "card", paid: true, refunded: true })]);
    const [order] = await t.db.select().from(schema.order).where(eq(schema.order.id, orderId));
    const [payment] = await paymentsOf(t, order!.checkoutId);
    expect(payment!.state).toBe(PaymentState.REFUNDED);
    const refunds = await refundsOf(t, payment!.id);
    expect(refunds).toEqual([expect.objectContaining({ amountMinor: payment!.amountMinor })]);
  });

  test("a gift card: the amount is back on the card, with its transaction", async () => {
    const card = await refilledDemoGiftcard(t);
    const orderId = await placeOrder(t, "giftcard", { giftcards: [{ code: "GAVE-500", amountMinor: 11900 }] });
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(50000 - 11900);
    const res = await calls.post("staff", orderId, "reject", { reason: "closed" });
    expect(res.json().payments).toEqual([expect.objectContaining({ method: "giftcard", refunded: true })]);
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(50000);
    const credits = await t.db
      .select()
      .from(schema.giftcardTransaction)
      .where(and(eq(schema.giftcardTransaction.giftcardId, card.id)));
    expect(credits.filter((row) => row.amountMinor === 11900)).toHaveLength(1);
  });

  test("the discount code's use is given back: the code counts one use fewer", async () => {
    const usesOf = async () =>
      (await t.db.select().from(schema.discountCode).where(eq(schema.discountCode.code, "SOMMER10"))).find(
        (row) => row.discountInstanceId === t.restaurantA.module.discountInstanceId,
      )!.usageCount;
    const before = await usesOf();
    const orderId = await placeOrder(t, "pickup", {
      lines: [{ product: "classic-burger", amount: 1 }],
      discount: { code: "SOMMER10", amountMinor: 1190 },
    });
    expect(await usesOf()).toBe(before + 1);
    await calls.post("staff", orderId, "reject", { reason: "closed" });
    expect(await usesOf()).toBe(before);
  });

  test("the kitchen capacity is freed: a full slot can be booked again", async () => {
    await setItemsPerSlot(t, t.restaurantA, 1);
    const before = await itemsUsed(t, t.restaurantA, SLOT);
    await setItemsPerSlot(t, t.restaurantA, before + 1);
    const orderId = await placeOrder(t, "pickup", { orderReadyTime: SLOT });
    expect(await itemsUsed(t, t.restaurantA, SLOT)).toBe(before + 1);
    await expect(placeOrder(t, "pickup", { orderReadyTime: SLOT })).rejects.toThrow();
    await calls.post("staff", orderId, "reject", { reason: "too-busy" });
    expect(await itemsUsed(t, t.restaurantA, SLOT)).toBe(before);
    await expect(placeOrder(t, "pickup", { orderReadyTime: SLOT })).resolves.toEqual(expect.any(String));
  });
});
