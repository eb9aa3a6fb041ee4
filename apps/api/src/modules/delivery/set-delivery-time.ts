import type { Checkout } from "@app/contracts";
import { DeliveryStage, localParts } from "@app/domain";
import { unprocessable } from "../../errors";
import { changeOpenCheckout, findTimeZone, readCheckoutJson, updateCheckout } from "../checkout";
import { checkReadyTime } from "./check-ready-time";
import { type Deps, requireAddress } from "./delivery-address";

/**
 * Chooses a delivery slot: it becomes the checkout's orderReadyTime (stage FINAL). Checked like the
 * time in the guest information (checkReadyTime): 422 DeliveryMethod.TimePicker when it is not an
 * offered delivery slot, 409 SLOT_FULL when the basket no longer fits.
 */
export async function setDeliveryTime(
  { db, now }: Deps,
  productionUnitId: number,
  checkoutId: string,
  deliveryTime: string,
): Promise<Checkout> {
  const row = await changeOpenCheckout(db, checkoutId, productionUnitId, async (tx, checkout) => {
    requireAddress(checkout);
    const instant = new Date(deliveryTime);
    const problem = await checkReadyTime(tx, checkout, instant, now(), { field: "deliveryTime" });
    if (problem) throw unprocessable(problem.code, problem.message, problem.field);
    const timeZone = await findTimeZone(tx, checkout.productionUnitId);
    return updateCheckout(tx, checkout.id, {
      orderReadyTime: instant,
      deliveryDate: localParts(instant, timeZone).date,
      deliveryStage: DeliveryStage.FINAL,
      updatedAt: now(),
    });
  });
  return readCheckoutJson(db, row);
}
