/**
 * Amounts as a person types and reads them: "1.250,50" in Danish, "1,250.50" in English; thousands separators
 * optional. A text that is not an amount in the person's language (e.g. "50.00" in Danish, which a Dane reads as
 * fifty thousand) is NaN, refused on its field, rather than guessed.
 */
import { formatPrice, type PriceLocale, toMinor } from "@app/domain";

const PATTERNS: Record<PriceLocale, RegExp> = {
  "da-DK": /^(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/,
  "en-US": /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/,
};

export function parseMoneyText(text: string, locale: PriceLocale): number {
  const compact = text.trim().replace(/\s|kr\.?$/gi, "");
  if (!PATTERNS[locale].test(compact)) return Number.NaN;
  const [thousands, decimal] = locale === "da-DK" ? [".", ","] : [",", "."];
  return Number(compact.replaceAll(thousands, "").replace(decimal, "."));
}

/** 50 → "50,00" / "50.00": what the form shows for a stored amount. */
export function moneyText(dkk: number, locale: PriceLocale): string {
  const text = formatPrice(toMinor(dkk), locale);
  const decimal = locale === "da-DK" ? "," : ".";
  return text.includes(decimal) ? text : `${text}${decimal}00`;
}
