/**
 * A form's errors by field path ("hosts.1", "requiredGuestInformation.email"): the same map whether the browser's
 * zod check or the server refused, so each field shows its error in the person's language.
 */
import type { z } from "zod";
import { ApiError } from "./api";

/** An error to translate: a message key under `errors.` and its values. */
export type FieldError = { code: string; values?: Record<string, unknown> };
export type FieldErrors = Record<string, FieldError>;
/** The key for errors of the whole form (no field), e.g. a wrong password at sign-in. */
export const FORM = "_form";

/** Our contracts' own messages are message keys ("Input.InvalidEmail"); zod's built-in ones are mapped by issue. */
const MESSAGE_KEY = /^[A-Z][A-Za-z]+\.[A-Z][A-Za-z]+$/;

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".") || FORM;
    if (!errors[path]) errors[path] = issueError(issue);
  }
  return errors;
}

function issueError(issue: z.core.$ZodIssue): FieldError {
  if (MESSAGE_KEY.test(issue.message)) return { code: issue.message };
  // A bound means characters only for a text: "0" minutes between slots is "At least 1", not "At least 1 characters".
  switch (issue.code) {
    case "too_small": {
      const count = Number(issue.minimum);
      if (issue.origin === "string")
        return count <= 1 ? { code: "Input.Required" } : { code: "Input.TooShort", values: { count } };
      if (issue.origin === "array") return { code: "Input.AtLeast", values: { count } };
      return { code: "Input.AtLeastNumber", values: { count } };
    }
    case "too_big": {
      const count = Number(issue.maximum);
      if (issue.origin === "string") return { code: "Input.TooLong", values: { count } };
      if (issue.origin === "array") return { code: "Input.AtMostItems", values: { count } };
      return { code: "Input.AtMostNumber", values: { count } };
    }
    case "invalid_type":
      return { code: issue.expected === "number" ? "Input.WholeNumber" : "Input.Required" };
    default:
      return { code: "Input.Invalid" };
  }
}

/**
 * The server's refusal: each error on its field, the rest on the form. A form that sends one section of a larger
 * body (PUT /restaurants/{id} {settings}) names that section: the server's `settings.primaryColor` is the form's
 * `primaryColor`.
 */
export function serverFieldErrors(error: unknown, section?: string): FieldErrors {
  if (!(error instanceof ApiError)) return { [FORM]: { code: "NETWORK" } };
  const errors: FieldErrors = {};
  for (const item of error.errors) {
    const field = section && item.field?.startsWith(`${section}.`) ? item.field.slice(section.length + 1) : item.field;
    const path = field ?? FORM;
    if (!errors[path]) errors[path] = { code: item.code };
  }
  if (Object.keys(errors).length === 0) errors[FORM] = { code: `HTTP_${error.status}` };
  return errors;
}

/** The id of a field's control: paths have dots, ids are safer without. */
export function fieldId(path: string): string {
  return `field-${path.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
}

/** A refused or failed request as one message key under `errors.` (the server's first code, else its status). */
export function errorMessageKey(error: unknown): string {
  return Object.values(serverFieldErrors(error))[0]?.code ?? "Unknown";
}
