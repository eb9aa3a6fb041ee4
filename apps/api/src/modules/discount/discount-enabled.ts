/** What the checkout-discount use cases share: discounts must be enabled for the checkout's module. */
import type { Db, Executor } from "@app/db";
import { unprocessable } from "../../errors";
import { type CheckoutRow, findCheckoutInstance } from "../checkout";
import { requireOwnModule } from "../tenancy";

export type Deps = { db: Db; now: () => Date };

export async function discountInstanceOf(db: Executor, checkout: CheckoutRow): Promise<number> {
  const found = await requireOwnModule(db, checkout.moduleId, checkout.productionUnitId);
  await requireDiscountEnabled(db, checkout.checkoutInstanceId);
  if (found.discountInstanceId === null) throw disabled();
  return found.discountInstanceId;
}

export async function requireDiscountEnabled(db: Executor, checkoutInstanceId: number): Promise<void> {
  const instance = await findCheckoutInstance(db, checkoutInstanceId);
  if (!instance?.isDiscountEnabled) throw disabled();
}

function disabled() {
  return unprocessable("DISCOUNT_DISABLED", "Discount codes cannot be used here", "discountCode");
}
