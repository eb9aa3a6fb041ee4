/**
 * A staff screen kept live by its restaurant's event stream (restaurant-event-stream.ts), shared by the order
 * queue and the kitchen display: the stream starts after the queue answer's lastEventId (`undefined` until that
 * answer is in) and resumes from the last event it got, so nothing is missed or told twice. The state is what the
 * live status shows (components/live-status.tsx). Signed out elsewhere: to the sign-in page, back here after.
 */
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { type Connection, openRestaurantEventStream, type StreamEvent } from "./restaurant-event-stream";

export type LiveState = { connection: Connection; lastEventAt: Date | null; connectedAt: Date | null };

export type RestaurantEventHandlers = {
  /** Each event of the restaurant, in order. */
  onEvent: (event: StreamEvent) => void;
  /** The stream cannot replay what this screen missed: read everything again. */
  onGap: () => void;
};

export function useRestaurantEvents(
  restaurantId: number,
  lastEventId: string | null | undefined,
  handlers: RestaurantEventHandlers,
): LiveState {
  const [state, setState] = useState<LiveState>({ connection: "connecting", lastEventAt: null, connectedAt: null });
  // The latest handlers, without reopening the stream when a render makes new functions.
  const latest = useRef(handlers);
  latest.current = handlers;
  // The first answer's id only: a later refetch must not reopen the stream (it resumes by itself).
  const startId = useRef<{ restaurantId: number; id: string | null } | null>(null);
  const ready = lastEventId !== undefined;
  const navigate = useNavigate();
  const signIn = useRef(
    () => void navigate(`/sign-in?next=${encodeURIComponent(window.location.pathname.replace(/^\/admin/, ""))}`),
  );
  if (ready && startId.current?.restaurantId !== restaurantId) startId.current = { restaurantId, id: lastEventId };

  useEffect(() => {
    if (!ready || !startId.current) return;
    const stream = openRestaurantEventStream({
      restaurantId,
      lastEventId: startId.current.id,
      onConnection: (connection) =>
        setState((s) => ({ ...s, connection, connectedAt: connection === "live" ? new Date() : s.connectedAt })),
      onGap: () => latest.current.onGap(),
      onSignedOut: () => signIn.current(),
      onEvent: (event) => {
        setState((s) => ({ ...s, lastEventAt: new Date(event.at) }));
        latest.current.onEvent(event);
      },
    });
    return () => stream.close();
  }, [restaurantId, ready]);
  return state;
}
