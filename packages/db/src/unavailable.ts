/**
 * Whether an error means the database cannot be reached right now (it is down, restarting, refusing
 * connections, or dropped the connection), as opposed to a fault in a query. The API answers these
 * with 503 and Retry-After, so clients and load balancers try again instead of reporting a bug.
 * Drizzle wraps driver errors (`cause`), so the whole chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (isConnectionFailure(current)) return true;
    current = current.cause;
  }
  return false;
}

/** Socket errors of a connection that could not be made or was lost. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/**
 * SQLSTATEs of a server that is shutting down or not taking connections (57P01 admin shutdown, 57P02
 * crash shutdown, 57P03 cannot connect now, 53300 too many connections); class 08 is every connection exception.
 */
const SERVER_GONE_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** node-postgres and pg-pool say these in words only. */
const GONE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error and is not queryable/i,
  /connection is closed/i,
];

function isConnectionFailure(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (SOCKET_CODES.has(code) || SERVER_GONE_STATES.has(code) || code.startsWith("08"))) {
    return true;
  }
  return GONE_MESSAGES.some((pattern) => pattern.test(error.message));
}
