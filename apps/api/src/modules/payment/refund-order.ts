/**
 * Giving back all the money of a placed order the restaurant rejected (issue 44): an online payment is refunded
 * at its provider through the refund outbox (REFUNDED 250), gift-card amounts go back onto the cards (REFUNDED
 * 250 and a positive card transaction), and a pay-at-pickup payment that was never paid is CANCELLED 2.
 *
 * Inside the rejecting transaction, whose conditional kitchen status change let exactly one caller through:
 * every move below is conditional on the payment still holding, so even a repeated call gives nothing back twice.
 * The refund at the provider happens after the commit (deps.refunds.kick()).
 */
import type { Executor } from "@app/db";
import { isHolding, PaymentState, PaymentType } from "@app/domain";
import { queueRefund } from "./refunds";
import { giveGiftcardsBack } from "./release-attempt";
import { findLivePayments, movePayment } from "./repository";

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

export async function refundOrderPayments(tx: Executor, checkoutId: string, now: Date): Promise<RefundedOrder> {
  const holding = (await findLivePayments(tx, checkoutId)).filter((row) => isHolding(row.state));
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
    refunded.onlineMinor += moved.amountMinor;
    if (await queueRefund(tx, moved, now)) refunded.refundQueued = true;
  }
  const cards = await giveGiftcardsBack(
    tx,
    holding.filter((row) => row.type === PaymentType.GIFTCARD),
    now,
  );
  refunded.giftcardMinor = cards.reduce((sum, row) => sum + row.amountMinor, 0);
  return refunded;
}
