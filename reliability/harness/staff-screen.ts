/**
 * A signed-in staff screen as the back office runs one: sign in (POST /api/admin/session, from the page's own
 * origin), then follow the live events of one restaurant (GET /api/admin/events), reconnecting with
 * Last-Event-ID when the stream breaks, as a browser's EventSource does, to the next process in turn.
 */
import { connectSse, type SseConnection, type SseEvent } from "../../apps/api/src/testing/sse-client";
import { sleep } from "./product";

export type StaffSession = { cookie: string; csrfToken: string };

export async function signInStaff(url: string, email: string, password: string): Promise<StaffSession> {
  const res = await fetch(`${url}/api/admin/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  // The session's cookie by name: sign-in also sets bo_device (decision 030).
  const cookie = res.headers
    .getSetCookie()
    .find((line) => line.startsWith("bo_session="))!
    .split(";")[0]!;
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { cookie, csrfToken };
}

/** One screen: every event it was sent, across its reconnections, and how often it reconnected. */
export class StaffScreen {
  readonly events: SseEvent[] = [];
  reconnects = 0;
  private connection: SseConnection | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;

  constructor(
    private readonly urls: string[],
    /** Index of the process it connects to first. */
    private turn: number,
    private readonly restaurantId: number,
    private readonly session: StaffSession,
    /** Where it starts (the queue's lastEventId), as the screen passes it after reading the queue. */
    private lastEventId: string | null,
  ) {}

  /** Connects; resolves once the first connection is open. */
  async start(): Promise<void> {
    await this.connect();
    this.running = this.keepConnected();
  }

  private async connect(): Promise<void> {
    const url = this.urls[this.turn % this.urls.length]!;
    const connection = await connectSse(
      `${url}/api/admin/events?restaurantId=${this.restaurantId}`,
      { cookie: this.session.cookie },
      this.lastEventId ? { lastEventId: this.lastEventId } : {},
    );
    if (connection.status !== 200) throw new Error(`events answered ${connection.status}`);
    connection.onEvent = (event) => {
      this.events.push(event);
      if (event.id) this.lastEventId = event.id;
    };
    this.connection = connection;
  }

  /** EventSource's loop: when the stream ends, wait the retry time, then reconnect to the next process. */
  private async keepConnected(): Promise<void> {
    while (!this.stopped) {
      await this.connection?.ended;
      if (this.stopped) return;
      for (;;) {
        await sleep(200);
        if (this.stopped) return;
        this.turn++;
        try {
          await this.connect();
          this.reconnects++;
          break;
        } catch {
          // That process is down: the next one in turn.
        }
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.connection?.close();
    await this.running;
  }
}
