/**
 * The text of a Server-Sent Events stream (https://html.spec.whatwg.org/multipage/server-sent-events.html):
 * fields `id:`, `event:`, `data:` ended by a blank line; a line starting with ':' is a comment. JSON.stringify
 * never writes a raw line break, so one `data:` line carries the whole event.
 */
import { restaurantEventId } from "@app/contracts";

/** How soon a disconnected EventSource tries again (sent once, first). */
export const RECONNECT_MS = 2_000;

export function retryFrame(ms = RECONNECT_MS): string {
  return `retry: ${ms}\n\n`;
}

export const HEARTBEAT_FRAME = ": heartbeat\n\n";

export function eventFrame(event: { id: string; type: string; data: unknown }): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** The restaurant's events up to `seq` cannot be replayed to this client: it refetches the queue. */
export function resyncFrame(productionUnitId: number, seq: number): string {
  const id = restaurantEventId(productionUnitId, seq);
  return eventFrame({ id, type: "resync", data: { productionUnitId, lastEventId: id } });
}

/** Sent just before a stream ends because its session did (signed out, revoked, account disabled). */
export const SIGNED_OUT_FRAME = "event: signed-out\ndata: {}\n\n";
