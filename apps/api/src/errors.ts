/**
 * One error type for the whole API. `code` is stable for clients (a spec catalogue key such as
 * Input.Invalid where one exists, else UPPER_SNAKE); `message` is safe to show; the HTTP status
 * is decided here and nowhere else.
 */
export type ErrorKind =
  | "invalid"
  | "unauthorized"
  | "not_found"
  | "conflict"
  | "gone"
  | "unprocessable"
  | "unavailable";

const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  gone: 410,
  unprocessable: 422,
  unavailable: 503,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.status = STATUS[kind];
  }
}

export const invalid = (code: string, message: string, field?: string) => new AppError("invalid", code, message, field);
export const unprocessable = (code: string, message: string, field?: string) =>
  new AppError("unprocessable", code, message, field);
export const conflict = (code: string, message: string) => new AppError("conflict", code, message);
export const gone = (code: string, message: string) => new AppError("gone", code, message);
export const unauthorized = (message = "A valid bearer token is required") =>
  new AppError("unauthorized", "UNAUTHORIZED", message);
/** Also used for rows of another production unit: a guest must not learn that they exist. */
export const notFound = (what: string) => new AppError("not_found", "NOT_FOUND", `${what} not found`);
