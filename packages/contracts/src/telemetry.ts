import { z } from "zod";

/** The storefront's telemetry events (SPEC §7). */
export const TelemetryEventName = z
  .enum(["PaymentError", "CheckoutError", "AppError", "ShopError"])
  .describe("Which kind of failure the storefront met (SPEC §7)");
export type TelemetryEventName = z.infer<typeof TelemetryEventName>;

export const MAX_TELEMETRY_DETAILS = 20;

const TelemetryDetails = z
  .record(z.string().max(100), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((details) => Object.keys(details).length <= MAX_TELEMETRY_DETAILS, {
    message: `At most ${MAX_TELEMETRY_DETAILS} details`,
  })
  .describe(`Up to ${MAX_TELEMETRY_DETAILS} more facts: name → string (≤ 500 characters), number, boolean or null`);

/**
 * One event the storefront reports to `POST /api/telemetry`. Not `.strict()`: unknown keys are dropped
 * (docs/decisions/007-request-leniency.md).
 */
export const TelemetryEvent = z
  .object({
    name: TelemetryEventName,
    message: z.string().max(500).optional().describe("What went wrong, as the storefront saw it"),
    path: z.string().max(500).optional().describe("The storefront route it happened on, e.g. /checkout"),
    traceId: z
      .string()
      .max(100)
      .optional()
      .describe("The trace id of the failed API answer behind it, if any (x-trace-id, or traceId of a 500)"),
    details: TelemetryDetails.optional(),
  })
  .meta({ id: "TelemetryEvent" });
export type TelemetryEvent = z.infer<typeof TelemetryEvent>;

export const TelemetryAccepted = z
  .object({
    traceId: z.string().describe("The trace id of this report: its line in the server log carries it"),
  })
  .meta({ id: "TelemetryAccepted" });
export type TelemetryAccepted = z.infer<typeof TelemetryAccepted>;
