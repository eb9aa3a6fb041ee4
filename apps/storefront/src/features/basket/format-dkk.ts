import { formatPrice, type PriceLocale, toMinor } from "@app/domain";

const PRICE_LOCALES: readonly string[] = ["da-DK", "en-US"] satisfies PriceLocale[];

/**
 * SPEC §5: two decimals unless whole, in the guest's language's format (da-DK "89,50", "1.250"), Danish
 * for any other language. No currency: callers add t("Currency").
 */
export function formatDkk(minor: number, language: string): string {
  return formatPrice(minor, PRICE_LOCALES.includes(language) ? (language as PriceLocale) : "da-DK");
}

/** An API amount (DKK number, e.g. 89.5) with the currency of the messages: "89,50 kr." / "89.50 DKK". */
export function priceText(dkk: number, language: string, currency: string): string {
  return `${formatDkk(toMinor(dkk), language)} ${currency}`;
}
