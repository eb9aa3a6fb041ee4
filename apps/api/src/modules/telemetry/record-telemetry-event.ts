import type { TelemetryEvent } from "@app/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Deps } from "../../deps";

export type RecordTelemetryEventDeps = Pick<Deps, "tokens"> & {
  /** The request's logger: its lines carry the request's own trace id (`traceId`). */
  log: FastifyBaseLogger;
};

export type TelemetryReport = {
  event: TelemetryEvent;
  userAgent: string | undefined;
  /** The Authorization header, if the storefront had a token: the unit it names is logged. */
  authorization: string | undefined;
};

/** A user agent is a header of up to several kilobytes; its start says which browser it is. */
const MAX_USER_AGENT = 300;

/**
 * Writes one storefront event as a `warn` line of the request's log. The event's own trace id (of the
 * failed API answer behind it) is `telemetry.traceId`, beside the request's `traceId`, so one search for
 * either id finds the report and the failed request's line.
 */
export async function recordTelemetryEvent(deps: RecordTelemetryEventDeps, report: TelemetryReport): Promise<void> {
  const { event } = report;
  const productionUnitId = await tokenUnit(deps, report.authorization);
  deps.log.warn(
    {
      telemetry: {
        name: event.name,
        message: event.message,
        path: event.path,
        traceId: event.traceId,
        details: event.details,
        userAgent: report.userAgent?.slice(0, MAX_USER_AGENT),
        productionUnitId,
      },
    },
    `telemetry: ${event.name}`,
  );
}

/**
 * The production unit of a valid bearer token, else undefined. The token is optional here: an app that
 * failed to start has none, and one whose token expired must still be able to report that.
 */
async function tokenUnit(deps: Pick<Deps, "tokens">, authorization: string | undefined): Promise<number | undefined> {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) return undefined;
  try {
    return (await deps.tokens.verify(token)).productionUnitId;
  } catch {
    return undefined;
  }
}
