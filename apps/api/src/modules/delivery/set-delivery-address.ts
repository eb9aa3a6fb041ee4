import type { Checkout, DeliveryAddressQuery } from "@app/contracts";
import { DeliveryStage, isValidZipCode } from "@app/domain";
import { type ErrorItem, notFound, unprocessable, unprocessableItems } from "../../errors";
import { changeOpenCheckout, checkoutBasket, readCheckoutJson, updateCheckout } from "../checkout";
import { DELIVERY_NOT_POSSIBLE, type Deps } from "./delivery-address";
import { requireZoneMinimum } from "./delivery-minimum";
import { deliveryContext } from "./delivery-slot-input";
import { findDeliveryZone } from "./repository";

/**
 * Sets the address and zip code; the zip code decides the fee (422 DELIVERY_NOT_POSSIBLE outside the zones) and
 * the smallest basket delivered there (422 DELIVERY_BELOW_MINIMUM).
 */
export async function setDeliveryAddress(
  { db, now }: Deps,
  productionUnitId: number,
  checkoutId: string,
  query: DeliveryAddressQuery,
): Promise<Checkout> {
  const row = await changeOpenCheckout(db, checkoutId, productionUnitId, async (tx, checkout) => {
    if (query.moduleId !== checkout.moduleId) throw notFound("Module");
    const context = await deliveryContext(tx, checkout, 0, now());
    const address = query.address?.trim() ?? "";
    const zipCode = query.zipcode?.trim() ?? "";
    const errors: ErrorItem[] = [];
    if (address === "")
      errors.push({ code: "MISSING_ADDRESS", message: "Please enter your address", field: "address" });
    if (!isValidZipCode(zipCode)) {
      errors.push({ code: "INVALID_ZIPCODE", message: "Please enter your zipcode", field: "zipcode" });
    }
    if (errors.length > 0) throw unprocessableItems(errors);
    const zone = await findDeliveryZone(tx, context.deliveryInstanceId, zipCode);
    if (!zone) throw unprocessable("DELIVERY_NOT_POSSIBLE", DELIVERY_NOT_POSSIBLE, "zipcode");
    requireZoneMinimum(zone, (await checkoutBasket(tx, checkout)).totalMinor);
    return updateCheckout(tx, checkout.id, {
      isDelivery: true,
      deliveryAddress: address,
      deliveryZipCode: zone.zipCode,
      deliveryFeeMinor: zone.feeMinor,
      deliveryStage: DeliveryStage.ADDRESS_CHOSEN,
      deliveryDate: null,
      orderReadyTime: null,
      updatedAt: now(),
    });
  });
  return readCheckoutJson(db, row);
}
