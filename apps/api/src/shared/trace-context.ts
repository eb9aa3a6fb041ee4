import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The trace id of the request being served, for log lines written through another logger than the
 * request's own: `deps.log` in services, and work a request starts in the background (a receipt send).
 * `request.log` carries the id as a binding already (Fastify's requestIdLogLabel).
 */
const traceContext = new AsyncLocalStorage<{ traceId: string }>();

/** Runs the rest of the request (a callback-style onRequest hook's `done`) with its trace id. */
export function runWithTraceId(traceId: string, next: () => void): void {
  traceContext.run({ traceId }, next);
}

/** pino's `mixin`: the current request's traceId on a line whose logger does not carry one. */
export function traceIdMixin(
  _object: object,
  _level: number,
  logger: { bindings: () => Record<string, unknown> },
): Record<string, unknown> {
  const store = traceContext.getStore();
  if (!store || "traceId" in logger.bindings()) return {};
  return { traceId: store.traceId };
}
