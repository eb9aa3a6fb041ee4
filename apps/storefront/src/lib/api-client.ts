/**
 * The one way the storefront talks to the API: JSON in, a typed result out, and every failure as
 * `ApiError` with the status and the server's `{ errors: [...] }` list (SPEC §8).
 */
import type { ErrorBody } from "@app/contracts";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ErrorBody["errors"],
    readonly traceId?: string,
  ) {
    super(errors[0]?.message ?? `Request failed with status ${status}`);
  }
}

let bearerToken: string | null = null;
export function setToken(token: string | null): void {
  bearerToken = token;
}

export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (bearerToken) headers.authorization = `Bearer ${bearerToken}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, [{ code: "NETWORK", message: `Request to ${path} failed with status 0` }]);
  }
  const isJson = response.headers.get("content-type")?.includes("application/json");
  const data = isJson ? await response.json() : await response.text();
  if (!response.ok) {
    const errors = isJson && Array.isArray(data?.errors) ? data.errors : [{ code: "HTTP", message: String(data) }];
    throw new ApiError(response.status, errors, isJson ? data?.traceId : undefined);
  }
  return data as T;
}
