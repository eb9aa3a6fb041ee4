import { formatPrice, type PriceLocale, toMinor } from "@app/domain";

/**
 * Between an amount and its currency: a no-break space, so a line never ends in "129" with "kr." on the next (the
 * gift-card dialog's "Den er 250,00 / kr. værd"). Every back-office amount is written with it.
 */
export const CURRENCY_SPACE = "\u00a0";

/** "129 kr." / "129 DKK": money on the order screens as the storefront writes it (SPEC §5), never broken. */
export function money(dkk: number, language: string): string {
  const locale: PriceLocale = language === "en-US" ? "en-US" : "da-DK";
  return `${formatPrice(toMinor(dkk), locale)}${CURRENCY_SPACE}${locale === "en-US" ? "DKK" : "kr."}`;
}
