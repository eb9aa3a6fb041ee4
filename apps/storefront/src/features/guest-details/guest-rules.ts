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

export { ORDER_COMMENT_MAX };

/** The comment counter: characters the guest may still type (the input stops at 125). */
export function commentCharactersLeft(comment: string): number {
  return Math.max(0, ORDER_COMMENT_MAX - comment.length);
}
