import { type Executor, schema } from "@app/db";

/** A new restaurant's checkout options: the schema's defaults (codes and gift cards on, 15-minute slots). */
export async function createCheckoutInstance(tx: Executor): Promise<number> {
  const [row] = await tx.insert(schema.checkoutInstance).values({}).returning({ id: schema.checkoutInstance.id });
  return row!.id;
}
