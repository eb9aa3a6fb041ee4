import { ErrorBody, HealthStatus, ReadyStatus } from "@app/contracts";
import { checkDatabaseReadiness } from "@app/db";
import type { Api, Deps, RouteModule } from "../../deps";
import { AppError } from "../../errors";

const tags = ["Operations"];

/**
 * Probes for load balancers and orchestrators: no token, and no request log line at info (a probe
 * every few seconds would drown the log); failures still log at warn.
 */
const PROBE = { config: { public: true }, logLevel: "warn" } as const;

export const healthRoutes: RouteModule = (api, deps) => {
  getHealthRoute(api);
  getReadyRoute(api, deps);
};

function getHealthRoute(api: Api) {
  api.get(
    "/health",
    {
      ...PROBE,
      schema: {
        tags,
        summary: "Liveness: the process answers (no database call)",
        security: [],
        response: { 200: HealthStatus },
      },
    },
    async () => ({ status: "ok" as const }),
  );
}

function getReadyRoute(api: Api, { db }: Deps) {
  api.get(
    "/ready",
    {
      ...PROBE,
      schema: {
        tags,
        summary: "Readiness: the database answers and every migration is applied (else 503 NOT_READY)",
        security: [],
        response: { 200: ReadyStatus, 503: ErrorBody },
      },
    },
    async (request) => {
      const readiness = await checkDatabaseReadiness(db);
      if (readiness.ready) return { status: "ready" as const };
      request.log.warn({ err: readiness.cause, problem: readiness.problem }, "not ready");
      throw new AppError("unavailable", "NOT_READY", readiness.problem);
    },
  );
}
