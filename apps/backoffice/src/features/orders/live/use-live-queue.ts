import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { applyEvent, refetchQueues } from "./queue-cache";
import { type Connection, openRestaurantEventStream, type StreamEvent } from "./restaurant-event-stream";

export type LiveState = { connection: Connection; lastEventAt: Date | null; connectedAt: Date | null };

/**
 * Keeps the restaurant's cached queues live from its event stream, from the first queue answer's lastEventId
 * (`undefined` until that answer is in). `onEvent` hears every event after it is applied (the sounds).
 */
export function useLiveQueue(
  restaurantId: number,
  lastEventId: string | null | undefined,
  onEvent: (event: StreamEvent) => void,
): LiveState {
  const [state, setState] = useState<LiveState>({ connection: "connecting", lastEventAt: null, connectedAt: null });
  const listener = useRef(onEvent);
  listener.current = onEvent;
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
      onGap: () => void refetchQueues(restaurantId),
      onSignedOut: () => signIn.current(),
      onEvent: (event) => {
        setState((s) => ({ ...s, lastEventAt: new Date(event.at) }));
        void applyEvent(restaurantId, event);
        listener.current(event);
      },
    });
    return () => stream.close();
  }, [restaurantId, ready]);
  return state;
}
