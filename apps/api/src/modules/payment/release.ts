/**
 * Giving back what a payment attempt holds: the gift-card money it drew (balance back, a positive
 * giftcard_transaction, payment REFUNDED 250). Used when the guest cancels or the provider declines
 * (the checkout reopens), when a new attempt replaces a waiting one, and when finalize fails for good.
 */
import type { Executor } from "@app/db";
import { schema } from "@app/db";
import { and, eq, inArray } from "@app/db/orm";
import { PaymentState, PaymentType } from "@app/domain";
import type { PaymentRow } from "./providers/provider";
import { creditGiftcard, insertGiftcardTransaction } from "./repository";

const { payment } = schema;

const HOLDING_STATES = [PaymentState.AUTHORIZED, PaymentState.PARTIALLYCAPTURED, PaymentState.CAPTURED];

/** Refunds the checkout's live gift-card payments; answers the refunded rows. Run inside a transaction. */
export async function refundGiftcardPayments(tx: Executor, checkoutId: string, now: Date): Promise<PaymentRow[]> {
  const refunded = await tx
    .update(payment)
    .set({ state: PaymentState.REFUNDED, updatedAt: now })
    .where(
      and(
        eq(payment.checkoutId, checkoutId),
        eq(payment.type, PaymentType.GIFTCARD),
        inArray(payment.state, HOLDING_STATES),
      ),
    )
    .returning();
  // A fixed order (gift card id) so two refunds touching the same cards queue instead of deadlocking.
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
