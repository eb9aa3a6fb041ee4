import { z } from "zod";

/** Every error response: a status plus this body. */
export const ErrorBody = z
  .object({
    errors: z.array(
      z.object({
        code: z.string().describe("Stable code: a spec catalogue key (e.g. Input.Invalid) or UPPER_SNAKE"),
        message: z.string().describe("Human-readable explanation (English)"),
        field: z.string().optional().describe("The input field the error is about, when there is one"),
      }),
    ),
    traceId: z.string().optional().describe("Present on 500s: quote it when reporting the fault"),
  })
  .meta({ id: "Error" });
export type ErrorBody = z.infer<typeof ErrorBody>;

const MAX_INT32 = 2_147_483_647;

/** Integer id of a configuration row (module, product, …) in a path or query string. */
export const IntId = z.coerce.number().int().positive().max(MAX_INT32);
/** Integer id in a JSON body (no coercion from strings). */
export const BodyIntId = z.number().int().positive().max(MAX_INT32);
/** Guest-owned ids (basket, checkout, payment, order) are random UUIDs. */
export const Uuid = z.uuid();

/**
 * Characters that make a one-line name show other than it reads: line breaks and other controls (C0, DEL, C1, and
 * Unicode's line and paragraph separators) and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069), with which a name can show its letters in another order than stored ("Trojan Source",
 * CVE-2021-42574; Unicode TR #36, "Bidirectional Text Spoofing").
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** Whether the text has no line break, control or bidirectional formatting character. */
export const isSingleLine = (text: string): boolean => !NOT_ONE_LINE.test(text);

/**
 * A one-line text a person sets for others to read: a restaurant's, organisation's or person's name, an address.
 * Trimmed, 1 to `max` characters, refused with Input.SingleLine when it holds a character of NOT_ONE_LINE.
 */
export const SingleLineText = (max: number) =>
  z.string().trim().min(1).max(max).refine(isSingleLine, "Input.SingleLine");

/** A price in DKK as a JSON number with at most two decimals, e.g. 89.5. */
export const Dkk = z.number().describe("Amount in DKK (kroner), at most two decimals");

/** Texts by language code, e.g. { "da-DK": "Burger", "en-US": "Burger" }. */
export const Translations = z.record(z.string(), z.string()).describe("Text by language code (da-DK, en-US)");
export type Translations = z.infer<typeof Translations>;

export const LanguageCode = z.enum(["da-DK", "en-US"]);
export type LanguageCode = z.infer<typeof LanguageCode>;

const DATE_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * Whether a "YYYY-MM-DD" names a day that exists (no 2026-02-30, no 2026-04-31; 2028-02-29 is fine). Year 0000 does
 * not: the calendar goes from 1 BC to AD 1, and PostgreSQL refuses the date (a 500 before).
 */
function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year === 0) return false;
  const isLeapYear = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= daysInMonth;
}

/**
 * A local calendar date "YYYY-MM-DD" that exists: "2026-02-30" is malformed input (400), as
 * "2026-13-01" is, not a date the restaurant refuses (422).
 */
export const LocalDate = z
  .string()
  .regex(DATE_PATTERN, "Expected a date as YYYY-MM-DD")
  // Only a string of the right shape is judged here; one of the wrong shape has its issue already.
  .refine((text) => !DATE_PATTERN.test(text) || isCalendarDate(text), "Expected a date that exists in the calendar");

/** Wall-clock time "HH:MM" in the restaurant's time zone ("24:00" = midnight at the end of the day). */
export const HhMm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/);

/**
 * A field a client may send back because an answer carried it, but that the server never reads: names,
 * prices and totals it computes itself from the catalogue, ids the path already gives. Any JSON value
 * is accepted (a client that holds the price as "89,50" or null must not be refused over a field
 * nobody reads) and dropped before the handler runs. `echoOf` names the answer field it mirrors, for
 * the OpenAPI document (docs/decisions/007-request-leniency.md).
 */
export function ignoredEcho(echoOf: string, why = "the server computes it itself") {
  return z.unknown().optional().describe(`Ignored: ${why}. Echo of ${echoOf}; any value is accepted and dropped.`);
}

/**
 * A body with no fields: none at all, JSON null, or any JSON object (its keys are ignored, like unknown
 * keys everywhere, docs/decisions/007-request-leniency.md).
 */
export const EmptyBody = z.object({}).nullish().describe("No body, or any JSON object (its keys are ignored)");
