import { type Executor, schema } from "@app/db";

/**
 * A new restaurant's payments: the built-in TEST MODE provider (no money moves) until real payment settings
 * exist (a later issue), so the restaurant can try its shop end to end at once.
 */
export async function createPaymentInstance(tx: Executor, provider = "test"): Promise<number> {
  const [row] = await tx
    .insert(schema.paymentInstance)
    .values({ provider })
    .returning({ id: schema.paymentInstance.id });
  return row!.id;
}
