/**
 * POST /order/validate: "validate the order with the restaurant" before paying (SPEC §4). Reads
 * only; the capacity is taken at finalize. Refuses, so the storefront can show
 * Payment.RestaurantOffline (SPEC §8: shown when order validation fails):
 * - 422 BASKET_EMPTY when there is nothing to order (no line but the bag fee);
 * - 422 Payment.RestaurantOffline when the restaurant is closed now, has paused online orders (the
 *   warehouse's ordering pause), or the chosen time falls outside the hours of its day (opening hours,
 *   or delivery hours for delivery);
 * - 422 DeliveryMethod.TimePicker when no time is chosen or it is no longer offered (passed,
 *   inside the preparation time);
 * - 409 SLOT_FULL (slotFull of the capacity feature, as at finalize) when the slot no longer has room for the basket.
 * The time is judged by the same check as the guest information (readyTimeStatus), for pickup and
 * delivery alike.
 */
import type { Db } from "@app/db";
import { CheckoutState, openingStatus } from "@app/domain";
import { conflict, notFound, unprocessable } from "../../errors";
import { slotFull } from "../capacity";
import { checkoutBasket, loadOwnCheckout } from "../checkout";
import { readyTimeStatus } from "../delivery";
import { findHoursRules, findProductionUnit } from "../tenancy";
import { refuseWhilePaused } from "../warehouse";

export const restaurantOffline = () =>
  unprocessable(
    "Payment.RestaurantOffline",
    "Unfortunately, we cannot connect to the restaurant. Please try again later.",
  );

export async function validateOrder(
  deps: { db: Db; now: () => Date },
  input: { checkoutId: string; productionUnitId: number; bodyProductionUnitId: number | undefined },
): Promise<{ valid: true }> {
  const { db } = deps;
  const now = deps.now();
  if (input.bodyProductionUnitId !== undefined && input.bodyProductionUnitId !== input.productionUnitId) {
    throw notFound("Production unit");
  }
  const checkout = await loadOwnCheckout(db, input.checkoutId, input.productionUnitId);
  if (checkout.state === CheckoutState.DONE || checkout.state === CheckoutState.ERROR || checkout.orderId) {
    throw conflict("CHECKOUT_NOT_OPEN", "The checkout is already finished");
  }
  const basket = await checkoutBasket(db, checkout);
  if (basket.isEmpty) throw unprocessable("BASKET_EMPTY", "The basket is empty");

  const unit = await findProductionUnit(db, checkout.productionUnitId);
  if (!unit) throw notFound("Checkout");
  const hours = await findHoursRules(db, unit.id, "opening");
  if (!openingStatus(now, unit.timeZone, hours).isOpen) throw restaurantOffline();
  await refuseWhilePaused(db, unit.id, now);

  const readyTime = checkout.orderReadyTime;
  if (!readyTime) throw unprocessable("DeliveryMethod.TimePicker", "Please choose a time", "orderReadyTime");
  switch (await readyTimeStatus(db, checkout, readyTime, now, basket.kitchenItems)) {
    case "closed":
      throw restaurantOffline();
    case "full":
      throw slotFull();
    case "not-a-slot":
      // A guest who lingered may hold a time the kitchen can no longer make.
      throw unprocessable(
        "DeliveryMethod.TimePicker",
        "The chosen time is no longer available. Please choose a time",
        "orderReadyTime",
      );
    case "ok":
      return { valid: true };
  }
}
