import type { DiscountValidateBody, DiscountValidateQuery, DiscountValidation } from "@app/contracts";
import type { Executor } from "@app/db";
import { type DiscountLine, localParts, productPriceToday, toDkk } from "@app/domain";
import { notFound } from "../../errors";
import { findOwnBasket, readBasketLines, withLineKinds } from "../basket";
import { findTimeZone } from "../checkout";
import type { ModuleRow } from "../tenancy";
import { requireOwnModule } from "../tenancy";
import { applyDiscountCode } from "./apply-discount-code";
import { type Deps, requireDiscountEnabled } from "./discount-enabled";
import { findProductsOfInstance } from "./repository";

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
