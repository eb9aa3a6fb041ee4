import { type Executor, schema } from "@app/db";

/**
 * A new restaurant's kitchen capacity until it sets its own: 10 items per pickup slot, about what one cook
 * makes in a quarter of an hour (the demo restaurants have 12 and 20).
 */
export const DEFAULT_ITEMS_PER_SLOT = 10;

export async function createCapacityInstance(tx: Executor, itemsPerSlot = DEFAULT_ITEMS_PER_SLOT): Promise<number> {
  const [row] = await tx
    .insert(schema.capacityInstance)
    .values({ itemsPerSlot })
    .returning({ id: schema.capacityInstance.id });
  return row!.id;
}
