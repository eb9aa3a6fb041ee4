/**
 * POST /order/validate: "validate the order with the restaurant" before paying (SPEC §4). Refuses
 * with 422 Payment.RestaurantOffline when the restaurant is closed now or closed at the chosen
 * time, SLOT_FULL when the chosen slot no longer fits the basket, BASKET_EMPTY when there is
 * nothing to order. Reads only; the capacity is taken at finalize.
 */
import { CheckoutState, hoursOn, localParts, openingStatus, parseHhMm, slotFits } from "@app/domain";
import type { Deps } from "../../deps";
import { conflict, notFound, unprocessable } from "../../errors";
import { findItemsPerSlot, usedBySlot } from "../capacity/repository";
import { basketTotals } from "../checkout/checkout-totals";
import { findCheckoutOfUnit } from "../payment/repository";
import { getModuleSettings } from "../settings/module-settings";
import { findClosedDates, findHours, findModuleOfUnit, findProductionUnit } from "../tenancy/repository";

export const restaurantOffline = () =>
  unprocessable(
    "Payment.RestaurantOffline",
    "Unfortunately, we cannot connect to the restaurant. Please try again later.",
  );

export async function validateOrder(
  deps: Deps,
  input: { checkoutId: string; productionUnitId: number; bodyProductionUnitId: number | undefined },
): Promise<{ valid: true }> {
  const { db, now } = deps;
  if (input.bodyProductionUnitId !== undefined && input.bodyProductionUnitId !== input.productionUnitId) {
    throw notFound("Production unit");
  }
  const checkout = await findCheckoutOfUnit(db, input.checkoutId, input.productionUnitId);
  if (!checkout) throw notFound("Checkout");
  if (checkout.state === CheckoutState.DONE || checkout.state === CheckoutState.ERROR || checkout.orderId) {
    throw conflict("CHECKOUT_NOT_OPEN", "The checkout is already finished");
  }

  const { itemCount } = await basketTotals(db, checkout.basketId);
  if (itemCount === 0) throw unprocessable("BASKET_EMPTY", "The basket is empty");

  const [unit, module] = await Promise.all([
    findProductionUnit(db, checkout.productionUnitId),
    findModuleOfUnit(db, checkout.moduleId, checkout.productionUnitId),
  ]);
  if (!unit || !module) throw notFound("Checkout");
  const [weekly, closedDates] = await Promise.all([findHours(db, unit.id, "opening"), findClosedDates(db, unit.id)]);

  if (!openingStatus(now(), unit.timeZone, weekly, closedDates).isOpen) throw restaurantOffline();

  const readyTime = checkout.orderReadyTime;
  if (!readyTime) throw unprocessable("DeliveryMethod.TimePicker", "Please choose a time", "orderReadyTime");
  // A guest who lingered may hold a time the kitchen can no longer make.
  if (readyTime.getTime() < now().getTime()) {
    throw unprocessable(
      "DeliveryMethod.TimePicker",
      "The chosen time has passed. Please choose a time",
      "orderReadyTime",
    );
  }
  // Closed on the chosen day, or the chosen time is outside that day's hours.
  if (!checkout.isDelivery) {
    const local = localParts(readyTime, unit.timeZone);
    const hours = hoursOn(local.date, weekly, closedDates);
    if (!hours || local.minutesOfDay < parseHhMm(hours.opens) || local.minutesOfDay >= parseHhMm(hours.closes)) {
      throw restaurantOffline();
    }
  }

  const settings = await getModuleSettings(db, module.id);
  const itemsPerSlot = (await findItemsPerSlot(db, module.capacityInstanceId)) ?? 0;
  const used =
    (await usedBySlot(db, module.capacityInstanceId, readyTime, new Date(readyTime.getTime() + 1))).get(
      readyTime.toISOString(),
    ) ?? 0;
  if (!slotFits({ itemsPerSlot, used, basketItems: itemCount, enforce: settings.enforceCapacity })) {
    throw unprocessable("SLOT_FULL", "The chosen pickup time is full. Please choose another time");
  }
  return { valid: true };
}
