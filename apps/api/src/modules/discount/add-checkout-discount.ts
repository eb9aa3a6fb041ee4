import type { Checkout } from "@app/contracts";
import { changeOpenCheckout, checkoutLines, readCheckoutJson, replaceCheckoutDiscount } from "../checkout";
import { applyDiscountCode } from "./apply-discount-code";
import { type Deps, discountInstanceOf } from "./discount-enabled";

/** POST /checkout/{id}/discount: applies the code to the linked basket, replacing an earlier discount. */
export async function addCheckoutDiscount(
  { db, now }: Deps,
  productionUnitId: number,
  checkoutId: string,
  discountCode: string,
): Promise<Checkout> {
  const row = await changeOpenCheckout(db, checkoutId, productionUnitId, async (tx, checkout) => {
    const instanceId = await discountInstanceOf(tx, checkout);
    const lines = await checkoutLines(tx, checkout);
    const { rule, amountMinor } = await applyDiscountCode(tx, instanceId, discountCode, lines, now());
    await replaceCheckoutDiscount(tx, {
      checkoutId: checkout.id,
      discountCodeId: rule.id,
      code: rule.code,
      amountMinor,
    });
    return checkout;
  });
  return readCheckoutJson(db, row);
}
