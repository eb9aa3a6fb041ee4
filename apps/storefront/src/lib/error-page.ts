/**
 * Where a failure sends the guest (SPEC §8): /error, with the failed call's trace id as its subtitle when the
 * API gave one (lib/api-client's ApiError carries it), so the restaurant can find the request in the logs.
 */
export function errorPagePath(error: unknown): string {
  const traceId = (error as { traceId?: unknown } | null)?.traceId;
  return typeof traceId === "string" ? `/error?traceId=${encodeURIComponent(traceId)}` : "/error";
}
