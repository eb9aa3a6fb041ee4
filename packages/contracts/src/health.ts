import { z } from "zod";

/** `GET /api/health`: the process answers (no database call). */
export const HealthStatus = z
  .object({ status: z.literal("ok").describe("Always ok: an answer at all is the signal") })
  .meta({ id: "HealthStatus" });
export type HealthStatus = z.infer<typeof HealthStatus>;

/** `GET /api/ready`: the database answers and holds every migration; else 503 NOT_READY. */
export const ReadyStatus = z
  .object({ status: z.literal("ready").describe("The process can serve requests") })
  .meta({ id: "ReadyStatus" });
export type ReadyStatus = z.infer<typeof ReadyStatus>;
