/**
 * The storefront's words on a product card, in both languages at once: the preview shows each language as the
 * guest sees it, whatever language the manager reads the back office in. The same words as
 * apps/storefront/src/locales/*.json (guest-texts.test.ts fails when they part).
 */
import { formatPrice } from "@app/domain";
import { CURRENCY_SPACE } from "../../lib/money";
import type { EditorLanguage } from "./fields";

type GuestTexts = {
  currency: string;
  options: string;
  originalPrice: (price: string) => string;
  sale: (from: string, to: string) => string;
  saleOneDay: (day: string) => string;
  /** Sunday first, as the storefront's Weekday.0–6. */
  weekdays: readonly string[];
};

export const GUEST_TEXTS: Record<EditorLanguage, GuestTexts> = {
  "da-DK": {
    currency: "kr.",
    options: "Vælg tilvalg",
    originalPrice: (price) => `Før ${price}`,
    sale: (from, to) => `Tilbud ${from}–${to}`,
    saleOneDay: (day) => `Tilbud hver ${day}`,
    weekdays: ["søndag", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag"],
  },
  "en-US": {
    currency: "DKK",
    options: "Choose options",
    originalPrice: (price) => `Was ${price}`,
    sale: (from, to) => `Offer ${from}–${to}`,
    saleOneDay: (day) => `Offer every ${day}`,
    weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  },
};

/** An ISO weekday (1 = Monday … 7 = Sunday) by name in the guest's language. */
export function guestWeekday(language: EditorLanguage, isoWeekday: number): string {
  return GUEST_TEXTS[language].weekdays[isoWeekday % 7] ?? "";
}

/** "89,50 kr." / "89.50 DKK", as the storefront prints a price (apps/storefront/src/lib/price-text.ts). */
export function guestPrice(minor: number, language: EditorLanguage): string {
  return `${formatPrice(minor, language)}${CURRENCY_SPACE}${GUEST_TEXTS[language].currency}`;
}
