/**
 * Ending a payment attempt and giving back what it holds — the one place that does it. Used when
 * the guest cancels, a new payment request replaces a waiting one, the provider cannot start the
 * payment, the provider declines or the guest cancels there, a waiting payment expires, and when
 * finalize fails for good.
 *
 * Always inside the caller's transaction with the checkout row locked first (as everywhere), so it
 * queues behind finalize, new attempts and other releases of the same checkout. What must talk to
 * the outside world (void at the provider, refund at the provider) happens after the commit:
 * `afterRelease`.
 */
import type { Executor } from "@app/db";
import { CheckoutState, LIVE_STATES, PaymentState, PaymentType } from "@app/domain";
import type { Deps } from "../../deps";
import { type CheckoutRow, loadOwnCheckout, setCheckoutState } from "../checkout";
import { releaseHolds } from "./attempt-holds";
import type { PaymentProvider, PaymentRow } from "./providers/provider";
import { queueRefund } from "./refunds";
import {
  creditGiftcard,
  findAttempt,
  findPayment,
  insertGiftcardTransaction,
  movePayment,
  refundHoldingPayments,
} from "./repository";

/**
 * - `cancelled`: a waiting attempt is given up (guest cancel, replaced, expired, provider unreachable
 *   or the guest cancelled on the provider's page): main payment CANCELLED 2, checkout OPEN again.
 * - `failed`: the provider declined a waiting attempt: main payment FAILED 64, checkout OPEN again.
 * - `closed`: the order can never be placed (finalize failed for good): an authorized online payment
 *   is REFUNDED 250 through the refund outbox, a pay-at-pickup one CANCELLED 2, checkout ERROR 3.
 * In every case the attempt's gift-card payments become REFUNDED 250 and their money goes back, and
 * the kitchen units and discount uses it held are given back (attempt-holds.ts).
 */
export type AttemptEnd = "cancelled" | "failed" | "closed";

export type ReleasedAttempt = {
  /** The attempt's main payment as it ended, or null when nothing was released. */
  main: PaymentRow | null;
  /** Gift-card payments given back. */
  giftcards: PaymentRow[];
  /** A waiting online payment that was cancelled after its provider started it: void it there after the commit. */
  toVoid: PaymentRow | null;
  /** Whether a refund row was written: start the refund worker after the commit. */
  refundQueued: boolean;
};

const NOTHING: ReleasedAttempt = { main: null, giftcards: [], toVoid: null, refundQueued: false };

/**
 * Ends attempt `attempt` of the (locked) checkout. `cancelled` and `failed` only end a waiting
 * attempt and change nothing otherwise; nothing is ever released from a checkout that has its order.
 */
export async function releaseAttempt(
  tx: Executor,
  checkout: CheckoutRow,
  attempt: number,
  end: AttemptEnd,
  now: Date,
): Promise<ReleasedAttempt> {
  if (checkout.orderId !== null) return NOTHING;
  const rows = (await findAttempt(tx, checkout.id, attempt)).filter((row) => LIVE_STATES.includes(row.state));
  const main = rows.find((row) => row.type !== PaymentType.GIFTCARD) ?? null;
  if (end !== "closed" && main?.state !== PaymentState.CREATED) return NOTHING;

  const released: ReleasedAttempt = { ...NOTHING };
  if (main) released.main = (await endMain(tx, main, end, now)) ?? null;
  if (main && released.main === null) return NOTHING; // someone else ended it first
  // Only a payment the provider has started (it has its reference) exists there to be voided; one still
  // being started is voided by its own request, which finds it no longer CREATED (createPayment).
  const cancelled = released.main?.state === PaymentState.CANCELLED && main?.state === PaymentState.CREATED;
  if (cancelled && released.main?.type === PaymentType.ONLINE && released.main.providerReference !== null) {
    released.toVoid = released.main;
  }
  if (released.main?.state === PaymentState.REFUNDED) {
    released.refundQueued = await queueRefund(tx, released.main, now);
  }

  // Before the gift cards: the lock order of attempt-holds.ts.
  await releaseHolds(tx, { checkoutId: checkout.id, attempt }, now);
  released.giftcards = await giveGiftcardsBack(
    tx,
    rows.filter((row) => row.type === PaymentType.GIFTCARD),
    now,
  );

  if (end === "closed") await setCheckoutState(tx, checkout.id, CheckoutState.ERROR, now);
  else if (checkout.state === CheckoutState.PENDING) await setCheckoutState(tx, checkout.id, CheckoutState.OPEN, now);
  return released;
}

async function endMain(tx: Executor, main: PaymentRow, end: AttemptEnd, now: Date) {
  if (main.state === PaymentState.CREATED) {
    const to = end === "failed" ? PaymentState.FAILED : PaymentState.CANCELLED;
    return movePayment(tx, main.id, PaymentState.CREATED, to, now);
  }
  // Holding (only when closing): online money goes back at the provider; pay at pickup was never paid.
  const to = main.type === PaymentType.ONLINE ? PaymentState.REFUNDED : PaymentState.CANCELLED;
  return movePayment(tx, main.id, main.state, to, now);
}

/** Gift-card payments still holding → REFUNDED, each card credited with a positive transaction. */
export async function giveGiftcardsBack(tx: Executor, rows: PaymentRow[], now: Date): Promise<PaymentRow[]> {
  const refunded = await refundHoldingPayments(
    tx,
    rows.map((row) => row.id),
    now,
  );
  // A fixed order (gift card id) so two releases touching the same cards queue instead of deadlocking.
  refunded.sort((a, b) => (a.giftcardId ?? 0) - (b.giftcardId ?? 0));
  for (const row of refunded) {
    if (row.giftcardId === null || row.amountMinor === 0) continue;
    await creditGiftcard(tx, row.giftcardId, row.amountMinor);
    await insertGiftcardTransaction(tx, {
      giftcardId: row.giftcardId,
      paymentId: row.id,
      amountMinor: row.amountMinor,
      createdAt: now,
    });
  }
  return refunded;
}

/** After the releasing transaction committed: void the cancelled payment at its provider, start refunds. */
export function afterRelease(deps: Pick<Deps, "payments" | "refunds" | "log">, released: ReleasedAttempt): void {
  if (released.toVoid) voidAtProvider(deps, released.toVoid);
  if (released.refundQueued) deps.refunds.kick();
}

/**
 * Ends a waiting payment in its own transaction: the guest cancelled it, its provider could not
 * start it, it expired, or its page was not opened in time. `check` sees the payment as it is now, under
 * the lock, and may refuse (throw) or leave it be (answer false); the payment is released only if it is
 * still waiting and `check` answered true. Answers what was released.
 */
export async function endWaitingPayment(
  deps: Pick<Deps, "db" | "now" | "payments" | "refunds" | "log">,
  payment: Pick<PaymentRow, "id" | "checkoutId" | "productionUnitId">,
  check: (current: PaymentRow, checkout: CheckoutRow, tx: Executor) => boolean | Promise<boolean> = () => true,
): Promise<ReleasedAttempt> {
  const released = await deps.db.transaction(async (tx) => {
    const checkout = await loadOwnCheckout(tx, payment.checkoutId, payment.productionUnitId, true);
    const current = await findPayment(tx, payment.id);
    if (!current) return NOTHING;
    if ((await check(current, checkout, tx)) === false) return NOTHING;
    if (current.state !== PaymentState.CREATED) return NOTHING;
    return releaseAttempt(tx, checkout, current.attempt, "cancelled", deps.now());
  });
  afterRelease(deps, released);
  return released;
}

/** Voids a cancelled online payment at its provider; best effort, never fails the caller. */
export function voidAtProvider(deps: Pick<Deps, "payments" | "log">, payment: PaymentRow): void {
  const provider: PaymentProvider | undefined = deps.payments.get(payment.provider);
  provider?.cancel(payment).catch((error: unknown) => {
    // The payment is CANCELLED here whatever the provider says; should the guest still complete it
    // there, the provider's late approval is refunded (outcomes.report).
    deps.log.warn({ paymentId: payment.id, err: error }, "payment not voided at its provider");
  });
}
