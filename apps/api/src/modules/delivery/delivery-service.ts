/**
 * Delivery of a checkout (SPEC §4 delivery stages INITIAL 0 → ADDRESS_CHOSEN 1 → DATE_CHOSEN 2 →
 * FINAL 3). Choosing an address clears the date and time; choosing a date clears the time (SPEC §4
 * session rules, kept on the server too so a stale time can never reach the order).
 */
import type { Checkout, DeliveryAddressQuery, DeliveryDate, PickupTimeSlot } from "@app/contracts";
import type { Db, Executor } from "@app/db";
import { DeliveryStage, hoursOn, isValidZipCode, localParts } from "@app/domain";
import { type ErrorItem, notFound, unprocessable, unprocessableItems } from "../../errors";
import {
  type CheckoutRow,
  changeOpenCheckout,
  checkoutBasket,
  findTimeZone,
  loadOwnCheckout,
  toCheckoutJson,
  updateCheckout,
} from "../checkout";
import { allowedDates, daySlots, requireAllowedDate } from "../pickup-time";
import { findClosedDates, findHours } from "../tenancy";
import { checkReadyTime } from "./check-ready-time";
import { deliveryContext } from "./delivery-slot-input";
import { findDeliveryZone } from "./repository";

type Deps = { db: Db; now: () => Date };

export const DELIVERY_NOT_POSSIBLE = "Unfortunately, we cannot delivery to this address";

/** Sets the address and zip code; the zip code decides the fee (422 DELIVERY_NOT_POSSIBLE outside the zones). */
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
  return toCheckoutJson(db, row, now());
}

/** Today … today + guestFutureOrderDates: the dates with delivery hours and at least one slot left. */
export async function getDeliveryDates(
  { db, now }: Deps,
  productionUnitId: number,
  checkoutId: string,
): Promise<DeliveryDate[]> {
  const checkout = await loadOwnCheckout(db, checkoutId, productionUnitId);
  const { slots } = await deliveryContext(db, checkout, 0, now());
  return deliveryDates(db, slots);
}

async function deliveryDates(db: Executor, slots: Awaited<ReturnType<typeof deliveryContext>>["slots"]) {
  // One query after another: `db` may be a transaction (one connection, one query at a time).
  const weekly = await findHours(db, slots.productionUnitId, "delivery");
  const closedDates = await findClosedDates(db, slots.productionUnitId);
  const dates: DeliveryDate[] = [];
  for (const date of allowedDates(slots.now, slots.timeZone, slots.futureDays)) {
    const hours = hoursOn(date, weekly, closedDates);
    if (!hours) continue;
    if ((await daySlots(db, { ...slots, date })).length === 0) continue;
    dates.push({ date, opens: hours.opens, closes: hours.closes });
  }
  return dates;
}

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
  return toCheckoutJson(db, row, now());
}

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
    const problem = await checkReadyTime(tx, checkout, instant, now(), "deliveryTime");
    if (problem) throw unprocessable(problem.code, problem.message, problem.field);
    const timeZone = await findTimeZone(tx, checkout.productionUnitId);
    return updateCheckout(tx, checkout.id, {
      orderReadyTime: instant,
      deliveryDate: localParts(instant, timeZone).date,
      deliveryStage: DeliveryStage.FINAL,
      updatedAt: now(),
    });
  });
  return toCheckoutJson(db, row, now());
}

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
  return toCheckoutJson(db, row, now());
}

function requireAddress(checkout: CheckoutRow): void {
  if (!checkout.isDelivery) {
    throw unprocessable("MISSING_ADDRESS", "Please enter your address", "address");
  }
}
