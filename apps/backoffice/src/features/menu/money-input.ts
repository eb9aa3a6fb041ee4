/**
 * Prices as a manager types them: "89,50" in Danish, "89.50" in English, "1.250" or "1,250" with thousands, an
 * optional "kr."/"DKK" after. Parsed to øre (integers, @app/domain's money) by hand rather than with Number():
 * Number("89,50") is NaN and Number("1.250") is 1.25, both wrong for a Danish manager.
 */
import { formatPrice, type PriceLocale } from "@app/domain";

export type MoneyLocale = PriceLocale;

export type MoneyRefusal = "empty" | "invalid" | "decimals" | "negative";
export type ParsedMoney = { ok: true; minor: number } | { ok: false; reason: MoneyRefusal };

const SEPARATORS: Record<MoneyLocale, { decimal: string; thousands: string }> = {
  "da-DK": { decimal: ",", thousands: "." },
  "en-US": { decimal: ".", thousands: "," },
};

/** Whole kroner written with or without thousands separators: "1250", "1.250", "12.500.000". */
function wholeKroner(text: string, thousands: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  const grouped = new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})+$`);
  return grouped.test(text) ? Number(text.split(thousands).join("")) : null;
}

function fromParts(kroner: number, fraction: string): ParsedMoney {
  if (fraction.length > 2) return { ok: false, reason: "decimals" };
  return { ok: true, minor: kroner * 100 + Number(fraction.padEnd(2, "0")) };
}

/**
 * The amount in øre, or why not. The other language's decimal mark is accepted too when it cannot be a thousands
 * separator ("89.50" typed on a Danish screen is 89,50 kr.; "1.250" stays 1.250 kr.): people type what their
 * keyboard's number pad gives them.
 */
export function parseMoney(input: string, locale: MoneyLocale): ParsedMoney {
  const text = input
    .replace(/\s|\u00a0/g, "")
    .replace(/(kr\.?|dkk)$/i, "")
    .trim();
  if (text === "") return { ok: false, reason: "empty" };
  // "-35" is an amount, only one a menu cannot have: said so, rather than "write the amount as a number".
  if (/^[-\u2212]/.test(text)) {
    const unsigned = parseMoney(text.slice(1), locale);
    if (!unsigned.ok) return { ok: false, reason: "invalid" };
    return unsigned.minor === 0 ? unsigned : { ok: false, reason: "negative" };
  }
  const { decimal, thousands } = SEPARATORS[locale];
  const lastDecimal = text.lastIndexOf(decimal);
  if (lastDecimal >= 0) {
    const kroner = wholeKroner(text.slice(0, lastDecimal) || "0", thousands);
    const fraction = text.slice(lastDecimal + 1);
    if (kroner === null || !/^\d+$/.test(fraction)) return { ok: false, reason: "invalid" };
    return fromParts(kroner, fraction);
  }
  const whole = wholeKroner(text, thousands);
  if (whole !== null) return { ok: true, minor: whole * 100 };
  // One foreign decimal mark with one or two digits after it: "89.50" on a Danish screen.
  const foreign = new RegExp(`^(\\d+)\\${thousands}(\\d{1,2})$`).exec(text);
  if (foreign) return fromParts(Number(foreign[1]), foreign[2]!);
  return { ok: false, reason: "invalid" };
}

/** The message key (under `errors.`) for a refused amount that is not empty. */
export function moneyRefusalCode(reason: Exclude<MoneyRefusal, "empty">): string {
  return reason === "decimals"
    ? "Menu.MoneyDecimals"
    : reason === "negative"
      ? "Menu.InvalidPrice"
      : "Menu.MoneyInvalid";
}

/** Øre as the field shows them: "89,50" / "89.50", whole kroner without decimals ("89"), as the guest sees prices. */
export function moneyText(minor: number | null | undefined, locale: MoneyLocale): string {
  return minor === null || minor === undefined ? "" : formatPrice(minor, locale);
}

/** The person's language as a money locale (the back office has two). */
export function moneyLocale(language: string): MoneyLocale {
  return language === "en-US" ? "en-US" : "da-DK";
}
