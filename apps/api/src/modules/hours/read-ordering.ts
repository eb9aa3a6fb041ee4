import type { RestaurantOrdering } from "@app/contracts";
import type { Executor } from "@app/db";
import { toDkk } from "@app/domain";
import { notFound } from "../../errors";
import { readCapacityRules, readItemsPerSlot } from "../capacity";
import { readCheckoutTimes } from "../checkout";
import { findDeliveryInstance, readDeliveryZones } from "../delivery";
import { type ModuleRow, requireOwnModule } from "../tenancy";
import { requireRestaurantRow, sectionVersion } from "./section-edit";

export const ORDERING_ACTION = "ordering.update";

export type OrderingSection = Omit<RestaurantOrdering, "timeZone" | "version">;

/** GET …/ordering: pickup slots and lead time, future days, delivery slots and zones, kitchen capacity. */
export async function readOrdering(db: Executor, productionUnitId: number): Promise<RestaurantOrdering> {
  const row = await requireRestaurantRow(db, productionUnitId);
  const section = await readOrderingSection(db, await restaurantModule(db, productionUnitId));
  return { ...section, timeZone: row.unit.timeZone, version: sectionVersion(section) };
}

/** The restaurant's first module: the one the back office sets up (restaurant-setup). */
export async function restaurantModule(db: Executor, productionUnitId: number): Promise<ModuleRow> {
  const row = await requireRestaurantRow(db, productionUnitId);
  return requireOwnModule(db, row.moduleId, productionUnitId);
}

/** Read fresh from each table's owner, in a stable order, so the same contents give the same version. */
export async function readOrderingSection(db: Executor, module: ModuleRow): Promise<OrderingSection> {
  const times = await readCheckoutTimes(db, module.checkoutInstanceId);
  if (!times) throw notFound("Checkout instance");
  const itemsPerSlot = await readItemsPerSlot(db, module.capacityInstanceId);
  const rules = await readCapacityRules(db, module.capacityInstanceId);
  return {
    pickup: {
      intervalMinutes: times.orderTimeInterval,
      leadMinutes: times.preparationMinutes,
      futureDays: times.guestFutureOrderDates,
    },
    delivery: await readDelivery(db, module.deliveryInstanceId),
    capacity: { itemsPerSlot, rules },
  };
}

async function readDelivery(db: Executor, deliveryInstanceId: number | null): Promise<OrderingSection["delivery"]> {
  const instance = deliveryInstanceId === null ? undefined : await findDeliveryInstance(db, deliveryInstanceId);
  if (!instance) return null;
  const zones = await readDeliveryZones(db, instance.id);
  return {
    intervalMinutes: instance.timeInterval,
    leadMinutes: instance.preparationMinutes,
    zones: zones.map((zone) => ({
      zipCode: zone.zipCode,
      fee: toDkk(zone.feeMinor),
      minimumOrder: toDkk(zone.minimumOrderMinor),
    })),
  };
}
