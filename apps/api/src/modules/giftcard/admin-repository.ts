/** SQL of the back office's gift-card reads (the writes are payment's: payment/giftcard-ledger.ts). */
import { type Executor, schema } from "@app/db";
import { and, desc, eq, sql } from "@app/db/orm";

const { giftcard, giftcardTransaction, order, orderRefund, payment, staffAccount } = schema;

/** At most this many cards in one list: the newest; a search finds older ones. */
export const GIFTCARD_LIST_LIMIT = 200;

export function listGiftcards(db: Executor, giftcardInstanceId: number, search: string) {
  // Codes are compared without their dashes, so "ht7k xq3m" and "HT7K-XQ3M" find the same card.
  const wanted = search.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return db
    .select()
    .from(giftcard)
    .where(
      and(
        eq(giftcard.giftcardInstanceId, giftcardInstanceId),
        wanted ? sql`replace(${giftcard.code}, '-', '') like ${`%${wanted}%`}` : undefined,
      ),
    )
    .orderBy(desc(giftcard.createdAt), desc(giftcard.id))
    .limit(GIFTCARD_LIST_LIMIT);
}

export async function findGiftcardOfInstance(db: Executor, giftcardInstanceId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(giftcard)
    .where(and(eq(giftcard.id, id), eq(giftcard.giftcardInstanceId, giftcardInstanceId)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function isGiftcardCodeTaken(db: Executor, giftcardInstanceId: number, code: string): Promise<boolean> {
  const rows = await db
    .select({ id: giftcard.id })
    .from(giftcard)
    .where(and(eq(giftcard.giftcardInstanceId, giftcardInstanceId), eq(giftcard.code, code)))
    .limit(1);
  return rows.length > 0;
}

/** The card's ledger, newest first, with the receipt number of the order each line belongs to and who did it. */
export function findLedger(db: Executor, giftcardId: number) {
  return db
    .select({
      id: giftcardTransaction.id,
      at: giftcardTransaction.createdAt,
      kind: giftcardTransaction.kind,
      amountMinor: giftcardTransaction.amountMinor,
      receiptNumber: sql<number | null>`coalesce(
        (select ${order.receiptNumber} from ${order} join ${payment} on ${payment.checkoutId} = ${order.checkoutId}
          where ${payment.id} = ${giftcardTransaction.paymentId}),
        (select ${order.receiptNumber} from ${order} join ${orderRefund} on ${orderRefund.orderId} = ${order.id}
          where ${orderRefund.id} = ${giftcardTransaction.orderRefundId}))`,
      by: staffAccount.name,
    })
    .from(giftcardTransaction)
    .leftJoin(staffAccount, eq(staffAccount.id, giftcardTransaction.accountId))
    .where(eq(giftcardTransaction.giftcardId, giftcardId))
    .orderBy(desc(giftcardTransaction.createdAt), desc(giftcardTransaction.id));
}
