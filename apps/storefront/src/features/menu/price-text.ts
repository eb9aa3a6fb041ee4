import { formatPrice, type PriceLocale, toMinor } from "@app/domain";

/**
 * SPEC §5: two decimals unless whole, in the guest's language's format, with the messages' currency:
 * "89,50 kr." / "89.50 DKK". Any other language is formatted as Danish.
 */
export function minorPriceText(minor: number, language: string, currency: string): string {
  const locale: PriceLocale = language === "en-US" ? "en-US" : "da-DK";
  return `${formatPrice(minor, locale)} ${currency}`;
}

/** An API amount in DKK (e.g. 89.5) as text. */
export function priceText(dkk: number, language: string, currency: string): string {
  return minorPriceText(toMinor(dkk), language, currency);
}

/** The Weekday.* message of an ISO weekday (1 = Monday … 7 = Sunday; the messages count Sunday as 0). */
export function weekdayKey(isoWeekday: number): string {
  return `Weekday.${isoWeekday % 7}`;
}
