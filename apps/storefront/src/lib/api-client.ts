/**
 * The one way the storefront talks to its services (SPEC §7–8): a base URL per service, an optional
 * JSON body, the bearer token for calls that need it, and a result that is either success with data
 * (JSON when the answer says so, else text) or failure with the status and a list of errors.
 */
import type { ErrorBody } from "@app/contracts";
import { takeEarlyAnswer } from "./early-answers";

export type ApiErrorItem = ErrorBody["errors"][number] | { code?: string; message?: string; [key: string]: unknown };
export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;
export type ApiFailure = { ok: false; status: number; errors: ApiErrorItem[]; traceId?: string };

export type RequestOptions = {
  body?: unknown;
  /** Send the stored token as `Authorization: Bearer …` (SPEC §6); authenticate and module-by-domain do not. */
  auth?: boolean;
};

export type Environment = "ci" | "staging" | "production";

/**
 * SPEC §7's host pattern: service subdomain + environment prefix ('ci.' for CI hosting, 'staging.' for
 * staging, else empty) + provider domain + /api. Without a provider domain the service is our own API
 * on the same origin, `/api` (what `connect-src 'self'` allows: docs/decisions/008-security-headers.md).
 */
export function serviceBaseUrl(service: string, environment: Environment, providerDomain: string | undefined): string {
  if (!providerDomain) return "/api";
  const prefix = environment === "production" ? "" : `${environment}.`;
  return `https://${service}.${prefix}${providerDomain}/api`;
}

/** A failed request as a thrown error (loaders throw; the error page shows the trace id). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiErrorItem[];
  readonly traceId: string | undefined;
  constructor(failure: ApiFailure) {
    const first = failure.errors[0];
    super(typeof first?.message === "string" ? first.message : `Request failed with status ${failure.status}`);
    this.status = failure.status;
    this.errors = failure.errors;
    this.traceId = failure.traceId;
  }
}

/** The HTTP status of a failed call (an ApiError, or anything shaped like one); undefined for other errors. */
export function errorStatusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

/** The code of a failed call's first error (e.g. "Discount.Invalid", "BASKET_ORDERED"); undefined if none. */
export function errorCodeOf(error: unknown): string | undefined {
  const errors = (error as { errors?: unknown } | null)?.errors;
  const code = Array.isArray(errors) ? (errors[0] as { code?: unknown } | undefined)?.code : undefined;
  return typeof code === "string" ? code : undefined;
}

export type ApiClient = {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<ApiResult<T>>;
  /** Like `request`, but throws ApiError on failure. */
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  send<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
};

export type ApiClientOptions = {
  baseUrl?: string;
  getToken?: () => string | null;
  fetch?: typeof globalThis.fetch;
  /**
   * An answer already under way for this GET (url, authorization header), taken instead of sending it again
   * (lib/early-answers.ts); undefined, or a promise of undefined: send it.
   */
  earlyAnswer?: (url: string, authorization: string | null) => Promise<Response | undefined> | undefined;
};

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? "/api";
  async function request<T>(
    method: string,
    path: string,
    { body, auth = true }: RequestOptions = {},
  ): Promise<ApiResult<T>> {
    const url = `${baseUrl}${path}`;
    const headers: Record<string, string> = { accept: "application/json" };
    const token = auth ? options.getToken?.() : null;
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const send = options.fetch ?? globalThis.fetch;
    const early =
      method === "GET" && body === undefined ? options.earlyAnswer?.(url, headers.authorization ?? null) : undefined;
    let response: Response;
    try {
      // Sent at once when nothing is under way (no await first: a caller may count on the request having left).
      const taken = early ? await early : undefined;
      response =
        taken ?? (await send(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
    } catch {
      return { ok: false, status: 0, errors: [{ code: "NETWORK", message: `Request to ${url} failed with status 0` }] };
    }
    return readResponse<T>(url, response);
  }
  async function send<T>(method: string, path: string, requestOptions?: RequestOptions): Promise<T> {
    const result = await request<T>(method, path, requestOptions);
    if (!result.ok) throw new ApiError(result);
    return result.data;
  }
  return { request, send, get: (path, requestOptions) => send("GET", path, requestOptions) };
}

async function readResponse<T>(url: string, response: Response): Promise<ApiResult<T>> {
  const isJson = /\bjson\b/i.test(response.headers.get("content-type") ?? "");
  let data: unknown;
  try {
    data = isJson ? await response.json() : await response.text();
  } catch {
    // A body cut off or not the JSON it claims to be: as good as a failed request.
    return {
      ok: false,
      status: response.status,
      errors: [{ code: "NETWORK", message: `Request to ${url} failed with status ${response.status}` }],
    };
  }
  if (response.ok) return { ok: true, status: response.status, data: data as T };
  // SPEC §8: the body as the list of errors; our API already answers `{ errors: [...], traceId }`.
  const body = isJson && data && typeof data === "object" ? (data as Record<string, unknown>) : undefined;
  const errors = Array.isArray(body?.errors)
    ? (body.errors as ApiErrorItem[])
    : [body ?? { code: "HTTP", message: String(data || `Request to ${url} failed with status ${response.status}`) }];
  // Every answer of our API names its trace id in a header; 5xx bodies repeat it.
  const traceId = typeof body?.traceId === "string" ? body.traceId : (response.headers.get("x-trace-id") ?? undefined);
  return traceId
    ? { ok: false, status: response.status, errors, traceId }
    : { ok: false, status: response.status, errors };
}

let bearerToken: string | null = null;
export function setToken(token: string | null): void {
  bearerToken = token;
}
export function getToken(): string | null {
  return bearerToken;
}

/** Our own API, same origin. */
export const api = createApiClient({ baseUrl: "/api", getToken, earlyAnswer: takeEarlyAnswer });
/** The static storage of SPEC §7 (maintenanceMode.json), served by our API under /static. */
export const staticStorage = createApiClient({ baseUrl: "/static" });
