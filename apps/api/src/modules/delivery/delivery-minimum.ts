import type { Executor } from "@app/db";
import { toDkk } from "@app/domain";
import { unprocessable } from "../../errors";
import type { CheckoutRow } from "../checkout";
import { requireOwnModule } from "../tenancy";
import { DELIVERY_NOT_POSSIBLE } from "./delivery-address";
import { findDeliveryZone } from "./repository";

export type DeliveryZone = { zipCode: string; feeMinor: number; minimumOrderMinor: number };

/**
 * 422 DELIVERY_BELOW_MINIMUM (field zipcode) when the basket (before fees and discounts) is below the zone's
 * minimum order. The storefront words it in the guest's language from the code.
 */
export function requireZoneMinimum(zone: DeliveryZone, basketTotalMinor: number): void {
  if (basketTotalMinor >= zone.minimumOrderMinor) return;
  throw unprocessable(
    "DELIVERY_BELOW_MINIMUM",
    `Delivery to ${zone.zipCode} needs an order of at least ${toDkk(zone.minimumOrderMinor)} kr.`,
    "zipcode",
  );
}

/**
 * Checked again when the payment starts: the basket may have shrunk since the address was accepted, and the
 * zone may have changed or gone (422 DELIVERY_NOT_POSSIBLE).
 */
export async function refuseBelowDeliveryMinimum(
  db: Executor,
  checkout: CheckoutRow,
  basketTotalMinor: number,
): Promise<void> {
  if (!checkout.isDelivery || checkout.deliveryZipCode === null) return;
  const found = await requireOwnModule(db, checkout.moduleId, checkout.productionUnitId);
  const zone =
    found.deliveryInstanceId === null
      ? undefined
      : await findDeliveryZone(db, found.deliveryInstanceId, checkout.deliveryZipCode);
  if (!zone) throw unprocessable("DELIVERY_NOT_POSSIBLE", DELIVERY_NOT_POSSIBLE, "zipcode");
  requireZoneMinimum(zone, basketTotalMinor);
}
