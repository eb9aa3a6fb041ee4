/**
 * Finding a guest's basket: only the token's production unit reaches it (another unit's basket is
 * answered like a missing one, 404), and a basket older than BASKET_EXPIRY_MINUTES is gone (410).
 */

import type { Executor } from "@app/db";
import { BASKET_EXPIRY_MINUTES, isBasketExpired } from "@app/domain";
import { conflict, gone, notFound } from "../../errors";
import { type BasketRow, findBasket, findBasketHold } from "./repository";

/**
 * The unit's basket if it has not expired; with `lock` (inside a transaction) its row stays locked
 * until the transaction ends, so changes and links of one basket queue up.
 */
export async function findOwnBasket(
  db: Executor,
  id: string,
  productionUnitId: number,
  now: Date,
  lock = false,
): Promise<BasketRow> {
  const basket = await findBasket(db, id, lock);
  if (!basket || basket.productionUnitId !== productionUnitId) throw notFound("Basket");
  if (isBasketExpired(basket.createdAt, now)) {
    throw gone("BASKET_EXPIRED", `The basket has expired (baskets last ${BASKET_EXPIRY_MINUTES} minutes)`);
  }
  return basket;
}

/** A basket whose order was placed: it is never changed nor paid for again (409 BASKET_ORDERED). */
export const basketOrdered = () =>
  conflict("BASKET_ORDERED", "This basket has already been ordered; start a new basket for a new order");

/**
 * The open basket (findOwnBasket); with `lock`, for changes, a basket already ordered is refused
 * (409 BASKET_ORDERED) and one held by a checkout being paid too (409 BASKET_LOCKED).
 */
export async function requireOpenBasket(
  db: Executor,
  id: string,
  productionUnitId: number,
  now: Date,
  lock = false,
): Promise<BasketRow> {
  const basket = await findOwnBasket(db, id, productionUnitId, now, lock);
  if (!lock) return basket;
  // What a guest pays for must not change under the payment: changes wait until it is cancelled.
  const hold = await findBasketHold(db, basket.id);
  if (hold === "ordered") throw basketOrdered();
  if (hold === "paying") {
    throw conflict("BASKET_LOCKED", "The basket is being paid for; cancel the payment to change it");
  }
  return basket;
}
