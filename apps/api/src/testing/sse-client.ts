/**
 * A Server-Sent Events client for tests, reliability cases and the bench: connects over HTTP like a browser's
 * EventSource (Accept, cookie, Last-Event-ID), parses the stream into events, and counts comments (heartbeats).
 * It does not reconnect by itself: a case decides when and with which Last-Event-ID.
 */
import { type IncomingMessage, request } from "node:http";

export type SseEvent = { id: string | null; type: string; data: string; receivedAt: number };

export type SseConnection = {
  status: number;
  headers: IncomingMessage["headers"];
  events: SseEvent[];
  comments: string[];
  retryMs: number | null;
  /** The last `id:` received (what EventSource would send as Last-Event-ID). */
  lastEventId: string | null;
  /** Resolves when the server ends the stream or the connection breaks. */
  ended: Promise<void>;
  /** Called for every event as it arrives. */
  onEvent: ((event: SseEvent) => void) | null;
  close: () => void;
};

export function connectSse(
  url: string,
  headers: Record<string, string> = {},
  options: { lastEventId?: string } = {},
): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        headers: {
          accept: "text/event-stream",
          ...headers,
          ...(options.lastEventId ? { "last-event-id": options.lastEventId } : {}),
        },
      },
      (res) => {
        let endStream!: () => void;
        const connection: SseConnection = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          events: [],
          comments: [],
          retryMs: null,
          lastEventId: options.lastEventId ?? null,
          ended: new Promise((done) => {
            endStream = done;
          }),
          onEvent: null,
          close: () => req.destroy(),
        };
        let buffer = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            parseFrame(buffer.slice(0, end), connection);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf("\n\n");
          }
        });
        res.on("end", endStream);
        res.on("close", endStream);
        res.on("error", endStream);
        resolve(connection);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

function parseFrame(frame: string, connection: SseConnection): void {
  let id: string | null = null;
  let type = "message";
  const data: string[] = [];
  let isEvent = false;
  for (const line of frame.split("\n")) {
    if (line.startsWith(":")) {
      connection.comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "retry") connection.retryMs = Number(value);
    else if (field === "id") {
      id = value;
      isEvent = true;
    } else if (field === "event") {
      type = value;
      isEvent = true;
    } else if (field === "data") {
      data.push(value);
      isEvent = true;
    }
  }
  if (!isEvent) return;
  if (id !== null) connection.lastEventId = id;
  const event = { id, type, data: data.join("\n"), receivedAt: performance.now() };
  connection.events.push(event);
  connection.onEvent?.(event);
}
