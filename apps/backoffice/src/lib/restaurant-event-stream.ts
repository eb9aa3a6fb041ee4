/**
 * The restaurant's live events (GET /api/admin/events, Server-Sent Events) for one screen. The stream starts after
 * the queue answer's lastEventId and remembers the id of every event it gets; when the connection breaks it is
 * closed and opened again after a growing pause (1 s, 2 s, 4 s … 30 s) from the last id it got, so the server
 * replays what was missed, in order. Where it cannot replay — a `resync` event, or a break before any id was
 * known — `onGap` asks for the queue to be read again.
 *
 * Events, not timers, carry the news: a background tab's timers are slowed (Chrome: once a second, once a minute
 * after 5 minutes hidden for chained timers), an EventSource's messages are not. The one timer here is the pause
 * before a reconnect, started from an error event (not a chain), and cut short when the tab comes back or the
 * network returns.
 */
import { RESTAURANT_EVENT_TYPES, RestaurantEventData } from "@app/contracts";

/** The stream's own messages (`resync`: read everything again; `signed-out`) are not news of the restaurant. */
const ORDER_AND_SERVICE_EVENTS = (RESTAURANT_EVENT_TYPES as readonly string[]).filter(
  (type) => type !== "resync" && type !== "signed-out",
);

export type Connection = "connecting" | "live" | "reconnecting";
export type StreamEvent = { id: string; type: string; data: RestaurantEventData; at: string };

export type StreamOptions = {
  restaurantId: number;
  lastEventId: string | null;
  onEvent: (event: StreamEvent) => void;
  onGap: () => void;
  onConnection: (connection: Connection) => void;
  /** The session ended (signed out elsewhere, account disabled): the stream will not come back. */
  onSignedOut: () => void;
  /** The browser's EventSource (tests pass their own). */
  EventSourceClass?: typeof EventSource;
  now?: () => Date;
};

/** The pause before reconnect attempt `attempt` (0, 1, …): doubling from 1 s to 30 s, ±20 % so screens spread out. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

export function streamUrl(restaurantId: number, lastEventId: string | null): string {
  const params = new URLSearchParams({ restaurantId: String(restaurantId) });
  if (lastEventId) params.set("lastEventId", lastEventId);
  return `/api/admin/events?${params}`;
}

export function openRestaurantEventStream(options: StreamOptions): { close: () => void } {
  const Source = options.EventSourceClass ?? EventSource;
  const now = options.now ?? (() => new Date());
  let lastEventId = options.lastEventId;
  let source: EventSource | null = null;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const receive = (message: MessageEvent<string>) => {
    if (message.lastEventId) lastEventId = message.lastEventId;
    const data = RestaurantEventData.safeParse(safeJson(message.data));
    if (data.success)
      options.onEvent({ id: message.lastEventId, type: message.type, data: data.data, at: now().toISOString() });
  };

  const connect = () => {
    retry = undefined;
    if (closed) return;
    const resumable = lastEventId !== null;
    const current = new Source(streamUrl(options.restaurantId, lastEventId));
    source = current;
    current.onopen = () => {
      attempt = 0;
      options.onConnection("live");
      // Without an id the server starts at its last event now: whatever came since the queue was read (or while
      // this screen was away) must be read again.
      if (!resumable) options.onGap();
    };
    current.onerror = () => {
      // The browser would retry by itself, but from the URL's old id and at its own pace: we do it instead.
      current.close();
      if (closed || source !== current) return;
      options.onConnection("reconnecting");
      retry = setTimeout(connect, reconnectDelayMs(attempt++));
    };
    for (const type of ORDER_AND_SERVICE_EVENTS) current.addEventListener(type, receive);
    current.addEventListener("resync", (message) => {
      if ((message as MessageEvent).lastEventId) lastEventId = (message as MessageEvent).lastEventId;
      options.onGap();
    });
    current.addEventListener("signed-out", () => {
      closed = true;
      current.close();
      options.onSignedOut();
    });
  };

  /** Back in view, or back online: no reason to sit out the rest of the pause. */
  const reconnectNow = () => {
    if (retry === undefined || closed) return;
    clearTimeout(retry);
    connect();
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") reconnectNow();
  };
  if (typeof document !== "undefined") document.addEventListener("visibilitychange", onVisible);
  if (typeof window !== "undefined") window.addEventListener("online", reconnectNow);

  options.onConnection("connecting");
  connect();
  return {
    close() {
      closed = true;
      clearTimeout(retry);
      source?.close();
      if (typeof document !== "undefined") document.removeEventListener("visibilitychange", onVisible);
      if (typeof window !== "undefined") window.removeEventListener("online", reconnectNow);
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
