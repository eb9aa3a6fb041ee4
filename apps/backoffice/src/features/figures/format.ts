/** How the figures write money, counts and hours in the person's language. */
import { formatPrice, type PriceLocale, toMinor } from "@app/domain";
import { CURRENCY_SPACE } from "../../lib/money";

const localeOf = (language: string): PriceLocale => (language === "en-US" ? "en-US" : "da-DK");

/** "1.234,50 kr." / "1,234.50 DKK": the back office's way (features/orders), with øre always shown in figures; never broken. */
export function money(dkk: number, language: string): string {
  const locale = localeOf(language);
  const minor = toMinor(dkk);
  // formatPrice leaves out ",00" of a whole amount (a menu price); a column of sums reads better with it.
  const ore = minor % 100 === 0 ? (locale === "en-US" ? ".00" : ",00") : "";
  return `${formatPrice(minor, locale)}${ore}${CURRENCY_SPACE}${locale === "en-US" ? "DKK" : "kr."}`;
}

export function count(value: number, language: string): string {
  return value.toLocaleString(localeOf(language));
}

/** Hour 9 → "09:00–10:00", the span of the restaurant's clock it holds. */
export function hourSpan(hour: number): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(hour)}:00–${pad((hour + 1) % 24)}:00`;
}
