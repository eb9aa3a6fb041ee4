/** SQL of the kitchen feature: kitchen_order, the kitchen's status of each order. */
import { type Executor, schema } from "@app/db";

const { kitchenOrder } = schema;

export type KitchenOrderRow = typeof kitchenOrder.$inferSelect;

export async function insertKitchenOrder(tx: Executor, row: typeof kitchenOrder.$inferInsert): Promise<void> {
  await tx.insert(kitchenOrder).values(row);
}
