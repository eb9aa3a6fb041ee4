import { type Executor, schema } from "@app/db";

/** A new restaurant's first receipt is number 1001, like the demo restaurants'. */
export const FIRST_RECEIPT_NUMBER = 1001;

/** The restaurant's receipt numbering, so its first order gets FIRST_RECEIPT_NUMBER. */
export async function startReceiptSequence(tx: Executor, productionUnitId: number): Promise<void> {
  await tx.insert(schema.receiptSequence).values({ productionUnitId, lastNumber: FIRST_RECEIPT_NUMBER - 1 });
}
