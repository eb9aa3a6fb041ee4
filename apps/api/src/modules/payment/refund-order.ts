/**
 * Giving back all the money of a placed order the restaurant rejected (issue 44): an online payment is refunded
 * at its provider through the refund outbox (REFUNDED 250), gift-card amounts go back onto the cards (REFUNDED
 * 250 and a positive card transaction), and a pay-at-pickup payment that was never paid is CANCELLED 2.
 * What staff refunded earlier from the order's page (issue 45) is not given back twice: each payment gives back
 * only what it has left.
 *
 * Inside the rejecting transaction, whose conditional kitchen status change let exactly one caller through, and
 * under the order's lock (the refund feature's): every move below is conditional on the payment still holding, so
 * even a repeated call gives nothing back twice. The refund at the provider happens after the commit
 * (deps.refunds.kick()).
 */
import type { Executor } from "@app/db";
import { isHolding, PaymentState, PaymentType } from "@app/domain";
import { queueRefund } from "./refunds";
import {
  creditGiftcard,
  findLivePayments,
  findRefundedByPayment,
  insertGiftcardTransaction,
  insertOrderRefundPart,
  movePayment,
  type PaymentRow,
  refundHoldingPayments,
} from "./repository";

export type RefundedOrder = {
  /** Online money on its way back to the guest's card or MobilePay. */
  onlineMinor: number;
  /** Money put back onto gift cards. */
  giftcardMinor: number;
  /** A pay-at-pickup amount nobody will collect now. */
  cancelledMinor: number;
  /** Whether a refund row was written: kick the refund worker after the commit. */
  refundQueued: boolean;
};

/** The order refund (order_refund) the money given back belongs to: its rows carry its id. */
export type OrderRefundRef = { id: string; accountId: string | null };

/** What refundOrderPayments would give back now, online and onto gift cards: each holding payment's amount left. */
export async function leftOfHoldingPayments(tx: Executor, checkoutId: string): Promise<number> {
  const { holding, left } = await holdingPayments(tx, checkoutId);
  return holding.filter((row) => row.type !== PaymentType.UNPAID).reduce((sum, row) => sum + left(row), 0);
}

async function holdingPayments(tx: Executor, checkoutId: string) {
  const holding = (await findLivePayments(tx, checkoutId)).filter((row) => isHolding(row.state));
  const refundedBefore = await findRefundedByPayment(
    tx,
    holding.map((row) => row.id),
  );
  const left = (row: PaymentRow) => Math.max(0, row.amountMinor - (refundedBefore.get(row.id) ?? 0));
  return { holding, left };
}

export async function refundOrderPayments(
  tx: Executor,
  checkoutId: string,
  now: Date,
  orderRefund?: OrderRefundRef,
): Promise<RefundedOrder> {
  const { holding, left } = await holdingPayments(tx, checkoutId);
  const refunded: RefundedOrder = { onlineMinor: 0, giftcardMinor: 0, cancelledMinor: 0, refundQueued: false };
  for (const row of holding.filter((found) => found.type !== PaymentType.GIFTCARD)) {
    const online = row.type === PaymentType.ONLINE;
    const moved = await movePayment(
      tx,
      row.id,
      row.state,
      online ? PaymentState.REFUNDED : PaymentState.CANCELLED,
      now,
    );
    if (!moved) continue;
    if (!online) {
      refunded.cancelledMinor += moved.amountMinor;
      continue;
    }
    const amountMinor = left(moved);
    if (amountMinor <= 0) continue;
    refunded.onlineMinor += amountMinor;
    if (orderRefund) {
      await insertOrderRefundPart(tx, { paymentId: moved.id, amountMinor, orderRefundId: orderRefund.id, now });
      refunded.refundQueued = true;
    } else if (await queueRefund(tx, moved, now)) {
      refunded.refundQueued = true;
    }
  }
  const cards = await refundHoldingPayments(
    tx,
    holding.filter((row) => row.type === PaymentType.GIFTCARD).map((row) => row.id),
    now,
  );
  // A fixed order (gift card id) so two releases touching the same cards queue instead of deadlocking.
  cards.sort((a, b) => (a.giftcardId ?? 0) - (b.giftcardId ?? 0));
  for (const row of cards) {
    const amountMinor = left(row);
    if (row.giftcardId === null || amountMinor <= 0) continue;
    await creditGiftcard(tx, row.giftcardId, amountMinor);
    await insertGiftcardTransaction(tx, {
      giftcardId: row.giftcardId,
      paymentId: row.id,
      amountMinor,
      createdAt: now,
      orderRefund,
    });
    refunded.giftcardMinor += amountMinor;
  }
  return refunded;
}
