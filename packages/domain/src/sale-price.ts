/**
 * A product may have a weekday sale price ("productPriceDaily"): it applies on the ISO weekdays
 * start..end inclusive (1 = Monday … 7 = Sunday). The range may wrap past Sunday: start 6, end 2
 * means Saturday to Tuesday.
 */

export type DailyPricedProduct = {
  priceMinor: number;
  dailyPriceMinor: number | null;
  dailyStartDayOfWeek: number | null;
  dailyEndDayOfWeek: number | null;
};

export function isSaleDay(product: DailyPricedProduct, isoWeekday: number): boolean {
  const { dailyPriceMinor, dailyStartDayOfWeek: start, dailyEndDayOfWeek: end } = product;
  if (dailyPriceMinor === null || start === null || end === null) return false;
  if (start <= end) return isoWeekday >= start && isoWeekday <= end;
  return isoWeekday >= start || isoWeekday <= end;
}

export function productPriceToday(product: DailyPricedProduct, isoWeekday: number): number {
  if (isSaleDay(product, isoWeekday) && product.dailyPriceMinor !== null) return product.dailyPriceMinor;
  return product.priceMinor;
}

export type ShownPrices = { priceMinor: number; originalPriceMinor: number | null };

/**
 * The prices a guest sees on the product card on a weekday: today's price, and the struck-through one — the
 * regular price while a weekday sale applies, else the product's own before-price (or none). The storefront's
 * catalogue and the back office's preview both print this, so the preview shows what guests will see.
 */
export function shownPrices(
  product: DailyPricedProduct & { originalPriceMinor: number | null },
  isoWeekday: number,
): ShownPrices {
  const priceMinor = productPriceToday(product, isoWeekday);
  const onSale = priceMinor < product.priceMinor;
  return { priceMinor, originalPriceMinor: onSale ? product.priceMinor : product.originalPriceMinor };
}
