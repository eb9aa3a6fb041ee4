/**
 * Reports failures the storefront meets to our API (SPEC §7 telemetry events; `telemetry-reporter.ts` sends
 * them). The sender is a chunk of its own, loaded on the first report: a page that fails at nothing never
 * downloads it (issue 42 freed it from the first load). Fire-and-forget as before: a report never throws,
 * and one that cannot be sent (its chunk cannot load either) is dropped.
 */
import type { TelemetryEvent } from "@app/contracts";

export { appErrorEvent } from "./telemetry-event";

const sender = () => import("./telemetry-reporter");

/** Sends one telemetry event to our API (at most MAX_REPORTS_PER_PAGE per page load). Never throws. */
export function reportEvent(event: TelemetryEvent): void {
  sender().then(
    (module) => module.reportEvent(event),
    () => undefined,
  );
}

/** Reports anything thrown as an `AppError` (the error boundary, a failed app start). Never throws. */
export function reportAppError(error: unknown, path: string): void {
  sender().then(
    (module) => module.reportAppError(error, path),
    () => undefined,
  );
}
