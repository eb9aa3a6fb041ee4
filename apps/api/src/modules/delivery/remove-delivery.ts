import type { Checkout } from "@app/contracts";
import { DeliveryStage } from "@app/domain";
import { changeOpenCheckout, readCheckoutJson, updateCheckout } from "../checkout";
import type { Deps } from "./delivery-address";

/** Back to pickup: no address, no fee, no time (SPEC §4: switching clears delivery info and timeslot). */
export async function removeDelivery(
  { db, now }: Deps,
  productionUnitId: number,
  checkoutId: string,
): Promise<Checkout> {
  const row = await changeOpenCheckout(db, checkoutId, productionUnitId, (tx, checkout) =>
    updateCheckout(tx, checkout.id, {
      isDelivery: false,
      deliveryAddress: null,
      deliveryZipCode: null,
      deliveryFeeMinor: 0,
      deliveryDate: null,
      deliveryStage: DeliveryStage.INITIAL,
      orderReadyTime: null,
      updatedAt: now(),
    }),
  );
  return readCheckoutJson(db, row);
}
