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
