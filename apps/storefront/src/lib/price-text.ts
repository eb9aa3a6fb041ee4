import { formatPrice, type PriceLocale, toMinor } from "@app/domain";

/**
 * SPEC §5: two decimals unless whole, in the guest's language's format, with the messages' currency:
 * "89,50 kr." / "89.50 DKK". Any other language is formatted as Danish. One place for every feature,
 * so the menu, the cart and the checkout print the same amount the same way. A no-break space joins the
 * number and the currency, so a narrow line never ends in "125,00" with "kr." on the next; a screen reader
 * reads it as a space.
 */
export function minorPriceText(minor: number, language: string, currency: string): string {
  const locale: PriceLocale = language === "en-US" ? "en-US" : "da-DK";
  return `${formatPrice(minor, locale)}\u00a0${currency}`;
}

/** An API amount in DKK (e.g. 89.5) as text. */
export function priceText(dkk: number, language: string, currency: string): string {
  return minorPriceText(toMinor(dkk), language, currency);
}
