import { errorCodeOf } from "./api-client";

/**
 * Where a failure sends the guest (SPEC §8): /error, with the failed call's trace id as its subtitle when the
 * API gave one (lib/api-client's ApiError carries it), so the restaurant can find the request in the logs.
 */
export function errorPagePath(error: unknown): string {
  const traceId = (error as { traceId?: unknown } | null)?.traceId;
  const query = new URLSearchParams();
  if (typeof traceId === "string") query.set("traceId", traceId);
  // 429 TOO_MANY_REQUESTS: too many new baskets or checkouts from the guest's network this minute; waiting helps.
  if (errorCodeOf(error) === "TOO_MANY_REQUESTS") query.set("reason", "busy");
  const search = query.toString().replaceAll("+", "%20");
  return search ? `/error?${search}` : "/error";
}
