import type { FastifyInstance } from "fastify";

/** One structured line per request, carrying the trace id (also sent back as x-trace-id). */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-trace-id", request.id);
    done();
  });
  // Callback style: no promise per request (cached reads, at warn, write nothing here).
  app.addHook("onResponse", (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      "request",
    );
    done();
  });
}
