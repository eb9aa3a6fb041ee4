import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { isDatabaseUnavailable } from "@app/db";
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../errors";

/** How long a client should wait after a 503 because the database is unavailable (a restart takes seconds). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own 4xx errors (bad JSON, too large, …) keep their status with a readable code. */
const FRAMEWORK_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "INVALID_JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "INVALID_JSON",
  FST_ERR_CTP_BODY_TOO_LARGE: "BODY_TOO_LARGE",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "INVALID_CONTENT_LENGTH",
};

/** Where Fastify's own message says too little to act on. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "This content type is not accepted here: send the body as JSON (application/json)",
};

/** Maps every error to `{ errors: [...] }` in one place; a 5xx never leaks its details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}

/**
 * The one mapping from an error to the answer. Also called by the router's `frameworkErrors`
 * (bad URL, over-long parameter), which runs before any route and so before the handler set above.
 */
export function answerError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (appError) {
    const { retryAfterSeconds } = appError.options;
    if (retryAfterSeconds !== undefined) reply.header("retry-after", String(retryAfterSeconds));
    return reply.status(appError.status).send({ errors: appError.items });
  }
  if (isDatabaseUnavailable(error)) {
    // Not a bug: the database is down or restarting. 503 tells clients and load balancers to try again.
    request.log.warn({ err: error }, "database unavailable");
    return reply
      .status(503)
      .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
      .send({
        errors: [{ code: "DATABASE_UNAVAILABLE", message: "The service is briefly unavailable; please try again" }],
        traceId: String(request.id),
      });
  }
  request.log.error({ err: error }, "unexpected fault");
  return reply.status(500).send({
    errors: [{ code: "INTERNAL", message: "Sorry, an error has occurred" }],
    traceId: String(request.id),
  });
}

/** The AppError an error stands for; null for a fault (a 5xx, whose details stay in the log). */
function toAppError(error: FastifyError | AppError): AppError | null {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const items = error.validation.map((issue) => {
      const field = [error.validationContext, ...pathOf(issue.instancePath)].filter(Boolean).join(".");
      return { code: "Input.Invalid", message: `${field || "input"}: ${issue.message}`, field };
    });
    return new AppError("invalid", "Input.Invalid", error.message, undefined, { items });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return frameworkError(error, status);
  return null;
}

/** What the router refuses before any route runs (its `frameworkErrors`): a bad URL, an over-long parameter. */
export function routerError(error: FastifyError): AppError {
  const code = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? "PARAMETER_TOO_LONG" : "BAD_URL";
  return new AppError("invalid", code, error.message, undefined, { status: error.statusCode ?? 400 });
}

/** Fastify's own 4xx errors, with their status and a readable code. */
function frameworkError(error: FastifyError, status = error.statusCode ?? 400): AppError {
  const code = FRAMEWORK_CODES[error.code] ?? "BAD_REQUEST";
  const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
  return new AppError("invalid", code, message, undefined, { status });
}

function pathOf(instancePath: string): string[] {
  return instancePath.split("/").filter(Boolean);
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request — a raw (not percent-encoded)
 * non-ASCII byte in the URL, a malformed request line or header, headers over the size limit, a
 * request that is not received in time — is answered here, on the socket, in the same
 * `{ errors: [...] }` shape as every other error (Fastify's default answers its own
 * `{ error, message, statusCode }`). Passed to Fastify as `clientErrorHandler`; there is no request
 * or reply, so the answer is written by hand: https://nodejs.org/api/http.html#event-clienterror
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // A reset connection is gone: nobody is left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, code, message } = describeClientError(error.code);
  this.log.debug({ err: error, code }, "client error");
  // Like Node's own handler: never write into a response that has already begun on this connection.
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !current?.headersSent) {
    const body = JSON.stringify({ errors: [{ code, message }] });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        "Connection: close\r\n\r\n" +
        body,
    );
  }
  socket.destroy(error);
}

function describeClientError(nodeCode: string): { status: number; code: string; message: string } {
  switch (nodeCode) {
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, code: "REQUEST_TIMEOUT", message: "The request was not received in time" };
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, code: "HEADERS_TOO_LARGE", message: "The request headers are too large" };
    case "HPE_INVALID_URL":
      return {
        status: 400,
        code: "BAD_URL",
        message: "The URL contains a character that must be percent-encoded (such as ø, sent as %C3%B8)",
      };
    default:
      return { status: 400, code: "BAD_REQUEST", message: "The request is not valid HTTP" };
  }
}
