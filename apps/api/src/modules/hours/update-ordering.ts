/**
 * PUT …/ordering: pickup slot interval, lead time and future days (checkout owns them), delivery slot interval,
 * lead time and zones (delivery), kitchen items per slot and its rules (capacity), each written through its
 * owner, in one transaction with one audit entry "ordering.update".
 */
import type { RestaurantOrdering, UpdateRestaurantOrderingRequest } from "@app/contracts";
import type { Executor } from "@app/db";
import { orderingProblems, toMinor } from "@app/domain";
import type { Deps } from "../../deps";
import { unprocessable } from "../../errors";
import { saveSlotCapacity } from "../capacity";
import { saveCheckoutTimes } from "../checkout";
import { saveDeliverySetup } from "../delivery";
import { MANAGERS, requireRestaurant, type SignedInStaff } from "../staff";
import type { ModuleRow } from "../tenancy";
import { ORDERING_ACTION, readOrdering, readOrderingSection, restaurantModule } from "./read-ordering";
import { refuseProblems, saveSection } from "./section-edit";

export async function updateOrdering(
  deps: Deps,
  staff: SignedInStaff,
  productionUnitId: number,
  request: UpdateRestaurantOrderingRequest,
): Promise<RestaurantOrdering> {
  requireRestaurant(staff, productionUnitId, MANAGERS);
  refuseProblems(orderingProblems(request));
  const module = await restaurantModule(deps.db, productionUnitId);
  if (request.delivery && module.deliveryInstanceId === null) {
    throw unprocessable("DELIVERY_NOT_SET_UP", "This restaurant has no delivery set up", "delivery");
  }
  await saveSection(deps, staff, {
    productionUnitId,
    action: ORDERING_ACTION,
    version: request.version,
    read: (tx) => readOrderingSection(tx, module),
    write: (tx) => writeOrdering(tx, module, request),
  });
  return readOrdering(deps.db, productionUnitId);
}

async function writeOrdering(tx: Executor, module: ModuleRow, request: UpdateRestaurantOrderingRequest) {
  await saveCheckoutTimes(tx, module.checkoutInstanceId, {
    orderTimeInterval: request.pickup.intervalMinutes,
    preparationMinutes: request.pickup.leadMinutes,
    guestFutureOrderDates: request.pickup.futureDays,
  });
  if (request.delivery && module.deliveryInstanceId !== null) {
    await saveDeliverySetup(tx, module.deliveryInstanceId, {
      timeInterval: request.delivery.intervalMinutes,
      preparationMinutes: request.delivery.leadMinutes,
      zones: request.delivery.zones.map((zone) => ({
        zipCode: zone.zipCode.trim(),
        feeMinor: toMinor(zone.fee),
        minimumOrderMinor: toMinor(zone.minimumOrder),
      })),
    });
  }
  await saveSlotCapacity(tx, module.capacityInstanceId, request.capacity);
}
