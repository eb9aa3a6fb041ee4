import type { Checkout } from "@app/contracts";
import type { Db } from "@app/db";
import { CheckoutState } from "@app/domain";
import { conflict } from "../../errors";
import { basketOrdered, findOwnBasket, paidFor } from "../basket";
import { changeOpenCheckout } from "./checkout-access";
import { readCheckoutJson } from "./read-checkout-json";
import { findBasketHolders, updateCheckout } from "./repository";

/** A checkout in one of these states still needs its basket: the basket cannot move to another one. */
const UNFINISHED_STATES: readonly number[] = [CheckoutState.OPEN, CheckoutState.PENDING, CheckoutState.FINALIZING];

/**
 * Links the basket to the checkout, replacing a basket linked before. The basket must be the unit's,
 * not expired, never ordered (a basket whose checkout is DONE or has an order is 409 BASKET_ORDERED:
 * linking it again would charge the guest twice for it) and not held by another unfinished checkout
 * (409 BASKET_IN_USE: one basket, one order in progress). A checkout in ERROR released its basket.
 * Both rows are locked, so two checkouts racing for one basket cannot both win.
 */
export async function linkBasket(
  deps: { db: Db; now: () => Date },
  productionUnitId: number,
  checkoutId: string,
  basketId: string,
): Promise<Checkout> {
  const { db, now } = deps;
  const row = await changeOpenCheckout(db, checkoutId, productionUnitId, async (tx, checkout) => {
    await findOwnBasket(tx, basketId, productionUnitId, now(), true);
    const holders = await findBasketHolders(tx, basketId);
    if (paidFor(holders)) throw basketOrdered();
    if (holders.some((holder) => holder.id !== checkout.id && UNFINISHED_STATES.includes(holder.state))) {
      throw conflict("BASKET_IN_USE", "The basket belongs to another checkout that is not finished");
    }
    return updateCheckout(tx, checkout.id, { basketId, updatedAt: now() });
  });
  return readCheckoutJson(db, row);
}
