import type { Executor } from "@app/db";
import type { ErrorItem } from "../../errors";
import { slotFull } from "../capacity";
import { type CheckoutRow, checkoutBasket } from "../checkout";
import { findSlot, pickupSlotInput, type SlotStatus } from "../pickup-time";
import { requireOwnModule } from "../tenancy";
import { deliveryContext } from "./delivery-slot-input";

/**
 * Where the instant stands for the checkout's basket (day-slots findSlot): pickup slots within the
 * opening hours, or delivery slots within the delivery hours on a delivery checkout, with the
 * kitchen units of the basket (no gift cards, no bag fee) against the slot's capacity. A caller that
 * has just read the basket passes its kitchen units.
 */
export async function readyTimeStatus(
  db: Executor,
  checkout: CheckoutRow,
  instant: Date,
  now: Date,
  kitchenItems?: number,
): Promise<SlotStatus> {
  kitchenItems ??= (await checkoutBasket(db, checkout)).kitchenItems;
  if (checkout.isDelivery) {
    return findSlot(db, (await deliveryContext(db, checkout, kitchenItems, now)).slots, instant);
  }
  const found = await requireOwnModule(db, checkout.moduleId, checkout.productionUnitId);
  return findSlot(db, await pickupSlotInput(db, checkout, found.capacityInstanceId, kitchenItems, now), instant);
}

/**
 * Whether the instant is an offered slot with room for the checkout's basket: null when it is; the
 * field error (DeliveryMethod.TimePicker) when it is not offered; a slot without room throws
 * slotFull() (409 SLOT_FULL), the refusal finalize gives, so a client meets one code for it.
 */
export async function checkReadyTime(
  db: Executor,
  checkout: CheckoutRow,
  instant: Date,
  now: Date,
  { field = "orderReadyTime", kitchenItems }: { field?: string; kitchenItems?: number } = {},
): Promise<ErrorItem | null> {
  const status = await readyTimeStatus(db, checkout, instant, now, kitchenItems);
  if (status === "full") throw slotFull();
  if (status === "ok") return null;
  return { code: "DeliveryMethod.TimePicker", message: "Please choose a time", field };
}
