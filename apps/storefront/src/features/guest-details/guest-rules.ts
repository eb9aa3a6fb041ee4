/** Pure rules of the guest's details (SPEC §5): each field's message, the comment's characters left. */
import {
  type GuestFieldError,
  ORDER_COMMENT_MAX,
  type RequiredGuestInformation,
  validateGuestInformation,
} from "@app/domain";
import type { GuestInformationDraft } from "./guest-details-page";

// ── Field errors (SPEC §5) ────────────────────────────────────────────────────────────────

export type GuestFieldName = "name" | "phone" | "email" | "orderComment";
export type InputErrorKey = "Input.Name" | "Input.Phone" | "Input.Email" | "Input.InvalidPhone" | "Input.Invalid";
export type GuestFieldErrors = Partial<Record<GuestFieldName, InputErrorKey>>;

/** The domain names an empty required field MissingFields.*; under the field itself it reads Input.*. */
const FIELD_MESSAGE: Record<GuestFieldError["code"], InputErrorKey> = {
  "MissingFields.Name": "Input.Name",
  "MissingFields.Phone": "Input.Phone",
  "MissingFields.Email": "Input.Email",
  "Input.InvalidPhone": "Input.InvalidPhone",
  "Input.Invalid": "Input.Invalid",
};

/** Each guest field's message key, from @app/domain's validateGuestInformation (the server's rules). */
export function guestFieldErrors(
  guestInformation: GuestInformationDraft,
  required: RequiredGuestInformation,
): GuestFieldErrors {
  const errors: GuestFieldErrors = {};
  for (const error of validateGuestInformation(guestInformation, required)) {
    errors[error.field] ??= FIELD_MESSAGE[error.code];
  }
  return errors;
}

/**
 * What a right value looks like, shown under SPEC's message for a wrong one (in an element of its own, so the
 * message stays SPEC's word for word): "may only contain numbers" alone does not tell a guest who typed 7 digits
 * what is wrong, nor "your input is invalid" one who forgot ".dk".
 */
const FORMAT_HINT: Partial<Record<GuestFieldName, string>> = {
  phone: "Input.PhoneFormat",
  email: "Input.EmailFormat",
};

/** The key of the format hint under a field whose value is wrong (not merely missing); null otherwise. */
export function formatHintKey(field: GuestFieldName, error: InputErrorKey | undefined): string | null {
  const isWrongValue = error === "Input.InvalidPhone" || error === "Input.Invalid";
  return isWrongValue ? (FORMAT_HINT[field] ?? null) : null;
}

export { ORDER_COMMENT_MAX };

/** The comment counter: characters the guest may still type (the input stops at 125). */
export function commentCharactersLeft(comment: string): number {
  return Math.max(0, ORDER_COMMENT_MAX - comment.length);
}
