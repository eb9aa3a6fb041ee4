import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { finalize, pay, preparedCheckout, pressTestButton, setSetting } from "../../testing/order-fixtures";
import { createTestApp, useTestApp } from "../../testing/test-app";
import { findOrder, findOrderDetails } from "../order";
import { formatPickupTime, renderReceiptEmail, renderReceiptSms, TEST_PAYMENT_NOTICE } from "./render-receipt";
import {
  createReceiptService,
  deliverDueReceipts,
  MAX_ATTEMPTS,
  type ReceiptDeps,
  retryDelayMs,
  startReceiptRetryLoop,
} from "./send-receipts";
import type { EmailMessage, EmailSender, SmsProvider } from "./senders";

const { t, clock } = useTestApp("2026-11-23T10:00:00Z"); // 11:00 in Copenhagen
const SLOT = new Date("2026-11-23T11:00:00Z"); // 12:00 in Copenhagen

async function waitFor<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 5000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function placeOrder(restaurant = t.restaurantA, product = "classic-burger") {
  const { checkoutId } = await preparedCheckout(t, restaurant, {
    lines: [{ product, amount: 2, choices: [{ name: "Bacon", priceMinor: 1200 }] }],
    orderReadyTime: SLOT,
    guest: { name: "Søren & Co" },
  });
  expect((await pay(t, checkoutId, { paymentMethods: "pickup" }, restaurant)).statusCode).toBe(200);
  const res = await finalize(t, checkoutId, restaurant);
  expect(res.statusCode).toBe(200);
  return res.json().orderId as string;
}

async function messagesOf(orderId: string) {
  return t.db.select().from(schema.receiptMessage).where(eq(schema.receiptMessage.orderId, orderId));
}

describe("receipts after finalize", () => {
  test("an email receipt lands in DATA_DIR/outbox/<orderId>.eml in Danish, without SMTP", async () => {
    const orderId = await placeOrder();
    const file = join(t.config.dataDir, "outbox", `${orderId}.eml`);
    const eml = await waitFor(() => existsSync(file) && readFileSync(file, "utf8"));
    expect(eml).toContain("To: mette@example.dk");
    expect(eml).toMatch(/Subject: Kvittering for din ordre nr\. \d+ hos Bistro =\?UTF-8|Subject: .*Kvittering/);
    const order = (
      await t.request({ method: "GET", url: `/api/order/${orderId}`, headers: t.restaurantA.auth })
    ).json();
    const text = decodeQuotedPrintable(eml);
    expect(text).toContain(`Kvitteringsnummer: ${order.receipt.number}`);
    expect(text).toContain("Bistro Nørrebro");
    expect(text).toContain("2 × Classic burger  262 kr.");
    expect(text).toContain("Bacon (+12 kr.)");
    expect(text).toContain("Total: 262 kr.");
    expect(text).toContain("Betales ved afhentning: 262 kr.");
    expect(text).toContain("Afhentning: mandag den 23. november 2026 kl. 12:00");
    expect(text).toContain("Navn: Søren & Co");
    const message = await waitFor(async () => (await messagesOf(orderId)).find((row) => row.status === "sent"));
    expect(message).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  test("restaurant B sends SMS receipts: DATA_DIR/outbox/<orderId>.sms.txt to the guest's phone", async () => {
    const orderId = await placeOrder(t.restaurantB, "margherita");
    const file = join(t.config.dataDir, "outbox", `${orderId}.sms.txt`);
    const sms = await waitFor(() => existsSync(file) && readFileSync(file, "utf8"));
    expect(sms).toContain("To: 12345678");
    expect(sms).toContain("Tak for din ordre hos Pizzeria Aarhus C.");
    expect(sms).toContain("Afhentning: mandag den 23. november 2026 kl. 12:00");
  });

  test("an outbox folder cleared while the API runs is made again for the next receipt", async () => {
    const first = await placeOrder();
    const outbox = join(t.config.dataDir, "outbox");
    await waitFor(() => existsSync(join(outbox, `${first}.eml`)));
    rmSync(outbox, { recursive: true });
    const second = await placeOrder();
    expect(await waitFor(() => existsSync(join(outbox, `${second}.eml`)))).toBe(true);
  });

  test("receiptType none writes no receipt", async () => {
    await setSetting(t, t.restaurantA, "receiptType", "none");
    const orderId = await placeOrder();
    expect(await messagesOf(orderId)).toEqual([]);
    await setSetting(t, t.restaurantA, "receiptType", "email");
  });

  test("pickup times are shown in the restaurant's time zone", () => {
    expect(formatPickupTime(new Date("2026-07-01T10:15:00Z"), "Europe/Copenhagen")).toBe(
      "onsdag den 1. juli 2026 kl. 12:15",
    );
  });
});

describe("receipts of test-mode payments", () => {
  // Rendered here directly: no receipt rows are written, so later tests' senders find none of these.
  beforeEach(() => setSetting(t, t.restaurantA, "receiptType", "none"));
  afterEach(() => setSetting(t, t.restaurantA, "receiptType", "email"));

  async function detailsOf(orderId: string) {
    const order = await findOrder(t.db, orderId);
    return findOrderDetails(t.db, order!);
  }

  async function placeCardOrderInTestMode() {
    await setSetting(t, t.restaurantA, "onlinePayment", true);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    const payment = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    expect((await pressTestButton(t, payment.id, "approve")).statusCode).toBe(303);
    const [row] = await t.db.select().from(schema.order).where(eq(schema.order.checkoutId, checkoutId));
    return row!.id;
  }

  test("say TEST – no money was taken in the email's text and HTML and in the SMS", async () => {
    const details = await detailsOf(await placeCardOrderInTestMode());
    const email = renderReceiptEmail(details);
    expect(TEST_PAYMENT_NOTICE).toMatch(/TEST – .*no money was taken/);
    expect(email.text.split("\n")[0]).toBe(TEST_PAYMENT_NOTICE);
    expect(email.text).toContain("Betalingskort (TEST): 119 kr.");
    expect(email.html).toContain(TEST_PAYMENT_NOTICE);
    expect(email.html).toContain("Betalingskort (TEST)");
    expect(renderReceiptSms(details)).toMatch(
      /^TEST – der er ikke trukket penge \(no money was taken\)\. Tak for din ordre/,
    );
  });

  test("a receipt without a test-mode payment has no TEST line", async () => {
    const details = await detailsOf(await placeOrder());
    const email = renderReceiptEmail(details);
    for (const text of [email.text, email.html, renderReceiptSms(details)]) expect(text).not.toContain("TEST");
  });
});

describe("a failing sender", () => {
  /** An order with a receipt row the app's own background sender will not touch (due a day later). */
  async function orderWithPendingReceipt(recipient = "guest@example.dk") {
    await setSetting(t, t.restaurantA, "receiptType", "none");
    const orderId = await placeOrder();
    await setSetting(t, t.restaurantA, "receiptType", "email");
    const later = new Date(clock.now().getTime() + 86_400_000);
    await t.db.insert(schema.receiptMessage).values({ orderId, channel: "email", recipient, nextAttemptAt: later });
    return { orderId, later };
  }

  function senders(failing: { fail: boolean }, sent: EmailMessage[]): { email: EmailSender; sms: SmsProvider } {
    return {
      email: {
        kind: "outbox",
        async send(message) {
          if (failing.fail) throw new Error("SMTP 421 service not available");
          sent.push(message);
        },
      },
      sms: { name: "never", send: async () => {} },
    };
  }

  test("keeps the receipt pending with attempts, lastError and a later try; the order is untouched; a retry sends it", async () => {
    const { orderId, later } = await orderWithPendingReceipt();
    const orderBefore = await t.db.select().from(schema.order).where(eq(schema.order.id, orderId));
    const failing = { fail: true };
    const sent: EmailMessage[] = [];
    let now = later;
    const deps: ReceiptDeps = { db: t.db, now: () => now, ...senders(failing, sent) };

    expect(await deliverDueReceipts(deps)).toEqual({ sent: 0, failed: 1 });
    const [failed] = await messagesOf(orderId);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP 421 service not available" });
    expect(failed!.nextAttemptAt.getTime()).toBe(later.getTime() + retryDelayMs(1));
    expect(await t.db.select().from(schema.order).where(eq(schema.order.id, orderId))).toEqual(orderBefore);
    const order = await t.request({ method: "GET", url: `/api/order/${orderId}`, headers: t.restaurantA.auth });
    expect(order.statusCode).toBe(200);

    // Not due yet: nothing happens.
    expect(await deliverDueReceipts(deps)).toEqual({ sent: 0, failed: 0 });

    // Fails again after the backoff: the next wait doubles.
    now = new Date(later.getTime() + retryDelayMs(1));
    expect(await deliverDueReceipts(deps)).toEqual({ sent: 0, failed: 1 });
    const [second] = await messagesOf(orderId);
    expect(second).toMatchObject({ status: "pending", attempts: 2 });
    expect(second!.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(2));

    failing.fail = false;
    now = second!.nextAttemptAt;
    expect(await deliverDueReceipts(deps)).toEqual({ sent: 1, failed: 0 });
    const [done] = await messagesOf(orderId);
    expect(done).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ orderId, to: "guest@example.dk", replyTo: "kvittering@bistro-norrebro.dk" });
    expect(sent[0]!.text).toContain("Kvitteringsnummer");
  });

  test("gives up after MAX_ATTEMPTS (status failed)", async () => {
    const { orderId, later } = await orderWithPendingReceipt();
    await t.db
      .update(schema.receiptMessage)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(schema.receiptMessage.orderId, orderId));
    const deps: ReceiptDeps = { db: t.db, now: () => later, ...senders({ fail: true }, []) };
    await deliverDueReceipts(deps);
    const [message] = await messagesOf(orderId);
    expect(message).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });

  test.each(["<script>alert(1)</script>@x.dk", "a\r\nBcc: victim@evil.com", "Evil <victim@evil.com>"])(
    "never hands %j to the mailer: the receipt is given up at once",
    async (recipient) => {
      const { orderId, later } = await orderWithPendingReceipt(recipient);
      const sent: EmailMessage[] = [];
      const deps: ReceiptDeps = { db: t.db, now: () => later, ...senders({ fail: false }, sent) };
      expect(await deliverDueReceipts(deps)).toEqual({ sent: 0, failed: 1 });
      expect(sent).toEqual([]);
      const [message] = await messagesOf(orderId);
      expect(message).toMatchObject({ status: "failed", attempts: 1 });
    },
  );

  test("two senders at once send a receipt once", async () => {
    const { orderId, later } = await orderWithPendingReceipt();
    const sent: EmailMessage[] = [];
    const deps: ReceiptDeps = { db: t.db, now: () => later, ...senders({ fail: false }, sent) };
    await Promise.all([deliverDueReceipts(deps), deliverDueReceipts(deps), deliverDueReceipts(deps)]);
    expect(sent.filter((message) => message.orderId === orderId)).toHaveLength(1);
  });

  test("the retry loop sends what is due and stops", async () => {
    const { orderId, later } = await orderWithPendingReceipt();
    const sent: EmailMessage[] = [];
    const service = createReceiptService({ db: t.db, now: () => later, ...senders({ fail: false }, sent) });
    const stop = startReceiptRetryLoop(service, 10);
    await waitFor(() => sent.some((message) => message.orderId === orderId));
    await stop();
    const [message] = await messagesOf(orderId);
    expect(message!.status).toBe("sent");
  });

  test("backoff doubles from 30 s and stops growing at 6 h", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(6 * 3_600_000);
  });
});

/** The .eml body is quoted-printable; undo soft line breaks and =XX escapes (UTF-8). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

describe("the retry loop in the server", () => {
  test("starts when the server listens: a receipt a crash left pending is sent", async () => {
    const server = await createTestApp({ clock });
    try {
      const { checkoutId } = await preparedCheckout(server, server.restaurantA, { orderReadyTime: SLOT });
      expect((await pay(server, checkoutId, { paymentMethods: "pickup" })).statusCode).toBe(200);
      const orderId = (await finalize(server, checkoutId)).json().orderId as string;
      const file = join(server.config.dataDir, "outbox", `${orderId}.eml`);
      await waitFor(() => existsSync(file));
      // As if the process had died before sending: pending again, nothing written.
      rmSync(file);
      await server.db
        .update(schema.receiptMessage)
        .set({ status: "pending", sentAt: null, nextAttemptAt: clock.now() })
        .where(eq(schema.receiptMessage.orderId, orderId));

      await server.app.listen({ port: 0, host: "127.0.0.1" });
      await waitFor(() => existsSync(file));
    } finally {
      await server.close();
    }
  });
});
