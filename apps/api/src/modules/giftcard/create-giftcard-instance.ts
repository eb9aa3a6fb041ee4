import { type Executor, schema } from "@app/db";

/** A new restaurant's own set of gift cards, empty. */
export async function createGiftcardInstance(tx: Executor): Promise<number> {
  const [row] = await tx.insert(schema.giftcardInstance).values({}).returning({ id: schema.giftcardInstance.id });
  return row!.id;
}
