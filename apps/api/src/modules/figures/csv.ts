/**
 * CSV as spreadsheets open it: RFC 4180 (fields with a comma, quote or line break quoted, quotes doubled, CRLF
 * between records), a header row, UTF-8 with a byte-order mark (without it Excel reads the bytes as Windows-1252
 * and "Smørrebrød" comes out garbled). A text cell starting with = + - @ (or a tab or carriage return) is
 * prefixed with ' so a spreadsheet shows it instead of running it as a formula (OWASP "CSV Injection").
 */

export type CsvCell = string | number | null;

const BOM = "\uFEFF";
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
/** A plain decimal number ("-12.50") is no formula, and a spreadsheet must read it as a number. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One text cell, guarded and quoted; numbers are written as they are (a negative amount stays a number). */
export function csvCell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const guarded = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** The whole file: BOM, header, one record per row, each ended by CRLF. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return BOM + [header, ...rows].map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

/** Øre as decimal kroner with a dot and two decimals: 12950 → "129.50" (a number cell, never locale-formatted). */
export function kroner(minor: number | string): string {
  const value = Number(minor);
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Æ and Ø have no accent to drop: spelled as Danes spell them without the letters. */
const DANISH_ASCII: Record<string, string> = { Æ: "AE", æ: "ae", Ø: "OE", ø: "oe" };

/**
 * Content-Disposition for a download: an ASCII name for old clients and the exact UTF-8 name as filename*
 * (RFC 6266 / RFC 8187), so "Café Ærø" survives.
 */
export function attachment(fileName: string): string {
  const ascii = fileName
    .replace(/[ÆæØø]/g, (letter) => DANISH_ASCII[letter] ?? "-")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\w.-]+/g, "-");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
