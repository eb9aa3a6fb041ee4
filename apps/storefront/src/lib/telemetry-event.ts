import type { TelemetryEvent } from "@app/contracts";
import { ApiError, errorCodeOf } from "./api-client";

/** The event of something thrown: what it says, and for a failed API call its trace id, status and code. */
export function appErrorEvent(error: unknown, path: string): TelemetryEvent {
  const event: TelemetryEvent = { name: "AppError", message: messageOf(error), path };
  if (error instanceof ApiError) {
    if (error.traceId) event.traceId = error.traceId;
    const code = errorCodeOf(error);
    event.details = { status: error.status, ...(code ? { code } : {}) };
  } else if (error instanceof Error) {
    event.details = { errorName: error.name };
  }
  return event;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
