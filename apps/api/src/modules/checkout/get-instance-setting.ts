import type { InstanceSetting } from "@app/contracts";
import type { Executor } from "@app/db";
import { notFound } from "../../errors";
import { requireOwnInstance } from "../tenancy";
import { findCheckoutInstance } from "./repository";

/** The settings of a checkout instance that a module of the token's unit uses (404 otherwise). */
export async function getInstanceSetting(
  db: Executor,
  productionUnitId: number,
  instanceId: number,
): Promise<InstanceSetting> {
  await requireOwnInstance(db, "checkoutInstanceId", instanceId, productionUnitId);
  const instance = await findCheckoutInstance(db, instanceId);
  if (!instance) throw notFound("Instance");
  return {
    instanceId: instance.id,
    isGiftcardEnabled: instance.isGiftcardEnabled,
    isDiscountEnabled: instance.isDiscountEnabled,
    guestFutureOrderDates: instance.guestFutureOrderDates,
    chainDeliveryEnabled: instance.chainDeliveryEnabled,
    orderTimeInterval: instance.orderTimeInterval,
  };
}
