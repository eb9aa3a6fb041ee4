/**
 * A screen's live news of one restaurant (GET /api/admin/events?restaurantId=, Server-Sent Events): each event
 * type is handed to `onEvent`; after a break the screen cannot know what it missed, so `onGap` reads everything
 * again. The browser's EventSource reconnects by itself after a dropped connection; a refused one (an HTTP
 * error) it gives up on, so that is retried here after a growing pause (2 s … 30 s).
 *
 * Minimal on purpose: the order queue (features/orders) has the full client with Last-Event-ID replay and
 * backoff; when both are on main, this hook should use it (see the kitchen display's report).
 */
import { RESTAURANT_EVENT_TYPES } from "@app/contracts";
import { useEffect, useRef, useState } from "react";

export type Connection = "connecting" | "live" | "reconnecting";

/** `resync`: the server cannot replay what this screen missed — read everything again. */
const STREAM_EVENTS = [...RESTAURANT_EVENT_TYPES, "resync"] as const;

export function useRestaurantEvents(
  restaurantId: number,
  handlers: { onEvent: (type: string) => void; onGap: () => void },
): Connection {
  const [connection, setConnection] = useState<Connection>("connecting");
  // The latest handlers, without reopening the stream when a render makes new functions.
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (typeof EventSource === "undefined" || !Number.isInteger(restaurantId)) return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let broken = false;
    let stopped = false;

    const connect = () => {
      source = new EventSource(`/api/admin/events?restaurantId=${restaurantId}`);
      source.onopen = () => {
        failures = 0;
        setConnection("live");
        if (broken) latest.current.onGap();
        broken = false;
      };
      source.onerror = () => {
        broken = true;
        setConnection("reconnecting");
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        // Refused (not just dropped): the browser will not try again, so we do, a little later each time.
        source = null;
        retry = setTimeout(connect, Math.min(30_000, 2_000 * 2 ** failures++));
      };
      for (const type of STREAM_EVENTS) {
        source.addEventListener(type, () =>
          type === "resync" ? latest.current.onGap() : latest.current.onEvent(type),
        );
      }
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [restaurantId]);

  return connection;
}
