import type { Checkout } from "@app/contracts";
import { notFound } from "../../errors";
import { changeOpenCheckout, toCheckoutJson } from "../checkout";
import type { Deps } from "./discount-enabled";
import { deleteCheckoutDiscount } from "./repository";

/** DELETE /checkout/{id}/discount/{discountId}. */
export async function removeCheckoutDiscount(
  { db, now }: Deps,
  productionUnitId: number,
  checkoutId: string,
  discountId: string,
): Promise<Checkout> {
  const row = await changeOpenCheckout(db, checkoutId, productionUnitId, async (tx, checkout) => {
    if (!(await deleteCheckoutDiscount(tx, checkout.id, discountId))) throw notFound("Discount");
    return checkout;
  });
  return toCheckoutJson(db, row, now());
}
