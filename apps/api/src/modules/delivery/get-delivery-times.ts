import type { PickupTimeSlot } from "@app/contracts";
import { localParts } from "@app/domain";
import { checkoutBasket, loadOwnCheckout } from "../checkout";
import { daySlots } from "../pickup-time";
import type { Deps } from "./delivery-address";
import { deliveryContext } from "./delivery-slot-input";

/** The delivery slots of the chosen date (today until one is chosen) for the checkout's basket. */
export async function getDeliveryTimes(
  { db, now }: Deps,
  productionUnitId: number,
  checkoutId: string,
): Promise<PickupTimeSlot[]> {
  const checkout = await loadOwnCheckout(db, checkoutId, productionUnitId);
  const { kitchenItems } = await checkoutBasket(db, checkout);
  const { slots } = await deliveryContext(db, checkout, kitchenItems, now());
  const date = checkout.deliveryDate ?? localParts(slots.now, slots.timeZone).date;
  return daySlots(db, { ...slots, date });
}
