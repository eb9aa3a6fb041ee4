import type { Checkout, DiscountValidateBody, DiscountValidateQuery, DiscountValidation } from "@app/contracts";
import type { Db, Executor } from "@app/db";
import { type DiscountLine, localParts, productPriceToday, toDkk } from "@app/domain";
import { notFound, unprocessable } from "../../errors";
import { findOwnBasket, readBasketLines, withLineKinds } from "../basket";
import {
  type CheckoutRow,
  changeOpenCheckout,
  checkoutLines,
  findCheckoutInstance,
  findTimeZone,
  toCheckoutJson,
} from "../checkout";
import type { ModuleRow } from "../tenancy";
import { requireOwnModule } from "../tenancy";
import { applyDiscountCode } from "./discount-rules";
import { deleteCheckoutDiscount, findProductsOfInstance, replaceCheckoutDiscount } from "./repository";

type Deps = { db: Db; now: () => Date };

/**
 * POST /discount/validate: what the code takes off a basket, without applying it. The basket is
 * priced by the server: with basketId its stored lines (options included, preferred); else the
 * items as product price today × amount (options are not counted, client prices are ignored).
 */
export async function validateDiscount(
  { db, now }: Deps,
  productionUnitId: number,
  query: DiscountValidateQuery,
  body: DiscountValidateBody,
): Promise<DiscountValidation> {
  const found = await requireOwnModule(db, query.moduleId, productionUnitId);
  if (found.discountInstanceId !== query.instanceId) throw notFound("Discount instance");
  await requireDiscountEnabled(db, found.checkoutInstanceId);
  const lines = body.basketId
    ? await linesOfBasket(db, found, body.basketId, now())
    : await linesOfItems(db, found, body.items ?? [], now());
  const { rule, amountMinor } = await applyDiscountCode(db, query.instanceId, body.discountCode, lines, now());
  return { sumDiscount: toDkk(amountMinor), discountCode: rule.code };
}

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
  return toCheckoutJson(db, row, now());
}

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

async function discountInstanceOf(db: Executor, checkout: CheckoutRow): Promise<number> {
  const found = await requireOwnModule(db, checkout.moduleId, checkout.productionUnitId);
  await requireDiscountEnabled(db, checkout.checkoutInstanceId);
  if (found.discountInstanceId === null) throw disabled();
  return found.discountInstanceId;
}

async function requireDiscountEnabled(db: Executor, checkoutInstanceId: number): Promise<void> {
  const instance = await findCheckoutInstance(db, checkoutInstanceId);
  if (!instance?.isDiscountEnabled) throw disabled();
}

function disabled() {
  return unprocessable("DISCOUNT_DISABLED", "Discount codes cannot be used here", "discountCode");
}

/** The unit's unexpired basket's lines; the module asked about decides which product is the bag fee. */
async function linesOfBasket(db: Executor, found: ModuleRow, basketId: string, now: Date): Promise<DiscountLine[]> {
  await findOwnBasket(db, basketId, found.productionUnitId, now);
  return readBasketLines(db, basketId, found.id);
}

async function linesOfItems(
  db: Executor,
  found: ModuleRow,
  items: NonNullable<DiscountValidateBody["items"]>,
  now: Date,
): Promise<DiscountLine[]> {
  const ids = [...new Set(items.map((item) => item.productId))];
  // One after the other: `db` may be a transaction (one connection, one query at a time).
  const products = await findProductsOfInstance(db, found.productInstanceId, ids);
  const timeZone = await findTimeZone(db, found.productionUnitId);
  const byId = new Map(products.map((p) => [p.id, p]));
  const { isoWeekday } = localParts(now, timeZone);
  const priced = items.map((item) => {
    const product = byId.get(item.productId);
    if (!product) throw notFound("Product");
    return { productId: item.productId, totalPriceMinor: productPriceToday(product, isoWeekday) * item.amount };
  });
  return withLineKinds(db, found.id, priced);
}
