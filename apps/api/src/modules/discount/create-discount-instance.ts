import { type Executor, schema } from "@app/db";

/** A new restaurant's own set of discount codes, empty. */
export async function createDiscountInstance(tx: Executor): Promise<number> {
  const [row] = await tx.insert(schema.discountInstance).values({}).returning({ id: schema.discountInstance.id });
  return row!.id;
}
