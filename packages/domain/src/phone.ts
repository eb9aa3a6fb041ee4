/**
 * Phone numbers as guests type them (issue 42): Danes write "+45 12 34 56 78", "12 34 56 78" or
 * "0045 12345678", and a browser's autofill inserts the first. The number is stored as its digits, and
 * SPEC §5's rule (digits only, 8 to 20) is applied to what is left.
 *
 * - Spaces (also no-break and thin spaces), dashes (also the Unicode hyphen and en dash), dots and
 *   parentheses separate groups of digits: they are dropped.
 * - A leading "+" or "00" is the international prefix. Denmark's country code (45) after it is dropped, so
 *   "+45 12 34 56 78" and "0045 12345678" are both "12345678", the number the restaurant calls.
 * - Any other country code is kept, without the prefix: "+46 70 123 45 67" is "46701234567". The
 *   restaurant can still tell it from a Danish number: no Danish number has more than 8 digits.
 * - Anything else (letters, a "+" in the middle, a lone "+45") is returned as typed, trimmed, so the
 *   rule refuses it (Input.InvalidPhone) or finds it empty (MissingFields.Phone) rather than storing a
 *   number nobody typed.
 *
 * Idempotent: normalising a stored number changes nothing. The storefront normalises before sending and
 * the server again before validating and storing, with this one function.
 */
const SEPARATORS = /[\s\u00a0\u2009\u202f\-\u2010\u2011\u2013.()]/g;
const INTERNATIONAL = /^(?:\+|00)(\d+)$/;
const DENMARK = "45";

export function normalizePhone(typed: string): string {
  const trimmed = typed.trim();
  const compact = trimmed.replace(SEPARATORS, "");
  const international = INTERNATIONAL.exec(compact);
  if (!international) return /^\d+$/.test(compact) ? compact : trimmed;
  const digits = international[1] ?? "";
  if (digits.startsWith(DENMARK) && digits.length > DENMARK.length) return digits.slice(DENMARK.length);
  return digits.length > DENMARK.length ? digits : trimmed;
}
