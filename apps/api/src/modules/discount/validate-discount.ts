import type { DiscountValidateBody, DiscountValidateQuery, DiscountValidation } from "@app/contracts";
import type { Executor } from "@app/db";
import { type DiscountLine, localParts, productPriceToday, toDkk } from "@app/domain";
import { AppError, type ErrorItem, notFound } from "../../errors";
import { findOwnBasket, priceBasketLine, readBasketLines, withLineKinds } from "../basket";
import { findTimeZone } from "../checkout";
import type { ModuleRow } from "../tenancy";
import { requireOwnModule } from "../tenancy";
import { applyDiscountCode } from "./apply-discount-code";
import { type Deps, requireDiscountEnabled } from "./discount-enabled";
import { findProductsOfInstance } from "./repository";

/**
 * POST /discount/validate: what the code takes off a basket, without applying it. The basket is
 * priced by the server, never from a client's prices: with basketId its stored lines; else each of
 * the items from the catalogue, a line with choices exactly as adding it to a basket prices and
 * checks it (priceBasketLine), so the figure is the one the checkout will apply to that basket.
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

/**
 * The items as basket lines. Every product must be in the module's catalogue (404). A line without
 * choices is the product's price today × amount, as before. A line with choices is priced by the
 * basket's own line pricing, with its refusals: an option group or choice the product does not have,
 * a choice twice, too many or too few in a group (422, the basket's codes), a sold-out product or
 * choice (409), a shop not taking orders (422). Refused rather than priced without the offending
 * choice: no basket can hold an invalid combination, so no checkout discount exists for that figure.
 * Lines are priced one after another (a few queries each): `db` may be a transaction.
 */
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
  const priced: { productId: number; totalPriceMinor: number }[] = [];
  for (const [index, item] of items.entries()) {
    const product = byId.get(item.productId);
    if (!product) throw notFound("Product");
    if (item.choices.length === 0) {
      priced.push({ productId: item.productId, totalPriceMinor: productPriceToday(product, isoWeekday) * item.amount });
      continue;
    }
    const chosen = item.choices.map(({ modifierId, choiceId, amount }) => ({ modifierId, choiceId, amount }));
    const line = await atItem(
      index,
      priceBasketLine(db, {
        productionUnitId: found.productionUnitId,
        timeZone,
        now,
        productId: item.productId,
        amount: item.amount,
        chosen,
      }),
    );
    priced.push({ productId: item.productId, totalPriceMinor: line.values.totalPriceMinor });
  }
  return withLineKinds(db, found.id, priced);
}

/**
 * The line's refusal with its fields named in this body: the basket's `choices` is `items.{index}.choices`
 * here. Code, message and status stay the basket's.
 */
async function atItem<T>(index: number, pricing: Promise<T>): Promise<T> {
  try {
    return await pricing;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const inItem = (field: string | undefined) => (field ? `items.${index}.${field}` : field);
    const items: ErrorItem[] = error.items.map((item) => ({ ...item, field: inItem(item.field) ?? `items.${index}` }));
    throw new AppError(error.kind, error.code, error.message, inItem(error.field), { ...error.options, items });
  }
}
