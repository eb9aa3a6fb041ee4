/**
 * Sending receipts from the outbox (receipt_message rows written by finalize in the order's own
 * transaction). Sending happens after the commit and never touches the order: a failed send stays
 * `pending` with attempts + 1, lastError and a later nextAttemptAt (exponential backoff), and is
 * tried again by the retry loop (server.ts) until it is sent or gives up (`failed`).
 *
 * Rows are claimed with `for update skip locked` and a lease (nextAttemptAt moved ahead), so
 * several API processes on one PostgreSQL never send the same receipt at the same time.
 */

import type { Db } from "@app/db";
import { isValidEmail } from "@app/domain";
import type { FastifyBaseLogger } from "fastify";
import { backgroundRun, runEvery } from "../../background-run";
import type { Config } from "../../config";
import type { ReceiptService } from "../../deps";
import { findOrder, findOrderDetails, type OrderDetails } from "../order";
import { type OrderProgress, renderGuestMessageEmail, renderGuestMessageSms } from "./render-guest-message";
import { type RenderedEmail, renderReceiptEmail, renderReceiptSms } from "./render-receipt";
import { claimDueReceipts, type ReceiptMessageRow, updateReceiptMessage } from "./repository";
import { createEmailSender, type EmailSender, outboxSmsProvider, type SmsProvider } from "./senders";

/** Sends given up after this many failed attempts (status `failed`, kept for inspection). */
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
/** How long a claimed row is left alone by other senders. */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;

export type ReceiptDeps = {
  db: Db;
  now: () => Date;
  email: EmailSender;
  sms: SmsProvider;
  /**
   * The kitchen's progress of an order, for the guest's messages other than the receipt (issue 44). The kitchen
   * decides those messages and so depends on this feature; app.ts hands its reader in. Without it such a message
   * is not sent and stays due.
   */
  orderProgress?: OrderProgressReader;
  log?: Pick<FastifyBaseLogger, "warn" | "error" | "info">;
};

export type OrderProgressReader = (db: Db, orderId: string) => Promise<OrderProgress | undefined>;

/** Delay before attempt n + 1 after n failed attempts: 30 s, 1 min, 2 min, … at most 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** Sends every receipt that is due now; answers how many were sent and how many failed this time. */
export async function deliverDueReceipts(deps: ReceiptDeps): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const claimed = await claimDue(deps);
    for (const message of claimed) {
      if (await deliverOne(deps, message)) sent++;
      else failed++;
    }
    if (claimed.length < BATCH) return { sent, failed };
  }
}

async function claimDue({ db, now }: ReceiptDeps): Promise<ReceiptMessageRow[]> {
  const at = now();
  return claimDueReceipts(db, { at, limit: BATCH, leaseUntil: new Date(at.getTime() + LEASE_MS) });
}

async function deliverOne(deps: ReceiptDeps, message: ReceiptMessageRow): Promise<boolean> {
  const { db, now } = deps;
  try {
    const order = await findOrder(db, message.orderId);
    if (!order) throw new Error("The order does not exist");
    const details = await findOrderDetails(db, order);
    const rendered = await renderMessage(deps, message, details);
    if (message.channel === "email") {
      // The guest rule again on what the mailer gets: a row written before the rule (or by hand) must
      // never reach it as a display name, a list or extra header lines.
      if (!isValidEmail(message.recipient)) throw new UndeliverableRecipient();
      const replyTo = details.unit.receiptEmail;
      await deps.email.send({
        orderId: order.id,
        outboxName: rendered.outboxName,
        to: message.recipient,
        replyTo: replyTo && isValidEmail(replyTo) ? replyTo : null,
        ...rendered.email(),
      });
    } else {
      await deps.sms.send({
        orderId: order.id,
        outboxName: rendered.outboxName,
        to: message.recipient,
        text: rendered.sms(),
      });
    }
    await updateReceiptMessage(db, message.id, {
      status: "sent",
      sentAt: now(),
      attempts: message.attempts + 1,
      lastError: null,
    });
    return true;
  } catch (error) {
    const attempts = message.attempts + 1;
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const givesUp = attempts >= MAX_ATTEMPTS || error instanceof UndeliverableRecipient;
    await updateReceiptMessage(db, message.id, {
      status: givesUp ? "failed" : "pending",
      attempts,
      lastError,
      nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
    });
    deps.log?.warn(
      { receiptMessageId: message.id, orderId: message.orderId, attempts, givesUp, err: lastError },
      "receipt not sent",
    );
    return false;
  }
}

type Rendered = { outboxName: string | undefined; email: () => RenderedEmail; sms: () => string };

function renderReceipt(details: OrderDetails): Rendered {
  return { outboxName: undefined, email: () => renderReceiptEmail(details), sms: () => renderReceiptSms(details) };
}

/** The receipt, or a message about the order's progress rendered from the kitchen's state of the order now. */
async function renderMessage(deps: ReceiptDeps, message: ReceiptMessageRow, details: OrderDetails): Promise<Rendered> {
  if (message.kind === "receipt") return renderReceipt(details);
  const kind = message.kind;
  if (!deps.orderProgress) throw new Error("This process cannot read the kitchen's progress of orders");
  const progress = await deps.orderProgress(deps.db, message.orderId);
  if (!progress) throw new Error("The order has no kitchen status");
  return {
    // One file per message: the receipt keeps `<orderId>`, each later message its kind (and which move).
    outboxName: [message.orderId, kind, message.dedupeKey].filter(Boolean).join("-"),
    email: () => renderGuestMessageEmail(kind, details, progress, message.dedupeKey),
    sms: () => renderGuestMessageSms(kind, details, progress, message.dedupeKey),
  };
}

/** A recipient no retry can fix: the row is given up at once. */
class UndeliverableRecipient extends Error {
  constructor() {
    super("The recipient is not one plain email address");
  }
}

export function createReceiptService(deps: ReceiptDeps): ReceiptService {
  const run = backgroundRun(
    () => deliverDueReceipts(deps),
    (error) => deps.log?.error({ err: error }, "receipt delivery failed"),
  );
  return { ...run, deliverDue: () => deliverDueReceipts(deps) };
}

/** The production senders: SMTP or the .eml outbox, and the outbox SMS provider. */
export function receiptDeps(
  db: Db,
  config: Pick<Config, "smtpUrl" | "receiptFrom" | "dataDir">,
  now: () => Date,
  log?: ReceiptDeps["log"],
  orderProgress?: OrderProgressReader,
): ReceiptDeps {
  return { db, now, email: createEmailSender(config), sms: outboxSmsProvider(config), orderProgress, log };
}

/** The retry loop: sends what is due every `intervalMs` (started by app.ts while the server listens). */
export function startReceiptRetryLoop(service: ReceiptService, intervalMs = 30_000): () => Promise<void> {
  return runEvery(service, intervalMs);
}
