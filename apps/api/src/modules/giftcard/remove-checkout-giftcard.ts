import type { Checkout } from "@app/contracts";
import { notFound } from "../../errors";
import { changeOpenCheckout, deleteCheckoutGiftcard, readCheckoutJson } from "../checkout";
import type { Deps } from "./usable-giftcard";

/** DELETE /checkout/{id}/giftcard/{giftcardId}. */
export async function removeCheckoutGiftcard(
  { db }: Deps,
  productionUnitId: number,
  checkoutId: string,
  giftcardId: string,
): Promise<Checkout> {
  const row = await changeOpenCheckout(db, checkoutId, productionUnitId, async (tx, checkout) => {
    if (!(await deleteCheckoutGiftcard(tx, checkout.id, giftcardId))) throw notFound("Gift card");
    return checkout;
  });
  return readCheckoutJson(db, row);
}
