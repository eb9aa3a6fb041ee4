/**
 * The payment side of a refund staff make from an order's page (issue 45): what each payment of the order brought
 * in and has given back so far, and giving a split of an amount back through them — a card or MobilePay part
 * queued in the refund outbox (one payment_refund per part, its id the provider's idempotency key), a gift-card
 * part credited back onto the card with a 'refunded' ledger row. The refund feature decides the amount and the
 * split under the order's lock; the moves here run in its transaction.
 */
import type { Executor } from "@app/db";
import { isHolding, PaymentState, PaymentType, type RefundPart, type RefundSource } from "@app/domain";
import { unprocessable } from "../../errors";
import { findStoredAccountOfUnit, isTakingAccount } from "../payment-accounts";
import type { OrderRefundRef } from "./refund-order";
import {
  creditGiftcard,
  findLatestAttemptPayments,
  findOrderRefundParts,
  findPayment,
  findRefundedByPayment,
  insertGiftcardTransaction,
  insertOrderRefundPart,
  insertRefundMadeAtProvider,
  movePayment,
  type PaymentRow,
} from "./repository";

export type OrderPaymentView = RefundSource & {
  method: string;
  state: number;
  type: number;
  isTest: boolean;
};

/**
 * The payments of the attempt that placed the order, each with what it brought in (0 for pay at pickup and for
 * one that never held money) and what was given back of it so far.
 */
export async function readOrderPayments(db: Executor, checkoutId: string): Promise<OrderPaymentView[]> {
  const rows = await findLatestAttemptPayments(db, [checkoutId]);
  const refunded = await findRefundedByPayment(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    paymentId: row.id,
    kind: row.type === PaymentType.GIFTCARD ? "giftcard" : "online",
    amountMinor: broughtIn(row) ? row.amountMinor : 0,
    refundedMinor: refunded.get(row.id) ?? 0,
    method: row.type === PaymentType.UNPAID ? "pickup" : row.method,
    state: row.state,
    type: row.type,
    isTest: row.isTest,
  }));
}

/** Money came in by the payment: paid online or by gift card, still held or (partly) given back since. */
function broughtIn(row: PaymentRow): boolean {
  if (row.type === PaymentType.UNPAID) return false;
  return isHolding(row.state) || row.state === PaymentState.REFUNDED;
}

export type GivenBack = { onlineMinor: number; giftcardMinor: number; refundQueued: boolean };

/**
 * Gives the parts back. A payment whose whole amount is given back by now moves to REFUNDED, as a rejected order's
 * would. Gift cards are credited in card id order, the lock order of every other credit.
 */
export async function giveRefundPartsBack(
  tx: Executor,
  parts: RefundPart[],
  orderRefund: OrderRefundRef,
  now: Date,
): Promise<GivenBack> {
  const given: GivenBack = { onlineMinor: 0, giftcardMinor: 0, refundQueued: false };
  const rows = new Map<string, PaymentRow>();
  for (const part of parts) {
    const row = await findPayment(tx, part.paymentId);
    if (!row) throw new Error(`The payment ${part.paymentId} does not exist`);
    if (part.kind === "online") await requireTakingAccount(tx, row);
    rows.set(row.id, row);
  }
  const giftcardOf = (part: RefundPart) => rows.get(part.paymentId)?.giftcardId ?? 0;
  const ordered = [...parts].sort((a, b) => giftcardOf(a) - giftcardOf(b));
  for (const part of ordered) {
    const row = rows.get(part.paymentId)!;
    if (part.kind === "online") {
      await insertOrderRefundPart(tx, { ...part, orderRefundId: orderRefund.id, now });
      given.onlineMinor += part.amountMinor;
      given.refundQueued = true;
    } else {
      if (row.giftcardId === null) throw new Error(`The gift-card payment ${row.id} has no card`);
      await creditGiftcard(tx, row.giftcardId, part.amountMinor);
      await insertGiftcardTransaction(tx, {
        giftcardId: row.giftcardId,
        paymentId: row.id,
        amountMinor: part.amountMinor,
        createdAt: now,
        orderRefund,
      });
      given.giftcardMinor += part.amountMinor;
    }
  }
  await markWhollyRefunded(tx, [...rows.values()], now);
  return given;
}

/**
 * A card or MobilePay part goes back through the provider account that took the payment. If the organisation has
 * since removed it or stored another account (or the other mode), that account cannot refund it: refused before
 * anything is written (the refund's transaction rolls back), saying where it can be refunded instead.
 */
async function requireTakingAccount(tx: Executor, payment: PaymentRow): Promise<void> {
  if (isTakingAccount(payment, await findStoredAccountOfUnit(tx, payment.productionUnitId))) return;
  throw unprocessable(
    "Refund.OtherProviderAccount",
    "This payment was taken with another Stripe account than the one connected now (it was removed or replaced " +
      "since): nothing was refunded. Refund it in that account's Stripe dashboard",
  );
}

/**
 * A refund the provider made by itself (Stripe's dashboard) of an online payment, as a done part of `orderRefund`
 * (the refund feature's row): the payment's refunded total includes it, and REFUNDED once it is all given back.
 */
export async function takeOverProviderRefund(
  tx: Executor,
  paymentId: string,
  amountMinor: number,
  orderRefund: OrderRefundRef,
  now: Date,
): Promise<void> {
  const row = await findPayment(tx, paymentId);
  if (!row) throw new Error(`The payment ${paymentId} does not exist`);
  await insertRefundMadeAtProvider(tx, { paymentId, amountMinor, orderRefundId: orderRefund.id, now });
  await markWhollyRefunded(tx, [row], now);
}

async function markWhollyRefunded(tx: Executor, rows: PaymentRow[], now: Date): Promise<void> {
  const refunded = await findRefundedByPayment(
    tx,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    if (isHolding(row.state) && (refunded.get(row.id) ?? 0) >= row.amountMinor) {
      await movePayment(tx, row.id, row.state, PaymentState.REFUNDED, now);
    }
  }
}

export { findOrderRefundParts };
