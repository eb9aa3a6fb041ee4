/**
 * After the restaurant changes a price (issue 45), the lines of open baskets made of it are priced anew by the
 * same code that priced them when they were added (priceFromCatalogue), in the transaction of the change: the
 * guest never pays a price the menu no longer shows. Each changed line remembers the unit price the guest saw
 * (price_changed_from_minor, the first one when prices change twice; cleared when the price is back to it), so
 * the basket tells the guest before they pay. Baskets being paid for, paid or ordered are never touched.
 */
import type { Executor } from "@app/db";
import { BASKET_EXPIRY_MINUTES, localParts } from "@app/domain";
import { findProductionUnit } from "../tenancy";
import { priceFromCatalogue } from "./price-basket-line";
import { loadProductOfUnit, loadProductOptions, lockOpenLinesOf, repriceLine } from "./repository";

export type RepricedOf = { productIds?: number[]; choiceIds?: number[] };

/** Re-prices the open lines made of these products or holding these choices; answers how many changed. */
export async function repriceOpenLines(tx: Executor, of: RepricedOf, now: Date): Promise<number> {
  const createdAfter = new Date(now.getTime() - BASKET_EXPIRY_MINUTES * 60_000);
  const lines = await lockOpenLinesOf(
    tx,
    { productIds: of.productIds ?? [], choiceIds: of.choiceIds ?? [] },
    createdAfter,
  );
  const timeZones = new Map<number, string>();
  let changed = 0;
  for (const { line, productionUnitId, choices } of lines) {
    const found = await loadProductOfUnit(tx, line.productId, productionUnitId);
    const timeZone = await timeZoneOf(tx, productionUnitId, timeZones);
    if (!found || !timeZone) continue;
    const options = await loadProductOptions(tx, line.productId);
    const chosen = choices.map(({ modifierId, choiceId, amount }) => ({ modifierId, choiceId, amount }));
    const isoWeekday = localParts(now, timeZone).isoWeekday;
    const priced = priceFromCatalogue(found.product, options, { quantity: line.amount, chosen, isoWeekday }, false);
    // A line the catalogue's new rules refuse keeps its price; changing it is refused until the guest picks anew.
    if (!priced.ok) continue;
    const { values } = priced.line;
    if (values.priceMinor === line.priceMinor && values.totalPriceMinor === line.totalPriceMinor) continue;
    const seen = line.priceChangedFromMinor ?? line.priceMinor;
    const choicePrices = choices.map((choice) => ({
      id: choice.id,
      priceMinor:
        priced.line.choices.find((c) => c.modifierId === choice.modifierId && c.choiceId === choice.choiceId)
          ?.priceMinor ?? choice.priceMinor,
    }));
    await repriceLine(
      tx,
      line.id,
      {
        productPriceMinor: values.productPriceMinor,
        priceMinor: values.priceMinor,
        totalPriceMinor: values.totalPriceMinor,
        priceChangedFromMinor: values.priceMinor === seen ? null : seen,
      },
      choicePrices,
    );
    changed += 1;
  }
  return changed;
}

async function timeZoneOf(tx: Executor, productionUnitId: number, known: Map<number, string>) {
  if (!known.has(productionUnitId)) {
    const unit = await findProductionUnit(tx, productionUnitId);
    if (unit) known.set(productionUnitId, unit.timeZone);
  }
  return known.get(productionUnitId);
}
