/**
 * Finding a guest's checkout: only the token's production unit reaches it (another unit's checkout
 * is answered like a missing one, 404), and only an OPEN checkout may change (409 otherwise).
 */
import type { Db, Executor } from "@app/db";
import { CheckoutState } from "@app/domain";
import { conflict, notFound } from "../../errors";
import type { CheckoutRow } from "./repository";
import { findCheckout } from "./repository";

export async function loadOwnCheckout(
  db: Executor,
  checkoutId: string,
  productionUnitId: number,
  lock = false,
): Promise<CheckoutRow> {
  const found = await findCheckout(db, checkoutId, lock);
  if (!found || found.productionUnitId !== productionUnitId) throw notFound("Checkout");
  return found;
}

export function requireOpen(checkout: CheckoutRow): CheckoutRow {
  if (checkout.state !== CheckoutState.OPEN) {
    throw conflict(
      "CHECKOUT_NOT_OPEN",
      "The checkout can no longer be changed (payment has started or it is finished)",
    );
  }
  return checkout;
}

/**
 * Runs `change` in a transaction on the checkout row locked FOR UPDATE, after checking it is the
 * unit's and OPEN: a payment that starts at the same moment waits, so a change never slips into a
 * checkout that is being paid.
 */
export async function changeOpenCheckout<T>(
  db: Db,
  checkoutId: string,
  productionUnitId: number,
  change: (tx: Executor, checkout: CheckoutRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const checkout = requireOpen(await loadOwnCheckout(tx, checkoutId, productionUnitId, true));
    return change(tx, checkout);
  });
}
