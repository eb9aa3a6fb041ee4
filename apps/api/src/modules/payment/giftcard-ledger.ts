/**
 * The back office's writes of gift cards (issue 45): issuing a card and switching it off or on. Payment owns the
 * card and its ledger (a card's balance moves with a payment: drawn when one starts, credited back when it ends
 * without an order, refunded from an order's page); issuing is the one other way money comes onto a card, so it
 * is written here too, with its ledger line, and the giftcard module asks for it through payment/index.ts.
 */
import { type Executor, schema } from "@app/db";
import { eq, sql } from "@app/db/orm";

const { giftcard, giftcardTransaction } = schema;

export type GiftcardRow = typeof giftcard.$inferSelect;

/** A new card with its balance and the ledger's "issued" line; the code must be new to the instance. */
export async function issueGiftcard(
  tx: Executor,
  values: {
    giftcardInstanceId: number;
    code: string;
    amountMinor: number;
    validUntil: Date | null;
    accountId: string;
    at: Date;
  },
): Promise<GiftcardRow> {
  const { amountMinor, accountId, at, ...card } = values;
  const [row] = await tx
    .insert(giftcard)
    .values({
      ...card,
      balanceMinor: amountMinor,
      initialAmountMinor: amountMinor,
      updatedBy: accountId,
      updatedAt: at,
      createdAt: at,
    })
    .returning();
  await tx.insert(giftcardTransaction).values({
    giftcardId: row!.id,
    amountMinor,
    kind: "issued",
    accountId,
    createdAt: at,
  });
  return row!;
}

/**
 * Switches the card off or on and bumps its version; the caller has locked it and checked the version. Its balance
 * stays: a deactivated card pays nothing (payment's tryDrawGiftcard, giftcard's usable check) until switched on.
 */
export async function setGiftcardActive(
  tx: Executor,
  values: { giftcardId: number; isActive: boolean; accountId: string; at: Date },
): Promise<GiftcardRow> {
  const [row] = await tx
    .update(giftcard)
    .set({
      isActive: values.isActive,
      updatedBy: values.accountId,
      updatedAt: values.at,
      version: sql`${giftcard.version} + 1`,
    })
    .where(eq(giftcard.id, values.giftcardId))
    .returning();
  return row!;
}
