/** SQL of the gift card feature. */
import { type Executor, schema } from "@app/db";
import { and, asc, eq } from "@app/db/orm";

const { giftcard, checkoutGiftcard } = schema;

/** The card of the instance; `code` must already be normalized (normalizeCode: codes are stored upper-case). */
export async function findGiftcard(db: Executor, giftcardInstanceId: number, code: string) {
  const rows = await db
    .select()
    .from(giftcard)
    .where(and(eq(giftcard.giftcardInstanceId, giftcardInstanceId), eq(giftcard.code, code)))
    .limit(1);
  return rows[0];
}

/** The amounts of the other gift cards applied to the checkout. */
export async function findOtherCheckoutGiftcards(db: Executor, checkoutId: string, exceptGiftcardId: number) {
  const rows = await db
    .select({ giftcardId: checkoutGiftcard.giftcardId, amountMinor: checkoutGiftcard.amountMinor })
    .from(checkoutGiftcard)
    .where(eq(checkoutGiftcard.checkoutId, checkoutId))
    .orderBy(asc(checkoutGiftcard.id));
  return rows.filter((row) => row.giftcardId !== exceptGiftcardId);
}
