import type { Checkout } from "@app/contracts";
import { notFound } from "../../errors";
import { changeOpenCheckout, deleteCheckoutDiscount, readCheckoutJson } from "../checkout";
import type { Deps } from "./discount-enabled";

/** DELETE /checkout/{id}/discount/{discountId}. */
export async function removeCheckoutDiscount(
  { db }: Deps,
  productionUnitId: number,
  checkoutId: string,
  discountId: string,
): Promise<Checkout> {
  const row = await changeOpenCheckout(db, checkoutId, productionUnitId, async (tx, checkout) => {
    if (!(await deleteCheckoutDiscount(tx, checkout.id, discountId))) throw notFound("Discount");
    return checkout;
  });
  return readCheckoutJson(db, row);
}
