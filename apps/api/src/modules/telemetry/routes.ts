import { ErrorBody, TelemetryAccepted, TelemetryEvent } from "@app/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Api, Deps, RouteModule } from "../../deps";
import { AppError } from "../../errors";
import { createRateLimiter, type RateLimit } from "./rate-limiter";
import { recordTelemetryEvent } from "./record-telemetry-event";

const tags = ["Telemetry"];

/** Per client IP (`request.ip`, which honours TRUST_PROXY): a render loop is cut off, a real failure never is. */
export const TELEMETRY_RATE: RateLimit = { limit: 30, windowMs: 60_000, maxKeys: 10_000 };
/** An event is a few hundred bytes; the schema's limits allow about 12 KB of text, which nobody needs. */
export const TELEMETRY_BODY_LIMIT = 8 * 1024;

const DESCRIPTION = `Reports a failure the storefront met (SPEC §7: PaymentError, CheckoutError, AppError, ShopError).
The event is written to the server log as a warn line carrying this request's trace id (answered as \`traceId\`)
and the event's own \`traceId\` (of the failed API answer, if any). No token needed: an app that failed to start
has none; with a valid one the line names its production unit. At most ${TELEMETRY_RATE.limit} events a minute
per client address (429 \`TELEMETRY_RATE_LIMITED\` with \`Retry-After\`), bodies up to ${TELEMETRY_BODY_LIMIT / 1024} KB (413).`;

export const telemetryRoutes: RouteModule = (api, deps) => {
  reportEventRoute(api, deps);
};

function reportEventRoute(api: Api, deps: Deps) {
  const limiter = createRateLimiter(TELEMETRY_RATE, deps.now);
  api.post(
    "/telemetry",
    {
      config: { public: true },
      bodyLimit: TELEMETRY_BODY_LIMIT,
      // Before the body is read: a flood costs a map lookup, not a JSON parse.
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        const decision = limiter.take(request.ip);
        if (decision.allowed) return;
        reply.header("retry-after", String(decision.retryAfterSeconds));
        throw rateLimited(decision.retryAfterSeconds);
      },
      schema: {
        tags,
        summary: "Report a storefront failure (logged with its trace ids)",
        description: DESCRIPTION,
        security: [{}, { bearerAuth: [] }],
        body: TelemetryEvent,
        response: { 202: TelemetryAccepted, 400: ErrorBody, 413: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await recordTelemetryEvent(
        { tokens: deps.tokens, log: request.log },
        {
          event: request.body,
          userAgent: request.headers["user-agent"],
          authorization: request.headers.authorization,
        },
      );
      return reply.code(202).send({ traceId: String(request.id) });
    },
  );
}

const rateLimited = (retryAfterSeconds: number) =>
  new AppError(
    "invalid",
    "TELEMETRY_RATE_LIMITED",
    `Too many telemetry events from this address; try again in ${retryAfterSeconds} s`,
    undefined,
    { status: 429 },
  );
