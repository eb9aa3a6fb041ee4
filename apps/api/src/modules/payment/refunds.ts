/**
 * Giving money back at a payment's provider, reliably. A refund is decided inside a transaction
 * (finalize failed for good after the payment was authorized, or a provider approved a payment the
 * core had already cancelled) and that same transaction writes a payment_refund row. The row is
 * worked after the commit (kick) and by the payment sweeper: the provider is asked until it
 * confirms, with exponential backoff between failed tries. Nothing waits for it and nothing is
 * given up: a refund that keeps failing stays due and is logged as an error.
 *
 * Rows are claimed with `for update skip locked` and a lease (nextAttemptAt moved ahead), so
 * several API processes on one PostgreSQL never ask the provider for the same refund at once.
 * The row's id is handed to the provider as idempotency key: a refund repeated after a crash
 * (provider confirmed, done_at not yet written) must not pay twice.
 */

import type { Db, Executor } from "@app/db";
import type { FastifyBaseLogger } from "fastify";
import { backgroundRun } from "../../background-run";
import type { RefundService } from "../../deps";
import type { PaymentProviders, PaymentRow } from "./providers/provider";
import { claimDueRefunds, findPayment, insertRefund, markRefundDone, markRefundFailed } from "./repository";

const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
/** How long a claimed refund is left alone by other workers. */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;
/** From this many failed tries on, each failure is logged as an error: someone should look at the provider. */
const ALARM_ATTEMPTS = 5;

export type RefundDeps = {
  db: Db;
  now: () => Date;
  payments: PaymentProviders;
  log?: Pick<FastifyBaseLogger, "warn" | "error">;
};

/** Queues the refund of the payment's whole amount; false when it was already queued (or is 0). Run inside the deciding transaction. */
export async function queueRefund(tx: Executor, payment: PaymentRow, now: Date): Promise<boolean> {
  if (payment.amountMinor <= 0) return false;
  return insertRefund(tx, { paymentId: payment.id, amountMinor: payment.amountMinor, now });
}

/** Delay before try n + 1 after n failed tries: 30 s, 1 min, 2 min, … at most 6 h. */
export function refundRetryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** Asks the providers for every refund that is due now; answers how many were confirmed and how many failed. */
export async function deliverDueRefunds(deps: RefundDeps): Promise<{ refunded: number; failed: number }> {
  let refunded = 0;
  let failed = 0;
  for (;;) {
    const claimed = await deps.db.transaction((tx) => claimDueRefunds(tx, deps.now(), LEASE_MS, BATCH));
    for (const refund of claimed) {
      if (await refundOne(deps, refund)) refunded++;
      else failed++;
    }
    // Claimed rows are leased ahead, so a failing one is not taken again in this run.
    if (claimed.length < BATCH) return { refunded, failed };
  }
}

async function refundOne(
  deps: RefundDeps,
  refund: Awaited<ReturnType<typeof claimDueRefunds>>[number],
): Promise<boolean> {
  const attempts = refund.attempts + 1;
  try {
    const payment = await findPayment(deps.db, refund.paymentId);
    if (!payment) throw new Error("The payment does not exist");
    const provider = deps.payments.get(payment.provider);
    if (!provider) throw new Error(`The payment provider "${payment.provider}" is not configured on this server`);
    await provider.refund(payment, refund.amountMinor, refund.id);
    await markRefundDone(deps.db, refund.id, attempts, deps.now());
    return true;
  } catch (error) {
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    await markRefundFailed(deps.db, refund.id, {
      attempts,
      lastError,
      nextAttemptAt: new Date(deps.now().getTime() + refundRetryDelayMs(attempts)),
    });
    const fields = { paymentRefundId: refund.id, paymentId: refund.paymentId, attempts, err: lastError };
    if (attempts >= ALARM_ATTEMPTS) deps.log?.error(fields, "refund still not accepted by the provider");
    else deps.log?.warn(fields, "refund not accepted by the provider; will retry");
    return false;
  }
}

export function createRefundService(deps: RefundDeps): RefundService {
  const run = backgroundRun(
    () => deliverDueRefunds(deps),
    (error) => deps.log?.error({ err: error }, "refund run failed"),
  );
  return { ...run, deliverDue: () => deliverDueRefunds(deps) };
}
