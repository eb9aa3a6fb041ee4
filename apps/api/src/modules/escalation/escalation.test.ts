/**
 * No order goes unseen (issue 44 §5), on a fixed clock: an order nobody opened within the acknowledgement time
 * alerts the restaurant's owners and managers (email; SMS to the restaurant's phone when a provider is set),
 * again at most every 5 minutes; an open restaurant without a screen for 2 minutes alerts them too, again every
 * 30; each escalation is audited; a failed send is tried again later.
 */
import { schema } from "@app/db";
import { and, eq } from "@app/db/orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { organisationOf, signInAs } from "../../testing/admin-session";
import { finalize, pay, preparedCheckout, setSetting } from "../../testing/order-fixtures";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";
import type { EmailMessage } from "../receipt";
import { createEscalationService } from ".";

const T0 = "2026-11-23T10:00:00Z"; // a Monday, 11:00 in Copenhagen: both demo restaurants are open

let t: TestApp;
let emails: EmailMessage[];
let sms: { to: string; text: string }[];
let failNextEmail: boolean;
let people: { ownerA: string; managerA: string; staffA: string; ownerB: string };

beforeEach(async () => {
  t = await createTestApp({ clock: createClock(T0) });
  emails = [];
  sms = [];
  failNextEmail = false;
  const organisationA = await organisationOf(t.db, t.restaurantA.module.productionUnitId);
  const organisationB = await organisationOf(t.db, t.restaurantB.module.productionUnitId);
  const member = async (organisationId: number, role: "owner" | "manager" | "staff", units: number[] = []) => {
    const session = await signInAs(t.db, { organisationId, role, productionUnitIds: units, now: t.clock.now() });
    // An account that has set its password (an invitee who never did is not alerted).
    await t.db
      .update(schema.staffAccount)
      .set({ passwordHash: "set" })
      .where(eq(schema.staffAccount.id, session.accountId));
    return `${session.accountId}@example.dk`;
  };
  people = {
    ownerA: await member(organisationA, "owner"),
    managerA: await member(organisationA, "manager", [t.restaurantA.module.productionUnitId]),
    staffA: await member(organisationA, "staff", [t.restaurantA.module.productionUnitId]),
    ownerB: await member(organisationB, "owner"),
  };
});
afterEach(() => t.close());

function escalation(options: { withSms?: boolean } = {}) {
  return createEscalationService(
    { db: t.db, now: t.clock.now, log: t.app.log, config: t.config },
    {
      email: {
        kind: "outbox",
        async send(message) {
          if (failNextEmail) {
            failNextEmail = false;
            throw new Error("SMTP said no");
          }
          emails.push(message);
        },
      },
      sms: options.withSms
        ? {
            name: "test",
            async send(message) {
              sms.push({ to: message.to, text: message.text });
            },
          }
        : null,
    },
  );
}

async function placeOrder(): Promise<{ orderId: string; receiptNumber: number }> {
  const { checkoutId } = await preparedCheckout(t, t.restaurantA);
  expect((await pay(t, checkoutId, { paymentMethods: "pickup" })).statusCode).toBe(200);
  const res = await finalize(t, checkoutId);
  expect(res.statusCode).toBe(200);
  const orderId = res.json().orderId as string;
  const [order] = await t.db.select().from(schema.order).where(eq(schema.order.id, orderId));
  return { orderId, receiptNumber: order!.receiptNumber };
}

/** A staff screen shows restaurant A now (what an open event stream keeps marking). */
async function screenSeen() {
  await t.db
    .insert(schema.screenPresence)
    .values({ productionUnitId: t.restaurantA.module.productionUnitId, lastSeenAt: t.clock.now() })
    .onConflictDoUpdate({ target: schema.screenPresence.productionUnitId, set: { lastSeenAt: t.clock.now() } });
}

const unseenMails = () => emails.filter((m) => /not been seen|ikke set/.test(m.subject));
const noScreenMails = () => emails.filter((m) => /skærm|screen/.test(m.subject));

async function escalationAudits(action: string) {
  return t.db
    .select()
    .from(schema.auditLog)
    .where(
      and(
        eq(schema.auditLog.action, action),
        eq(schema.auditLog.productionUnitId, t.restaurantA.module.productionUnitId),
      ),
    );
}

describe("an order nobody opened", () => {
  test("alerts the restaurant's owners and managers once the acknowledgement time (3 min) has passed", async () => {
    const service = escalation();
    const { receiptNumber } = await placeOrder();
    await screenSeen();
    t.clock.advanceMinutes(2);
    await service.sweep();
    expect(unseenMails()).toEqual([]);
    t.clock.advanceMinutes(1);
    await service.sweep();
    const to = unseenMails().map((m) => m.to);
    expect(to).toEqual(expect.arrayContaining([people.ownerA, people.managerA]));
    expect(to).not.toContain(people.staffA);
    expect(to).not.toContain(people.ownerB);
    expect(unseenMails()[0]!.subject).toBe(`Ordre ${receiptNumber} hos Bistro Nørrebro er ikke set af nogen endnu`);
    const [audit] = await escalationAudits("order.escalated");
    expect(audit).toMatchObject({ actorName: "Escalation", accountId: null });
    expect(audit!.after).toMatchObject({ receiptNumber, minutesWaiting: 3 });
  });

  test("is repeated at most every 5 minutes while it stays unseen", async () => {
    const service = escalation();
    await placeOrder();
    t.clock.advanceMinutes(3);
    await service.sweep();
    const once = unseenMails().length;
    t.clock.advanceMinutes(4);
    await service.sweep();
    expect(unseenMails().length, "4 minutes later: not yet").toBe(once);
    t.clock.advanceMinutes(1);
    await service.sweep();
    expect(unseenMails().length, "5 minutes later: again").toBe(2 * once);
    expect(await escalationAudits("order.escalated")).toHaveLength(2);
  });

  test("two processes sweeping at once alert once", async () => {
    await placeOrder();
    t.clock.advanceMinutes(3);
    await Promise.all([escalation().sweep(), escalation().sweep()]);
    expect(await escalationAudits("order.escalated")).toHaveLength(1);
  });

  test("an order opened on a screen, or accepted, is not escalated", async () => {
    const service = escalation();
    const opened = await placeOrder();
    const accepted = await placeOrder();
    await t.db
      .update(schema.kitchenOrder)
      .set({ openedAt: t.clock.now() })
      .where(eq(schema.kitchenOrder.orderId, opened.orderId));
    await t.db
      .update(schema.kitchenOrder)
      .set({ status: "accepted" })
      .where(eq(schema.kitchenOrder.orderId, accepted.orderId));
    t.clock.advanceMinutes(10);
    await service.sweep();
    expect(unseenMails()).toEqual([]);
  });

  test("follows the restaurant's own acknowledgement time", async () => {
    await setSetting(t, t.restaurantA, "acknowledgeMinutes", 10);
    const service = escalation();
    await placeOrder();
    t.clock.advanceMinutes(9);
    await service.sweep();
    expect(unseenMails()).toEqual([]);
    t.clock.advanceMinutes(1);
    await service.sweep();
    expect(unseenMails()).not.toEqual([]);
  });

  test("also by SMS to the restaurant's phone when an SMS provider is configured", async () => {
    const service = escalation({ withSms: true });
    const { receiptNumber } = await placeOrder();
    t.clock.advanceMinutes(3);
    await service.sweep();
    const [unit] = await t.db
      .select()
      .from(schema.productionUnit)
      .where(eq(schema.productionUnit.id, t.restaurantA.module.productionUnitId));
    expect(sms).toContainEqual({
      to: unit!.phone,
      text: `Ordre ${receiptNumber} hos Bistro Nørrebro er ikke set af nogen endnu`,
    });
  });

  test("a send that fails stays pending and is sent on a later sweep", async () => {
    const service = escalation();
    await placeOrder();
    await screenSeen();
    t.clock.advanceMinutes(3);
    failNextEmail = true;
    const first = await service.sweep();
    expect(first.failed).toBe(1);
    t.clock.advanceMinutes(0.5);
    await screenSeen();
    const second = await service.sweep();
    expect(second).toMatchObject({ sent: 1, failed: 0 });
    const alerts = await t.db.select().from(schema.staffAlert).where(eq(schema.staffAlert.kind, "order-unseen"));
    expect(alerts.every((alert) => alert.status === "sent")).toBe(true);
  });
});

describe("an order the kitchen rejected automatically", () => {
  test("alerts the owners and managers once, audited, sent at once", async () => {
    const service = escalation();
    const { orderId, receiptNumber } = await placeOrder();
    const rejected = {
      orderId,
      productionUnitId: t.restaurantA.module.productionUnitId,
      receiptNumber,
      waitedMinutes: 20,
    };
    await service.alertAutoRejected(rejected);
    await service.alertAutoRejected(rejected);
    await service.drain();
    const subject = `Ordre ${receiptNumber} hos Bistro Nørrebro blev afvist automatisk`;
    expect(emails.filter((m) => m.subject === subject).map((m) => m.to)).toEqual(
      expect.arrayContaining([people.ownerA, people.managerA]),
    );
    expect(emails.filter((m) => m.subject === subject && m.to === people.managerA)).toHaveLength(1);
    expect(await escalationAudits("order.auto-rejected.alerted")).toHaveLength(1);
  });
});

describe("no screen open while the restaurant takes online orders", () => {
  test("after 2 minutes without a screen its managers are told, again every 30 minutes", async () => {
    const service = escalation();
    await screenSeen();
    t.clock.advanceMinutes(1);
    await service.sweep();
    expect(noScreenMails().filter((m) => m.to === people.managerA)).toEqual([]);
    t.clock.advanceMinutes(1);
    await service.sweep();
    expect(noScreenMails().filter((m) => m.to === people.managerA)).toHaveLength(1);
    expect(noScreenMails().find((m) => m.to === people.managerA)!.subject).toBe(
      "Bistro Nørrebro tager imod bestillinger, men ingen skærm er åben",
    );
    t.clock.advanceMinutes(29);
    await service.sweep();
    expect(noScreenMails().filter((m) => m.to === people.managerA)).toHaveLength(1);
    t.clock.advanceMinutes(1);
    await service.sweep();
    expect(noScreenMails().filter((m) => m.to === people.managerA)).toHaveLength(2);
    expect((await escalationAudits("screen.missing")).length).toBe(2);
  });

  test("not while a screen shows it, nor while online ordering is paused", async () => {
    const service = escalation();
    await screenSeen();
    t.clock.advanceMinutes(1);
    await screenSeen();
    t.clock.advanceMinutes(1);
    await service.sweep();
    expect(noScreenMails().filter((m) => m.to === people.managerA)).toEqual([]);
    await t.db.insert(schema.orderingPause).values({
      productionUnitId: t.restaurantA.module.productionUnitId,
      pausedUntil: new Date(t.clock.now().getTime() + 60 * 60_000),
    });
    t.clock.advanceMinutes(10);
    await service.sweep();
    expect(noScreenMails().filter((m) => m.to === people.managerA)).toEqual([]);
  });

  test("not while the restaurant is closed (restaurant B at 03:00 in Copenhagen)", async () => {
    t.clock.set("2026-11-24T02:00:00Z");
    await escalation().sweep();
    expect(noScreenMails().filter((m) => m.to === people.ownerB)).toEqual([]);
    t.clock.set("2026-11-24T11:00:00Z");
    await escalation().sweep();
    expect(noScreenMails().filter((m) => m.to === people.ownerB)).toHaveLength(1);
  });
});
