/** One entry of the `{ errors: [...] }` answer. */
export type ErrorItem = { code: string; message: string; field?: string };

/**
 * One error type for the whole API. `code` is stable for clients (a spec catalogue key such as
 * Input.Invalid where one exists, else UPPER_SNAKE); `message` is safe to show; the HTTP status
 * is decided here and nowhere else. `items` carries several entries answered at once (SPEC §5: the
 * guest sees every missing or invalid field, not only the first); without it the answer has one entry.
 */
export type ErrorKind =
  | "invalid"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "gone"
  | "unprocessable"
  | "too_many"
  | "unavailable";

const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  unprocessable: 422,
  too_many: 429,
  unavailable: 503,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly options: {
      items?: ErrorItem[];
      status?: number;
      /** Sent as the Retry-After header (seconds): when trying again can succeed. */
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
    this.status = options.status ?? STATUS[kind];
  }

  /** What the answer lists: every item, or this error as the one entry. */
  get items(): ErrorItem[] {
    if (this.options.items) return this.options.items;
    const item: ErrorItem = { code: this.code, message: this.message };
    if (this.field) item.field = this.field;
    return [item];
  }
}

export const invalid = (code: string, message: string, field?: string) => new AppError("invalid", code, message, field);
export const unprocessable = (code: string, message: string, field?: string) =>
  new AppError("unprocessable", code, message, field);
export const conflict = (code: string, message: string) => new AppError("conflict", code, message);
/** The client has done this too often for now (429); it may try again after `retryAfterSeconds`. */
export const tooMany = (code: string, message: string, retryAfterSeconds: number) =>
  new AppError("too_many", code, message, undefined, { retryAfterSeconds });
export const gone = (code: string, message: string) => new AppError("gone", code, message);
export const unauthorized = (message = "A valid bearer token is required") =>
  new AppError("unauthorized", "UNAUTHORIZED", message);
/** Also used for rows of another production unit: a guest must not learn that they exist. */
export const notFound = (what: string) => new AppError("not_found", "NOT_FOUND", `${what} not found`);
/** Several refusals at once (every field error of a form, every reason a basket line is refused): one 422. */
export const unprocessableItems = (items: ErrorItem[]) =>
  new AppError(
    "unprocessable",
    items[0]?.code ?? "UNPROCESSABLE",
    items.map((item) => item.message).join("; "),
    undefined,
    { items },
  );
/** A path no route answers (the router's 404). */
export const routeNotFound = (method: string, path: string) =>
  new AppError("not_found", "ROUTE_NOT_FOUND", `${method} ${path} does not exist`);
