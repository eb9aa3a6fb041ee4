import { type Executor, schema } from "@app/db";

/** A new restaurant's delivery options: the schema's defaults and no zones (delivery is off by its setting). */
export async function createDeliveryInstance(tx: Executor): Promise<number> {
  const [row] = await tx.insert(schema.deliveryInstance).values({}).returning({ id: schema.deliveryInstance.id });
  return row!.id;
}
