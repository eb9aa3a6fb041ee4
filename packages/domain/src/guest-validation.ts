import { normalizePhone } from "./phone";

/**
 * Guest details rules shared by the storefront (instant feedback) and the server (decides),
 * SPEC §5 and §9. Values are judged as they will be stored: trimmed, and name and comment
 * sanitized, so "  " or "<>" counts as empty.
 */

export const ORDER_COMMENT_MAX = 125;
const PHONE_PATTERN = /^\d{8,20}$/;
const EMAIL_MIN_LENGTH = 4;
const EMAIL_MAX_LENGTH = 100;
const ZIP_CODE_PATTERN = /^\d{4}$/;
/** RFC 5322 atext: what a dot-atom local part may hold besides its dots. */
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";
/** A domain label: letters (any script) or digits, hyphens only inside, at most 63 characters. */
const LABEL = "[\\p{L}0-9](?:[\\p{L}\\p{M}0-9-]{0,61}[\\p{L}\\p{M}0-9])?";
/** The top-level label: two or more letters, or an IDN's punycode form (xn--…). */
const TLD = "(?:\\p{L}[\\p{L}\\p{M}]+|xn--[A-Za-z0-9-]+)";
const PLAIN_MAILBOX = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*@(?:${LABEL}\\.)+${TLD}$`, "u");

/** Digits only, 8 to 20 of them (no "+", spaces or dashes). */
export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone);
}

/**
 * One plain mailbox (RFC 5322 addr-spec with a dot-atom local part), so an address is never read
 * as a display name, a group, a list or extra header lines by a mailer: `Evil <victim@evil.com>`,
 * `a\r\nBcc: victim@evil.com` and `<script>…</script>@x.dk` are all refused. No quoted local parts,
 * no IP-literal domains, no comments. The domain is dot-separated labels of letters, digits and
 * inner hyphens ending in a TLD of at least two letters; letters may be international (æøå.dk,
 * nodemailer encodes the domain as punycode), never spaces, controls or punctuation. On top, SPEC §5:
 * 4 to 100 characters, exactly one @ and a dot.
 */
export function isValidEmail(email: string): boolean {
  const length = email.length;
  if (length < EMAIL_MIN_LENGTH || length > EMAIL_MAX_LENGTH) return false;
  if (email.split("@").length !== 2 || !email.includes(".")) return false;
  return PLAIN_MAILBOX.test(email);
}

/** Danish zip codes: exactly 4 digits. */
export function isValidZipCode(zipCode: string): boolean {
  return ZIP_CODE_PATTERN.test(zipCode);
}

/**
 * Name and comment are stripped before sending (SPEC §5): the ampersand is escaped, quotes and
 * angle brackets are removed, then the text is trimmed. Idempotent: the storefront sanitizes
 * before sending and the server again before storing, and "&amp;" must not become "&amp;amp;".
 */
export function sanitizeText(text: string): string {
  return text
    .replace(/["'<>]/g, "")
    .replace(/&(?!amp;)/g, "&amp;")
    .trim();
}

export type RequiredGuestInformation = { name: boolean; phone: boolean; email: boolean };

export type GuestInformationInput = {
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  orderComment?: string | null;
};

/** The details as they are stored: trimmed, name and comment sanitized, empty as null. */
export type SanitizedGuestInformation = {
  name: string | null;
  phone: string | null;
  email: string | null;
  orderComment: string | null;
};

/**
 * SPEC §5: name and comment have special characters stripped (sanitizeText); the phone is
 * normalised to its digits (normalizePhone: "+45 12 34 56 78" is "12345678"); the email is only trimmed. A value that is empty afterwards is null: "<>" as a name is no name.
 */
export function sanitizeGuestInformation(input: GuestInformationInput): SanitizedGuestInformation {
  return {
    name: storedText(input.name, sanitizeText),
    phone: storedText(input.phone, normalizePhone),
    email: storedText(input.email, (text) => text),
    orderComment: storedText(input.orderComment, sanitizeText),
  };
}

function storedText(value: string | null | undefined, clean: (text: string) => string): string | null {
  const cleaned = clean(value?.trim() ?? "").trim();
  return cleaned === "" ? null : cleaned;
}

type GuestField = "name" | "phone" | "email" | "orderComment";

/** One field's problem, with the SPEC §5 / §8 text the server answers (the storefront translates by code). */
export type GuestFieldError = {
  field: GuestField;
  code: "MissingFields.Name" | "MissingFields.Phone" | "MissingFields.Email" | "Input.InvalidPhone" | "Input.Invalid";
  message: string;
};

/** The words SPEC §5 lists in the missing-fields message. */
const MISSING_ITEM = { name: "name", phone: "phone number", email: "email" } as const;
const MISSING_CODE = {
  name: "MissingFields.Name",
  phone: "MissingFields.Phone",
  email: "MissingFields.Email",
} as const;

export const MISSING_FIELDS_MESSAGE = "Please check that you have entered all required information";
export const INVALID_PHONE_MESSAGE = "Invalid content. The field may only contain numbers";
export const INVALID_INPUT_MESSAGE = "Your input is invalid";
export const COMMENT_TOO_LONG_MESSAGE = `${INVALID_INPUT_MESSAGE}: the order comment can be at most ${ORDER_COMMENT_MAX} characters`;

/**
 * Every problem with the guest's details, in form order (name, phone, email, comment); [] when
 * fine. The values are judged as they will be stored: sanitized first (sanitizeGuestInformation),
 * so a name that sanitizes to nothing is missing. Sanitizing is idempotent, so stored values can
 * be judged again.
 */
export function validateGuestInformation(
  input: GuestInformationInput,
  required: RequiredGuestInformation,
): GuestFieldError[] {
  const values = sanitizeGuestInformation(input);
  const errors: GuestFieldError[] = [];
  for (const field of ["name", "phone", "email"] as const) {
    const value = values[field];
    if (value === null) {
      if (required[field]) errors.push(missing(field));
    } else if (field === "phone" && !isValidPhone(value)) {
      errors.push({ field, code: "Input.InvalidPhone", message: INVALID_PHONE_MESSAGE });
    } else if (field === "email" && !isValidEmail(value)) {
      errors.push({ field, code: "Input.Invalid", message: INVALID_INPUT_MESSAGE });
    }
  }
  if (values.orderComment !== null && visibleLength(values.orderComment) > ORDER_COMMENT_MAX) {
    errors.push({ field: "orderComment", code: "Input.Invalid", message: COMMENT_TOO_LONG_MESSAGE });
  }
  return errors;
}

function missing(field: "name" | "phone" | "email"): GuestFieldError {
  return { field, code: MISSING_CODE[field], message: `${MISSING_FIELDS_MESSAGE}: ${MISSING_ITEM[field]}` };
}

/**
 * Characters as the guest typed them: the escaped ampersand counts as the one "&" the comment
 * counter showed, so sanitizing never pushes a comment of 125 over the limit.
 */
function visibleLength(sanitized: string): number {
  return sanitized.replaceAll("&amp;", "&").length;
}

/**
 * The list in the missing-fields message (SPEC §5): "a", "a & b", "a, b & c". `and` is the word
 * or sign before the last item.
 */
export function joinMissingFields(items: string[], and = "&"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}`;
}
