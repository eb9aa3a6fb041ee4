import type { Checkout, GuestInformationBody } from "@app/contracts";
import type { Db, Executor } from "@app/db";
import {
  DeliveryStage,
  type GuestFieldError,
  ORDER_COMMENT_MAX,
  sanitizeText,
  validateGuestInformation,
} from "@app/domain";
import { deliveryContext } from "../delivery/delivery-slot-input";
import { findSlot } from "../pickup-time/day-slots";
import { pickupSlotInput } from "../pickup-time/pickup-slot-input";
import { getModuleSettings } from "../settings/module-settings";
import { requireOwnModule } from "../tenancy/access";
import { changeOpenCheckout } from "./checkout-access";
import { basketTotals, type CheckoutRow } from "./checkout-totals";
import { type FieldError, FieldErrors } from "./field-errors";
import { type CheckoutChanges, updateCheckout } from "./repository";
import { toCheckoutJson } from "./to-checkout-json";

/** SPEC §5 / §8 texts for the domain's field error codes. */
const MESSAGES: Record<GuestFieldError["code"], string> = {
  "MissingFields.Name": "Please enter your name",
  "MissingFields.Phone": "Please enter your phone number",
  "MissingFields.Email": "Please enter your email",
  "Input.InvalidPhone": "Invalid content. The field may only contain numbers",
  "Input.Invalid": "Your input is invalid",
  "Input.TooLong": `The comment can be at most ${ORDER_COMMENT_MAX} characters`,
};

/**
 * Stores the guest's details and chosen time (issue 4: they travel together, flat). Every field
 * error is collected and answered at once (422); nothing is stored unless all of it is valid.
 * orderReadyTime: omitted keeps the stored time, null clears it, a value must be an offered slot of
 * the checkout's kind (pickup slot, or delivery slot on a delivery checkout) with room for the basket.
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
    const errors: FieldError[] = validateGuestInformation(body, settings.requiredGuestInformation).map((error) => ({
      code: error.code,
      message: MESSAGES[error.code],
      field: error.field,
    }));
    const changes: CheckoutChanges = {
      guestName: storedText(body.name, sanitizeText),
      guestPhone: storedText(body.phone),
      guestEmail: storedText(body.email),
      orderComment: storedText(body.orderComment, sanitizeText),
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
    if (errors.length > 0) throw new FieldErrors(errors);
    return updateCheckout(tx, checkout.id, changes);
  });
  return toCheckoutJson(db, row, now());
}

function storedText(value: string | null | undefined, clean: (text: string) => string = (text) => text) {
  const trimmed = value?.trim() ?? "";
  const cleaned = trimmed === "" ? "" : clean(trimmed);
  return cleaned === "" ? null : cleaned;
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

/** Whether the instant is an offered slot with room for the checkout's basket; the field error otherwise. */
export async function checkReadyTime(
  db: Executor,
  checkout: CheckoutRow,
  instant: Date,
  now: Date,
): Promise<FieldError | null> {
  const { itemCount } = await basketTotals(db, checkout.basketId);
  let input: Awaited<ReturnType<typeof pickupSlotInput>>;
  if (checkout.isDelivery) {
    input = (await deliveryContext(db, checkout, itemCount, now)).slots;
  } else {
    const found = await requireOwnModule(db, checkout.moduleId, checkout.productionUnitId);
    input = await pickupSlotInput(db, checkout, found.capacityInstanceId, itemCount, now);
  }
  const slot = await findSlot(db, input, instant);
  if (slot === "full") {
    return {
      code: "SLOT_FULL",
      message: "Sorry, this time is fully booked. Please choose another time",
      field: "orderReadyTime",
    };
  }
  if (slot === "not-a-slot") {
    return { code: "DeliveryMethod.TimePicker", message: "Please choose a time", field: "orderReadyTime" };
  }
  return null;
}
