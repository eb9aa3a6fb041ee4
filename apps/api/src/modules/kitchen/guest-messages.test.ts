/**
 * The guest hears of their order's progress (issue 44): a moved ready time, ready for pickup, rejected (with the
 * reason, and that the money is on its way back when something was paid online or by gift card), by email or
 * SMS as the restaurant sends receipts, in Danish with English below. Each message is decided once in the
 * change's transaction and sent by the outbox after the commit, also when the send fails or the process dies
 * between deciding and sending.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { beforeEach, describe, expect, test } from "vitest";
import { type AdminActors, createAdminActors } from "../../testing/admin-actors";
import { pay, preparedCheckout, setSetting } from "../../testing/order-fixtures";
import { useTestApp } from "../../testing/test-app";
import {
  deliverDueReceipts,
  type EmailMessage,
  queueGuestMessage,
  type ReceiptDeps,
  type SmsMessage,
} from "../receipt";
import { changeKitchenStatus } from "./change-kitchen-status";
import { readOrderProgress } from "./read-order-progress";
import { depsDyingAfterCommit, guestMessagesOf, kitchenCalls, placeOrder } from "./testing";

const START = "2026-11-23T10:00:00Z"; // a Monday, 11:00 in Copenhagen
const SLOT = new Date("2026-11-23T11:00:00Z"); // 12:00 in Copenhagen
const { t, clock } = useTestApp(START);
let actors: AdminActors;
let calls: ReturnType<typeof kitchenCalls>;

beforeEach(async () => {
  actors = await createAdminActors(t);
  calls = kitchenCalls(t, actors);
  await setSetting(t, t.restaurantA, "onlinePayment", true);
  await setSetting(t, t.restaurantA, "payAtPickup", true);
  await setSetting(t, t.restaurantB, "payAtPickup", true);
});

/** The outbox file of an order's message once the app's sender has written it. */
async function outboxFile(name: string): Promise<string> {
  const file = join(t.config.dataDir, "outbox", name);
  await t.app.ready();
  for (let i = 0; i < 250 && !existsSync(file); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return decodeQuotedPrintable(readFileSync(file, "utf8"));
}

function decodeQuotedPrintable(eml: string): string {
  return Buffer.from(
    eml
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

describe("what the guest is told", () => {
  test("a moved ready time: its own email, the new time on the restaurant's clock, Danish then English", async () => {
    const orderId = await placeOrder(t, "pickup", { orderReadyTime: SLOT });
    const accepted = await calls.post("staff", orderId, "accept", {
      readyTime: new Date(SLOT.getTime() + 10 * 60_000).toISOString(),
    });
    const { receiptNumber } = accepted.json();
    const mail = await outboxFile(`${orderId}-ready-time-changed-2.eml`);
    expect(mail).toContain(`Din ordre ${receiptNumber} er klar kl. 12:10`);
    expect(mail).toContain(`Your order ${receiptNumber} will be ready at 12:10`);
    expect(mail).toContain("To: mette@example.dk");
    // The receipt is still its own file.
    expect(await outboxFile(`${orderId}.eml`)).toContain("Kvitteringsnummer");
  });

  test("ready for pickup: where to pick it up", async () => {
    const orderId = await placeOrder(t, "pickup", { orderReadyTime: SLOT });
    await calls.post("staff", orderId, "accept");
    const { receiptNumber } = (await calls.post("staff", orderId, "ready")).json();
    const mail = await outboxFile(`${orderId}-ready.eml`);
    expect(mail).toContain(`Din ordre ${receiptNumber} er klar til afhentning`);
    expect(mail).toContain(`Your order ${receiptNumber} is ready for pickup`);
  });

  test("rejected after a card payment: the reason in words and that the money is on its way back", async () => {
    const orderId = await placeOrder(t, "card", { orderReadyTime: SLOT });
    await calls.post("staff", orderId, "reject", { reason: "too-busy" });
    const mail = await outboxFile(`${orderId}-rejected.eml`);
    expect(mail).toContain("køkkenet har for travlt lige nu");
    expect(mail).toContain("Pengene er på vej tilbage til dig.");
    expect(mail).toContain("Your money is on its way back to you.");
  });

  test("rejected when paying at pickup: the staff's own words, and nothing to pay", async () => {
    const orderId = await placeOrder(t, "pickup", { orderReadyTime: SLOT });
    await calls.post("staff", orderId, "reject", { reason: "other", text: "Ovnen er gået i stykker." });
    const mail = await outboxFile(`${orderId}-rejected.eml`);
    expect(mail).toContain("kan desværre ikke lave din ordre – Ovnen er gået i stykker.");
    expect(mail).toContain("Du skal ikke betale noget.");
    expect(mail).not.toContain("på vej tilbage");
  });

  test("restaurant B sends SMS: the message goes to the guest's phone as its own file", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantB, {
      lines: [{ product: "margherita", amount: 1 }],
      orderReadyTime: SLOT,
    });
    expect((await pay(t, checkoutId, { paymentMethods: "pickup" }, t.restaurantB)).statusCode).toBe(200);
    const [checkout] = await t.db.select().from(schema.checkout).where(eq(schema.checkout.id, checkoutId));
    const orderId = checkout!.orderId!;
    await calls.post("otherOwner", orderId, "accept");
    const { receiptNumber } = (await calls.post("otherOwner", orderId, "ready")).json();
    const sms = await outboxFile(`${orderId}-ready.sms.txt`);
    expect(sms).toContain("To: 12345678");
    expect(sms).toContain(`Din ordre ${receiptNumber} er klar til afhentning.`);
    expect(sms).toContain(`Your order ${receiptNumber} is ready for pickup.`);
  });
});

describe("exactly once", () => {
  /** A sender that records what it sent, failing while `failing` is set. */
  function recordingDeps(state: { failing: boolean; sent: (EmailMessage | SmsMessage)[] }): ReceiptDeps {
    return {
      db: t.db,
      now: t.clock.now,
      orderProgress: readOrderProgress,
      email: {
        kind: "outbox",
        send: async (message) => {
          if (state.failing) throw new Error("SMTP is down");
          state.sent.push(message);
        },
      },
      sms: {
        name: "test",
        send: async (message) => {
          if (state.failing) throw new Error("SMS gateway is down");
          state.sent.push(message);
        },
      },
    };
  }

  const dyingAfterCommit = () => depsDyingAfterCommit(t);

  test("a decision made twice is one row", async () => {
    const orderId = await placeOrder(t);
    const [order] = await t.db.select().from(schema.order).where(eq(schema.order.id, orderId));
    const decide = () =>
      t.db.transaction((tx) =>
        queueGuestMessage(tx, {
          orderId,
          moduleId: order!.moduleId,
          guestEmail: order!.guestEmail,
          guestPhone: order!.guestPhone,
          kind: "ready",
          dedupeKey: "",
          now: t.clock.now(),
        }),
      );
    expect(await decide()).toBe(true);
    expect(await decide()).toBe(false);
    expect((await guestMessagesOf(t, orderId)).filter((m) => m.kind === "ready")).toHaveLength(1);
  });

  test("a crash between deciding and sending: the decided row is sent by the outbox, once, after a failed try", async () => {
    const orderId = await placeOrder(t);
    await t.app.ready();
    // Let the receipt go first, so only the kitchen's message is due below.
    const state = { failing: false, sent: [] as (EmailMessage | SmsMessage)[] };
    await deliverDueReceipts(recordingDeps(state));
    state.sent = [];

    await changeKitchenStatus(dyingAfterCommit(), { system: "test" }, orderId, { action: "accept" });
    await changeKitchenStatus(dyingAfterCommit(), { system: "test" }, orderId, { action: "ready" });
    const [decided] = (await guestMessagesOf(t, orderId)).filter((m) => m.kind === "ready");
    expect(decided).toMatchObject({ status: "pending", attempts: 0 });

    // The next process's sender fails once: the row stays pending with a later try.
    state.failing = true;
    expect(await deliverDueReceipts(recordingDeps(state))).toEqual({ sent: 0, failed: 1 });
    const [failed] = (await guestMessagesOf(t, orderId)).filter((m) => m.kind === "ready");
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP is down" });

    // Not due yet: nothing is sent before the retry time.
    state.failing = false;
    expect(await deliverDueReceipts(recordingDeps(state))).toEqual({ sent: 0, failed: 0 });
    clock.advanceMinutes(1);
    expect(await deliverDueReceipts(recordingDeps(state))).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueReceipts(recordingDeps(state))).toEqual({ sent: 0, failed: 0 });
    expect(state.sent).toHaveLength(1);
    expect((state.sent[0] as EmailMessage).subject).toContain("klar til afhentning");
    const rows = (await guestMessagesOf(t, orderId)).filter((m) => m.kind === "ready");
    expect(rows).toEqual([expect.objectContaining({ status: "sent", attempts: 2 })]);
  });

  test("a sender that died after claiming the row: the lease runs out and the next one sends it", async () => {
    const orderId = await placeOrder(t);
    const state = { failing: false, sent: [] as (EmailMessage | SmsMessage)[] };
    await deliverDueReceipts(recordingDeps(state));
    state.sent = [];
    await changeKitchenStatus(dyingAfterCommit(), { system: "test" }, orderId, { action: "reject", reason: "closed" });
    // A sender claimed it (its lease moves the next try 5 minutes on) and died before sending.
    await t.db
      .update(schema.receiptMessage)
      .set({ nextAttemptAt: new Date(t.clock.now().getTime() + 5 * 60_000) })
      .where(eq(schema.receiptMessage.orderId, orderId));
    expect(await deliverDueReceipts(recordingDeps(state))).toEqual({ sent: 0, failed: 0 });
    clock.advanceMinutes(5);
    expect(await deliverDueReceipts(recordingDeps(state))).toEqual({ sent: 1, failed: 0 });
    expect(state.sent).toHaveLength(1);
    expect((await guestMessagesOf(t, orderId)).filter((m) => m.kind === "rejected")).toEqual([
      expect.objectContaining({ status: "sent" }),
    ]);
  });
});
