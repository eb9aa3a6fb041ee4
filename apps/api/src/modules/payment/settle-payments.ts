/**
 * Settling payments without a guest request. Finalize normally runs right after a payment settles
 * (the provider's approval, or a pay-at-pickup / all-gift-card payment being created); the sweeper
 * catches what that could not do, every PAYMENT_SETTLE_INTERVAL_SECONDS (started by app.ts once
 * the server listens, and once right away, so a restart recovers at once):
 *
 * 1. waiting (CREATED) payments older than PAYMENT_EXPIRY_MINUTES are cancelled: gift-card money
 *    back, checkout OPEN again, voided at the provider (releaseAttempt, like a guest's cancel); so are
 *    online ones whose link (GET /payment/{id}/open) nobody followed within PAYMENT_PAGE_OPEN_MINUTES:
 *    an unpaid payment holds kitchen units and code uses (docs/decisions/025-unpaid-holds-are-limited.md);
 * 2. PENDING checkouts whose payment is settled but that have no order (the process died between the
 *    payment's commit and finalize, or finalize hit a passing fault) are finalized;
 * 3. due refunds are sent to the providers (refunds.ts).
 *
 * Several API processes on one PostgreSQL may sweep at once: expiry is a conditional
 * CREATED → CANCELLED move under the checkout's row lock, finalize locks the checkout row and answers
 * the existing order to whoever comes second, and refunds are claimed with SKIP LOCKED.
 */
import { backgroundRun, runEvery } from "../../background-run";
import type { Deps } from "../../deps";
import { AppError } from "../../errors";
import { touchCheckout } from "../checkout";
import { endWaitingPayment } from "./release-attempt";
import {
  findSettledCheckoutsWithoutOrder,
  findUnopenedPaymentsBefore,
  findWaitingPaymentsBefore,
  lockUnopenedPayment,
} from "./repository";

export type SettleDeps = Pick<Deps, "db" | "now" | "config" | "payments" | "refunds" | "orders" | "log">;

/** Rows of each kind handled per pass; the rest waits for the next pass. */
const BATCH = 100;
/**
 * A settled checkout is left to the request that settled it for this long before the sweeper
 * finalizes it, so the two rarely do the same work (it would be harmless: finalize is idempotent).
 * Short enough that, with the default sweep interval (30 s), a payment whose process died between
 * the approval and the order has its order (or its money back) within a minute (issue 11, case 8).
 */
export const SETTLED_GRACE_MS = 20_000;

/** A paid checkout still without an order after this long is logged as an error on every pass. */
export const STUCK_ALARM_MS = 10 * 60_000;

export type SettleReport = {
  expired: number;
  /** Cancelled because their page was not opened in time (decision 025). */
  unopened: number;
  finalized: number;
  refunded: number;
  refundsFailed: number;
};

/** One pass of the sweeper. */
export async function settlePayments(deps: SettleDeps): Promise<SettleReport> {
  const expired = await expireWaitingPayments(deps);
  const unopened = await releaseUnopenedPayments(deps);
  const finalized = await finalizeSettledCheckouts(deps);
  const refunds = await deps.refunds.deliverDue();
  return { expired, unopened, finalized, refunded: refunds.refunded, refundsFailed: refunds.failed };
}

async function expireWaitingPayments(deps: SettleDeps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - deps.config.paymentExpiryMinutes * 60_000);
  let expired = 0;
  for (const payment of await findWaitingPaymentsBefore(deps.db, cutoff, BATCH)) {
    try {
      const released = await endWaitingPayment(deps, payment);
      if (released.main) expired++;
    } catch (error) {
      deps.log.error({ paymentId: payment.id, err: error }, "waiting payment not expired");
    }
  }
  return expired;
}

/**
 * Cancels waiting online payments whose link was not followed within PAYMENT_PAGE_OPEN_MINUTES, exactly as
 * expiry does. Under the checkout's lock the payment's row is locked only if it is still unopened, so a
 * guest opening the page at the last moment either wins (the payment stays) or finds it cancelled.
 */
async function releaseUnopenedPayments(deps: SettleDeps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - deps.config.paymentPageOpenMinutes * 60_000);
  let released = 0;
  for (const payment of await findUnopenedPaymentsBefore(deps.db, cutoff, BATCH)) {
    try {
      const ended = await endWaitingPayment(deps, payment, (current, _checkout, tx) =>
        lockUnopenedPayment(tx, current.id),
      );
      if (ended.main) released++;
    } catch (error) {
      deps.log.error({ paymentId: payment.id, err: error }, "unopened payment not released");
    }
  }
  if (released > 0) deps.log.info({ released }, "payments whose page was not opened in time were cancelled");
  return released;
}

async function finalizeSettledCheckouts(deps: SettleDeps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - SETTLED_GRACE_MS);
  let finalized = 0;
  for (const checkout of await findSettledCheckoutsWithoutOrder(deps.db, cutoff, BATCH)) {
    if (await finalizeSettled(deps, checkout)) {
      finalized++;
      continue;
    }
    // Still no order: to the back of the queue, so it cannot crowd out newer ones; loud once it is old.
    await touchCheckout(deps.db, checkout.checkoutId, deps.now());
    const waitedMs = deps.now().getTime() - checkout.settledAt.getTime();
    if (waitedMs >= STUCK_ALARM_MS) {
      deps.log.error(
        {
          checkoutId: checkout.checkoutId,
          settledAt: checkout.settledAt,
          waitedMinutes: Math.round(waitedMs / 60_000),
        },
        "paid checkout still has no order; the money is held: look into it",
      );
    }
  }
  return finalized;
}

/**
 * Places the order of a checkout whose payment just settled. Never throws: a permanent refusal
 * (slot full, discount used up) has already closed the checkout (ERROR, money given back), which
 * the order page sees; anything else is logged and the sweeper tries again. True when it placed the order.
 */
export async function finalizeSettled(
  deps: Pick<Deps, "orders" | "log">,
  checkout: { checkoutId: string; productionUnitId: number },
): Promise<boolean> {
  try {
    return (await deps.orders.finalize(checkout, deps.log)).created;
  } catch (error) {
    if (error instanceof AppError) deps.log.info({ ...checkout, code: error.code }, "order not placed after payment");
    else deps.log.error({ ...checkout, err: error }, "finalize after payment failed; the sweeper will retry");
    return false;
  }
}

/** Runs a pass now and then every `intervalMs` (never two at once). Answers a stop function that waits for a running pass. */
export function startSettleLoop(deps: SettleDeps, intervalMs: number): () => Promise<void> {
  const pass = backgroundRun(
    () => settlePayments(deps),
    (error) => deps.log.error({ err: error }, "payment sweep failed"),
  );
  return runEvery(pass, intervalMs);
}
