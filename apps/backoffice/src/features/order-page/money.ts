import { formatPrice, type PriceLocale, toMinor } from "@app/domain";

/** "129 kr." / "129 DKK", as the order screen writes money. */
export function money(dkk: number, language: string): string {
  const locale: PriceLocale = language === "en-US" ? "en-US" : "da-DK";
  return `${formatPrice(toMinor(dkk), locale)} ${locale === "en-US" ? "DKK" : "kr."}`;
}
