/**
 * Reports failures the storefront meets to our API (`POST /api/telemetry`, SPEC §7 telemetry events), which
 * writes them to the server log with their trace ids. Fire-and-forget: a report never throws, never makes
 * anyone wait, and a failed one is dropped. At most a few per page load, so a render loop that keeps failing
 * cannot flood the server (which also limits each address).
 */
import type { TelemetryEvent } from "@app/contracts";
import { type ApiClient, api } from "./api-client";
import { appErrorEvent } from "./telemetry-event";

/** Reports sent at most per page load (the module lives as long as the page). */
export const MAX_REPORTS_PER_PAGE = 10;

/** The API's limits (TelemetryEvent of @app/contracts): text over them is cut, so the report is not refused. */
const MAX_TEXT = 500;
const MAX_TRACE_ID = 100;
const MAX_DETAILS = 20;
const MAX_DETAIL_KEY = 100;

export type TelemetryReporter = {
  /** Sends the event unless this page has already sent its share. Never throws. */
  reportEvent: (event: TelemetryEvent) => void;
  /** An `AppError` for anything thrown: its message, and the trace id and status of a failed API call. */
  reportAppError: (error: unknown, path: string) => void;
};

export function createTelemetryReporter(client: ApiClient, maxReports = MAX_REPORTS_PER_PAGE): TelemetryReporter {
  let sent = 0;
  function reportEvent(event: TelemetryEvent): void {
    if (sent >= maxReports) return;
    sent += 1;
    try {
      // With the token when there is one (the server then logs the restaurant); without, it is accepted too.
      void client.request("POST", "/telemetry", { body: withinLimits(event) }).catch(() => undefined);
    } catch {
      // A report must never become the failure.
    }
  }
  return {
    reportEvent,
    reportAppError: (error, path) => reportEvent(appErrorEvent(error, path)),
  };
}

function withinLimits(event: TelemetryEvent): TelemetryEvent {
  const cut: TelemetryEvent = { name: event.name };
  if (event.message !== undefined) cut.message = event.message.slice(0, MAX_TEXT);
  if (event.path !== undefined) cut.path = event.path.slice(0, MAX_TEXT);
  if (event.traceId !== undefined) cut.traceId = event.traceId.slice(0, MAX_TRACE_ID);
  if (event.details !== undefined) {
    const entries = Object.entries(event.details).slice(0, MAX_DETAILS);
    cut.details = Object.fromEntries(
      entries.map(([key, value]) => [
        key.slice(0, MAX_DETAIL_KEY),
        typeof value === "string" ? value.slice(0, MAX_TEXT) : value,
      ]),
    );
  }
  return cut;
}

const reporter = createTelemetryReporter(api);
/** Sends one telemetry event to our API (at most MAX_REPORTS_PER_PAGE per page load). Never throws. */
export const reportEvent = reporter.reportEvent;
/** Reports anything thrown as an `AppError` (the error boundary, a failed app start). Never throws. */
export const reportAppError = reporter.reportAppError;
