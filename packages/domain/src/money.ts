/**
 * Money is integer minor units (øre) everywhere inside the system; DKK numbers only exist at the
 * edges (JSON, display). Integers add up exactly, floats do not (0.1 + 0.2 !== 0.3).
 */

export type PriceLocale = "da-DK" | "en-US";

const SEPARATORS: Record<PriceLocale, { thousands: string; decimal: string }> = {
  "da-DK": { thousands: ".", decimal: "," },
  "en-US": { thousands: ",", decimal: "." },
};

/** 89.5 → 8950. Rounds to the nearest øre, halves away from zero. */
export function toMinor(dkk: number): number {
  if (!Number.isFinite(dkk)) throw new RangeError(`Not an amount: ${dkk}`);
  // 1.005 * 100 is 100.49999999999999 in binary floating point; cutting to 15 significant
  // digits first restores the decimal value the caller wrote before rounding.
  const cents = Number((dkk * 100).toPrecision(15));
  return roundHalfAwayFromZero(cents);
}

/** 8950 → 89.5 */
export function toDkk(minor: number): number {
  return minor / 100;
}

/**
 * Two decimals unless whole, no currency symbol (callers add "kr." or "DKK"):
 * da-DK 8950 → "89,50", 125000 → "1.250"; en-US 8950 → "89.50", 125000 → "1,250".
 * Formatted by hand rather than with Intl.NumberFormat so browser and server print the same text
 * whatever ICU data they ship.
 */
export function formatPrice(minor: number, locale: PriceLocale): string {
  const { thousands, decimal } = SEPARATORS[locale];
  const whole = Math.round(minor);
  const sign = whole < 0 ? "-" : "";
  const kroner = groupThousands(Math.floor(Math.abs(whole) / 100), thousands);
  const ore = Math.abs(whole) % 100;
  if (ore === 0) return `${sign}${kroner}`;
  return `${sign}${kroner}${decimal}${String(ore).padStart(2, "0")}`;
}

function groupThousands(value: number, separator: string): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

function roundHalfAwayFromZero(value: number): number {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded === 0 ? 0 : rounded; // no -0
}
