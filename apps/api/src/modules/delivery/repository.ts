/** SQL of the delivery feature. */
import { type Executor, schema } from "@app/db";
import { and, eq } from "@app/db/orm";

const { deliveryInstance, deliveryZone } = schema;

export async function findDeliveryInstance(db: Executor, id: number) {
  const rows = await db.select().from(deliveryInstance).where(eq(deliveryInstance.id, id)).limit(1);
  return rows[0];
}

/** The zone (and its fee) of a zip code the instance delivers to. */
export async function findDeliveryZone(db: Executor, deliveryInstanceId: number, zipCode: string) {
  const rows = await db
    .select({ zipCode: deliveryZone.zipCode, feeMinor: deliveryZone.feeMinor })
    .from(deliveryZone)
    .where(and(eq(deliveryZone.deliveryInstanceId, deliveryInstanceId), eq(deliveryZone.zipCode, zipCode)))
    .limit(1);
  return rows[0];
}
