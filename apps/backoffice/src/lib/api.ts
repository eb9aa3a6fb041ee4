/**
 * The one way the back office talks to the server: same-origin fetch of /api/admin/* with the session cookie,
 * the session's CSRF token as X-CSRF-Token on every state-changing request (apps/api/src/modules/staff/admin-scope.ts),
 * and a refusal as an ApiError carrying the server's `{errors: [{code, message, field?}]}`.
 */
import type { ErrorBody } from "@app/contracts";

export type ApiErrorItem = ErrorBody["errors"][number];

export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiErrorItem[];
  /** The answer's body as sent: a refusal may carry more than errors (a 409 of the kitchen carries the order). */
  readonly body: unknown;
  constructor(status: number, errors: ApiErrorItem[], body?: unknown) {
    super(errors[0]?.message ?? `Request failed with status ${status}`);
    this.status = status;
    this.errors = errors;
    this.body = body;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);
let csrfToken: string | undefined;

/** The signed-in session's token (from GET /me or the sign-in answer); undefined after sign-out. */
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

type Body = { json: unknown } | { raw: Blob; contentType: string };

/**
 * A public page (sign-in, a link) may be opened with a living session, whose changes the server checks for the
 * token too: the token is fetched first then (no session: GET /me answers 401 and nothing is sent).
 */
async function loadCsrfToken(): Promise<void> {
  const response = await fetch("/api/admin/me", {
    headers: { accept: "application/json" },
    credentials: "same-origin",
  });
  if (response.ok) csrfToken = ((await response.json()) as { csrfToken?: string }).csrfToken;
}

export async function apiRequest<T>(method: string, path: string, body?: Body): Promise<T> {
  if (!SAFE_METHODS.has(method) && !csrfToken) await loadCsrfToken().catch(() => undefined);
  const headers: Record<string, string> = { accept: "application/json" };
  if (!SAFE_METHODS.has(method) && csrfToken) headers["x-csrf-token"] = csrfToken;
  let payload: BodyInit | undefined;
  if (body && "json" in body) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body.json);
  } else if (body) {
    headers["content-type"] = body.contentType;
    payload = body.raw;
  }
  const response = await fetch(`/api/admin${path}`, { method, headers, body: payload, credentials: "same-origin" });
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) throw new ApiError(response.status, errorsOf(data), data);
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorsOf(data: unknown): ApiErrorItem[] {
  const errors = (data as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter((e): e is ApiErrorItem => typeof e?.code === "string");
}

export const apiGet = <T>(path: string) => apiRequest<T>("GET", path);
export const apiSend = <T>(method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, json?: unknown) =>
  apiRequest<T>(method, path, json === undefined ? undefined : { json });

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
