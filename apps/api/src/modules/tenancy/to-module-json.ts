import type { Module } from "@app/contracts";
import type { ModuleRow } from "./repository";

export function toModuleJson(row: ModuleRow): Module {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    productionUnitId: row.productionUnitId,
    isActive: row.isActive,
    isVisible: row.isVisible,
    menuInstanceId: row.menuInstanceId,
    productInstanceId: row.productInstanceId,
    checkoutInstanceId: row.checkoutInstanceId,
    capacityInstanceId: row.capacityInstanceId,
    deliveryInstanceId: row.deliveryInstanceId,
    discountInstanceId: row.discountInstanceId,
    giftcardInstanceId: row.giftcardInstanceId,
    paymentInstanceId: row.paymentInstanceId,
    lavuInstanceId: row.lavuInstanceId,
    placeholderInstanceId: row.placeholderInstanceId,
    posSettingInstanceId: row.posSettingInstanceId,
  };
}
