import { formatPrice, type PriceLocale, toMinor } from "@app/domain";

/** "129 kr." / "129 DKK": money on the order screens as the storefront writes it (SPEC §5). */
export function money(dkk: number, language: string): string {
  const locale: PriceLocale = language === "en-US" ? "en-US" : "da-DK";
  return `${formatPrice(toMinor(dkk), locale)} ${locale === "en-US" ? "DKK" : "kr."}`;
}
