import type { Checkout, CreateCheckoutQuery } from "@app/contracts";
import type { Db } from "@app/db";
import { notFound } from "../../errors";
import { requireOrderableModule, requireOwnModule } from "../tenancy";
import { NOTHING_YET, readCheckoutJson } from "./read-checkout-json";
import { insertCheckout } from "./repository";

/**
 * A new OPEN checkout of one of the unit's modules; `instanceId` must be that module's checkout
 * instance, and the module must take orders (active and visible, else 422 MODULE_UNAVAILABLE).
 */
export async function createCheckout(
  deps: { db: Db; now: () => Date },
  productionUnitId: number,
  query: CreateCheckoutQuery,
): Promise<Checkout> {
  const { db, now } = deps;
  const found = await requireOwnModule(db, query.moduleId, productionUnitId);
  if (found.checkoutInstanceId !== query.instanceId) throw notFound("Checkout instance");
  requireOrderableModule(found);
  const row = await insertCheckout(db, {
    productionUnitId,
    moduleId: found.id,
    checkoutInstanceId: found.checkoutInstanceId,
    createdAt: now(),
  });
  return readCheckoutJson(db, row, NOTHING_YET);
}
