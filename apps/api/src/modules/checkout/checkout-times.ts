/** The pickup times a restaurant sets on its checkout instance, as the back office edits them. */
import { type Executor, schema } from "@app/db";
import { eq } from "@app/db/orm";

const { checkoutInstance } = schema;

/** Minutes between slots, minutes the kitchen needs before the first, days ahead a guest may order. */
export type CheckoutTimes = { orderTimeInterval: number; preparationMinutes: number; guestFutureOrderDates: number };

/** Uncached: the editor reads what is committed. */
export async function readCheckoutTimes(db: Executor, checkoutInstanceId: number): Promise<CheckoutTimes | undefined> {
  const [row] = await db
    .select({
      orderTimeInterval: checkoutInstance.orderTimeInterval,
      preparationMinutes: checkoutInstance.preparationMinutes,
      guestFutureOrderDates: checkoutInstance.guestFutureOrderDates,
    })
    .from(checkoutInstance)
    .where(eq(checkoutInstance.id, checkoutInstanceId));
  return row;
}

export async function saveCheckoutTimes(tx: Executor, checkoutInstanceId: number, times: CheckoutTimes): Promise<void> {
  await tx.update(checkoutInstance).set(times).where(eq(checkoutInstance.id, checkoutInstanceId));
}
