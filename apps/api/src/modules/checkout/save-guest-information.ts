import type { Checkout, GuestInformationBody } from "@app/contracts";
import type { Db, Executor } from "@app/db";
import { DeliveryStage, sanitizeGuestInformation, validateGuestInformation } from "@app/domain";
import { type ErrorItem, unprocessableItems } from "../../errors";
import { deliveryContext } from "../delivery/delivery-slot-input";
import { slotFull } from "../order/finalize";
import { findSlot, type SlotStatus } from "../pickup-time/day-slots";
import { pickupSlotInput } from "../pickup-time/pickup-slot-input";
import { getModuleSettings } from "../settings/module-settings";
import { requireOwnModule } from "../tenancy/access";
import { changeOpenCheckout } from "./checkout-access";
import { type CheckoutRow, checkoutBasket } from "./checkout-totals";
import { type CheckoutChanges, updateCheckout } from "./repository";
import { toCheckoutJson } from "./to-checkout-json";

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
  return toCheckoutJson(db, row, now());
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

/**
 * Where the instant stands for the checkout's basket (day-slots findSlot): pickup slots within the
 * opening hours, or delivery slots within the delivery hours on a delivery checkout, with the
 * kitchen units of the basket (no gift cards, no bag fee) against the slot's capacity.
 */
export async function readyTimeStatus(
  db: Executor,
  checkout: CheckoutRow,
  instant: Date,
  now: Date,
): Promise<SlotStatus> {
  const { kitchenItems } = await checkoutBasket(db, checkout);
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
  field = "orderReadyTime",
): Promise<ErrorItem | null> {
  const status = await readyTimeStatus(db, checkout, instant, now);
  if (status === "full") throw slotFull();
  if (status === "ok") return null;
  return { code: "DeliveryMethod.TimePicker", message: "Please choose a time", field };
}
