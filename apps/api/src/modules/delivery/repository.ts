/** SQL of the delivery feature. */
import { type Executor, schema } from "@app/db";
import { and, asc, eq } from "@app/db/orm";

const { deliveryInstance, deliveryZone } = schema;

export async function findDeliveryInstance(db: Executor, id: number) {
  const rows = await db.select().from(deliveryInstance).where(eq(deliveryInstance.id, id)).limit(1);
  return rows[0];
}

/** The zone (its fee and minimum order) of a zip code the instance delivers to. */
export async function findDeliveryZone(db: Executor, deliveryInstanceId: number, zipCode: string) {
  const rows = await db
    .select({
      zipCode: deliveryZone.zipCode,
      feeMinor: deliveryZone.feeMinor,
      minimumOrderMinor: deliveryZone.minimumOrderMinor,
    })
    .from(deliveryZone)
    .where(and(eq(deliveryZone.deliveryInstanceId, deliveryInstanceId), eq(deliveryZone.zipCode, zipCode)))
    .limit(1);
  return rows[0];
}

/** The instance's zones by zip code (the editor's read). */
export function readDeliveryZones(db: Executor, deliveryInstanceId: number) {
  return db
    .select({
      zipCode: deliveryZone.zipCode,
      feeMinor: deliveryZone.feeMinor,
      minimumOrderMinor: deliveryZone.minimumOrderMinor,
    })
    .from(deliveryZone)
    .where(eq(deliveryZone.deliveryInstanceId, deliveryInstanceId))
    .orderBy(asc(deliveryZone.zipCode));
}

/** The instance's slot interval and lead time, and exactly these zones, in the caller's transaction. */
export async function saveDeliverySetup(
  tx: Executor,
  deliveryInstanceId: number,
  setup: {
    timeInterval: number;
    preparationMinutes: number;
    zones: { zipCode: string; feeMinor: number; minimumOrderMinor: number }[];
  },
): Promise<void> {
  await tx
    .update(deliveryInstance)
    .set({ timeInterval: setup.timeInterval, preparationMinutes: setup.preparationMinutes })
    .where(eq(deliveryInstance.id, deliveryInstanceId));
  await tx.delete(deliveryZone).where(eq(deliveryZone.deliveryInstanceId, deliveryInstanceId));
  if (setup.zones.length > 0) {
    await tx.insert(deliveryZone).values(setup.zones.map((zone) => ({ deliveryInstanceId, ...zone })));
  }
}
