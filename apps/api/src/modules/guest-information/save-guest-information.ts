import type { Checkout, GuestInformationBody } from "@app/contracts";
import type { Db } from "@app/db";
import { DeliveryStage, sanitizeGuestInformation, validateGuestInformation } from "@app/domain";
import { type ErrorItem, unprocessableItems } from "../../errors";
import {
  type CheckoutChanges,
  type CheckoutRow,
  changeOpenCheckout,
  readCheckoutJson,
  updateCheckout,
} from "../checkout";
import { checkReadyTime } from "../delivery";
import { getModuleSettings } from "../settings";

/**
 * Stores the guest's details and chosen time (issue 4: they travel together, flat). The details are
 * sanitized first (SPEC §5) and the sanitized values validated, so what is judged is what is stored.
 * Every field error is collected and answered at once (422); nothing is stored unless all of it is
 * valid. orderReadyTime: omitted keeps the stored time, null clears it, a value must be an offered
 * slot of the checkout's kind (pickup slot, or delivery slot on a delivery checkout); a slot without
 * room for the basket is 409 SLOT_FULL, as at finalize.
 */
export async function saveGuestInformation(
  deps: { db: Db; now: () => Date },
  productionUnitId: number,
  checkoutId: string,
  body: GuestInformationBody,
): Promise<Checkout> {
  const { db, now } = deps;
  const row = await changeOpenCheckout(db, checkoutId, productionUnitId, async (tx, checkout) => {
    const settings = await getModuleSettings(tx, checkout.moduleId);
    const values = sanitizeGuestInformation(body);
    const errors: ErrorItem[] = validateGuestInformation(values, settings.requiredGuestInformation);
    const changes: CheckoutChanges = {
      guestName: values.name,
      guestPhone: values.phone,
      guestEmail: values.email,
      orderComment: values.orderComment,
      amountOfGuests: body.amountOfGuests ?? null,
      amountOfKids: body.amountOfKids ?? null,
      updatedAt: now(),
    };
    if (body.orderReadyTime === null) {
      Object.assign(changes, clearedTime(checkout));
    } else if (body.orderReadyTime !== undefined) {
      const instant = new Date(body.orderReadyTime);
      const problem = await checkReadyTime(tx, checkout, instant, now());
      if (problem) errors.push(problem);
      else Object.assign(changes, chosenTime(checkout, instant));
    }
    if (errors.length > 0) throw unprocessableItems(errors);
    return updateCheckout(tx, checkout.id, changes);
  });
  return readCheckoutJson(db, row);
}

function clearedTime(checkout: CheckoutRow): CheckoutChanges {
  if (checkout.isDelivery && checkout.deliveryStage === DeliveryStage.FINAL) {
    return { orderReadyTime: null, deliveryStage: DeliveryStage.DATE_CHOSEN };
  }
  return { orderReadyTime: null };
}

function chosenTime(checkout: CheckoutRow, instant: Date): CheckoutChanges {
  return checkout.isDelivery
    ? { orderReadyTime: instant, deliveryStage: DeliveryStage.FINAL }
    : { orderReadyTime: instant };
}
