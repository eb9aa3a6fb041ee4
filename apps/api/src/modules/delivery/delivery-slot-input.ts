import type { AppSettings } from "@app/contracts";
import type { Executor } from "@app/db";
import { notFound, unprocessable } from "../../errors";
import type { CheckoutRow } from "../checkout";
import { findCheckoutInstance, findTimeZone } from "../checkout";
import type { DaySlotsInput } from "../pickup-time";
import { getModuleSettings } from "../settings";
import { requireOwnModule } from "../tenancy";
import { findDeliveryInstance } from "./repository";

export type DeliveryContext = {
  settings: AppSettings;
  deliveryInstanceId: number;
  /** Slot input without the date: delivery hours, the delivery instance's interval and lead time. */
  slots: Omit<DaySlotsInput, "date">;
};

/**
 * What delivery of a checkout depends on: the module's deliveryEnabled setting and delivery instance
 * (422 DELIVERY_DISABLED without them), delivery hours, the delivery instance's timeInterval and
 * preparationMinutes, the checkout instance's guestFutureOrderDates and the kitchen capacity.
 */
export async function deliveryContext(
  db: Executor,
  checkout: CheckoutRow,
  items: number,
  now: Date,
): Promise<DeliveryContext> {
  const found = await requireOwnModule(db, checkout.moduleId, checkout.productionUnitId);
  const settings = await getModuleSettings(db, found.id);
  if (!settings.deliveryEnabled || found.deliveryInstanceId === null) {
    throw unprocessable("DELIVERY_DISABLED", "This restaurant does not deliver");
  }
  // One query after another: `db` may be a transaction (one connection, one query at a time).
  const delivery = await findDeliveryInstance(db, found.deliveryInstanceId);
  const instance = await findCheckoutInstance(db, checkout.checkoutInstanceId);
  const timeZone = await findTimeZone(db, checkout.productionUnitId);
  if (!delivery) throw notFound("Delivery instance");
  if (!instance) throw notFound("Checkout instance");
  return {
    settings,
    deliveryInstanceId: delivery.id,
    slots: {
      productionUnitId: checkout.productionUnitId,
      timeZone,
      kind: "delivery",
      intervalMinutes: delivery.timeInterval,
      leadMinutes: delivery.preparationMinutes,
      futureDays: instance.guestFutureOrderDates,
      capacityInstanceId: found.capacityInstanceId,
      enforceCapacity: settings.enforceCapacity,
      items,
      now,
    },
  };
}
