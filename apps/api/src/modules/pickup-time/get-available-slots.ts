import type { AvailableOrderTimeBody, PickupTimeSlot } from "@app/contracts";
import type { Db } from "@app/db";
import { kitchenItemCount } from "@app/domain";
import { notFound } from "../../errors";
import { withLineKinds } from "../basket";
import { type CheckoutRow, checkoutBasket, loadOwnCheckout } from "../checkout";
import { requireOwnInstance } from "../tenancy";
import { daySlots } from "./day-slots";
import { pickupSlotInput } from "./pickup-slot-input";

type Deps = { db: Db; now: () => Date };

/**
 * Kitchen units the slots must fit: the larger of the request's `items` (a count as given; lines
 * whose amounts are summed, leaving out gift-card products and the module's bag fee:
 * kitchenItemCount) and the checkout's linked basket. A slot is offered only while the kitchen still
 * fits the basket that will be ordered, so a client that sends too few items cannot see a slot that
 * finalize would refuse as full. Without `items`, the linked basket's units.
 */
export async function countItems(
  db: Db,
  items: AvailableOrderTimeBody["items"],
  checkout: Pick<CheckoutRow, "basketId" | "moduleId">,
): Promise<number> {
  const basketItems = checkout.basketId ? (await checkoutBasket(db, checkout)).kitchenItems : 0;
  if (items === undefined) return basketItems;
  const requested =
    typeof items === "number" ? items : kitchenItemCount(await withLineKinds(db, checkout.moduleId, items));
  return Math.max(requested, basketItems);
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
  const items = await countItems(db, body.items, checkout);
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
