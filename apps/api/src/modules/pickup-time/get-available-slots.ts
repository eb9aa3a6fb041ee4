import type { AvailableOrderTimeBody, PickupTimeSlot } from "@app/contracts";
import type { Db } from "@app/db";
import { notFound } from "../../errors";
import { loadOwnCheckout } from "../checkout/checkout-access";
import { basketTotals } from "../checkout/checkout-totals";
import { requireOwnInstance } from "../tenancy/access";
import { daySlots } from "./day-slots";
import { pickupSlotInput } from "./pickup-slot-input";

type Deps = { db: Db; now: () => Date };

/** Product units of the request's `items`: a count, lines whose amounts are summed, or (omitted) the linked basket's. */
export async function countItems(
  db: Db,
  items: AvailableOrderTimeBody["items"],
  basketId: string | null,
): Promise<number> {
  if (typeof items === "number") return items;
  if (Array.isArray(items)) return items.reduce((sum, item) => sum + item.amount, 0);
  return (await basketTotals(db, basketId)).itemCount;
}

/** POST /availableordertime/{checkoutId}: the day's pickup slots for this checkout's basket. */
export async function getCheckoutSlots(
  { db, now }: Deps,
  productionUnitId: number,
  checkoutId: string,
  body: AvailableOrderTimeBody,
): Promise<PickupTimeSlot[]> {
  if (body.productionUnitId !== productionUnitId) throw notFound("Production unit");
  const checkout = await loadOwnCheckout(db, checkoutId, productionUnitId);
  await requireOwnInstance(db, "capacityInstanceId", body.capacityInstanceId, productionUnitId);
  const items = await countItems(db, body.items, checkout.basketId);
  const input = await pickupSlotInput(db, checkout, body.capacityInstanceId, items, now());
  return daySlots(db, { ...input, date: body.date });
}

/**
 * GET /availableordertime/{capacityInstanceId}/{date}: the day's pickup slots for an empty basket,
 * with the settings of the unit's module that uses the capacity instance.
 */
export async function getDaySlots(
  { db, now }: Deps,
  productionUnitId: number,
  capacityInstanceId: number,
  date: string,
): Promise<PickupTimeSlot[]> {
  const found = await requireOwnInstance(db, "capacityInstanceId", capacityInstanceId, productionUnitId);
  const input = await pickupSlotInput(
    db,
    { productionUnitId, moduleId: found.id, checkoutInstanceId: found.checkoutInstanceId },
    capacityInstanceId,
    0,
    now(),
  );
  return daySlots(db, { ...input, date });
}
