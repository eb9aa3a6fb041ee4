import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../errors";

type ErrorItem = { code: string; message: string; field?: string };

/** Fastify's own 4xx errors (bad JSON, too large, …) keep their status with a readable code. */
const FRAMEWORK_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "INVALID_JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "INVALID_JSON",
  FST_ERR_CTP_BODY_TOO_LARGE: "BODY_TOO_LARGE",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "INVALID_CONTENT_LENGTH",
};

/** Maps every error to `{ errors: [...] }` in one place; a 5xx never leaks its details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const item: ErrorItem = { code: error.code, message: error.message };
      if (error.field) item.field = error.field;
      return reply.status(error.status).send({ errors: [item] });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => {
        const field = [error.validationContext, ...pathOf(issue.instancePath)].filter(Boolean).join(".");
        return { code: "Input.Invalid", message: `${field || "input"}: ${issue.message}`, field };
      });
      return reply.status(400).send({ errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = FRAMEWORK_CODES[error.code] ?? "BAD_REQUEST";
      return reply.status(status).send({ errors: [{ code, message: error.message }] });
    }
    request.log.error({ err: error }, "unexpected fault");
    return reply.status(500).send({
      errors: [{ code: "INTERNAL", message: "Sorry, an error has occurred" }],
      traceId: String(request.id),
    });
  });
}

function pathOf(instancePath: string): string[] {
  return instancePath.split("/").filter(Boolean);
}
