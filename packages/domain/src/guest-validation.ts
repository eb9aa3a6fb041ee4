/**
 * Guest details rules shared by the storefront (instant feedback) and the server (decides),
 * SPEC §5 and §9. Values are trimmed before they are judged, so "  " counts as empty.
 */

export const ORDER_COMMENT_MAX = 125;
const PHONE_PATTERN = /^\d{8,20}$/;
const EMAIL_MIN_LENGTH = 4;
const EMAIL_MAX_LENGTH = 100;
const ZIP_CODE_PATTERN = /^\d{4}$/;

/** Digits only, 8 to 20 of them (no "+", spaces or dashes). */
export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone);
}

/** 4 to 100 characters, exactly one @, and a dot somewhere: deliberately loose, as in the spec. */
export function isValidEmail(email: string): boolean {
  const length = email.length;
  if (length < EMAIL_MIN_LENGTH || length > EMAIL_MAX_LENGTH) return false;
  return email.split("@").length === 2 && email.includes(".");
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

export type GuestFieldError = {
  field: "name" | "phone" | "email" | "orderComment";
  code:
    | "MissingFields.Name"
    | "MissingFields.Phone"
    | "MissingFields.Email"
    | "Input.InvalidPhone"
    | "Input.Invalid"
    | "Input.TooLong";
};

/** Every problem with the guest's details, in form order (name, phone, email, comment); [] when fine. */
export function validateGuestInformation(
  input: GuestInformationInput,
  required: RequiredGuestInformation,
): GuestFieldError[] {
  return [
    ...checkField("name", input.name, required.name, () => true),
    ...checkField("phone", input.phone, required.phone, isValidPhone),
    ...checkField("email", input.email, required.email, isValidEmail),
    ...checkComment(input.orderComment),
  ];
}

const MISSING_CODE = {
  name: "MissingFields.Name",
  phone: "MissingFields.Phone",
  email: "MissingFields.Email",
} as const;

const INVALID_CODE = { name: "Input.Invalid", phone: "Input.InvalidPhone", email: "Input.Invalid" } as const;

function checkField(
  field: "name" | "phone" | "email",
  raw: string | null | undefined,
  isRequired: boolean,
  isValid: (value: string) => boolean,
): GuestFieldError[] {
  const value = raw?.trim() ?? "";
  if (value === "") return isRequired ? [{ field, code: MISSING_CODE[field] }] : [];
  return isValid(value) ? [] : [{ field, code: INVALID_CODE[field] }];
}

function checkComment(raw: string | null | undefined): GuestFieldError[] {
  const comment = raw?.trim() ?? "";
  return comment.length > ORDER_COMMENT_MAX ? [{ field: "orderComment", code: "Input.TooLong" }] : [];
}

/**
 * The list in the missing-fields message (SPEC §5): "a", "a & b", "a, b & c". `and` is the word
 * or sign before the last item.
 */
export function joinMissingFields(items: string[], and = "&"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}`;
}
