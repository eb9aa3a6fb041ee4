import type { Checkout } from "@app/contracts";
import { DeliveryStage } from "@app/domain";
import { unprocessable } from "../../errors";
import { changeOpenCheckout, readCheckoutJson, updateCheckout } from "../checkout";
import { requireAllowedDate } from "../pickup-time";
import { type Deps, requireAddress } from "./delivery-address";
import { deliveryContext } from "./delivery-slot-input";
import { deliveryDates } from "./get-delivery-dates";

/** Chooses one of the delivery dates; clears a time chosen before. */
export async function setDeliveryDate(
  { db, now }: Deps,
  productionUnitId: number,
  checkoutId: string,
  date: string,
): Promise<Checkout> {
  const row = await changeOpenCheckout(db, checkoutId, productionUnitId, async (tx, checkout) => {
    requireAddress(checkout);
    const { slots } = await deliveryContext(tx, checkout, 0, now());
    requireAllowedDate(date, slots.now, slots.timeZone, slots.futureDays);
    const offered = await deliveryDates(tx, slots);
    if (!offered.some((candidate) => candidate.date === date)) {
      throw unprocessable("DATE_NOT_ALLOWED", "There is no delivery on this date", "date");
    }
    return updateCheckout(tx, checkout.id, {
      deliveryDate: date,
      deliveryStage: DeliveryStage.DATE_CHOSEN,
      orderReadyTime: null,
      updatedAt: now(),
    });
  });
  return readCheckoutJson(db, row);
}
