/**
 * What tells an API process that something it keeps in memory changed in the database.
 *
 * Migration 0006 makes every statement that changes a cached table send `NOTIFY cache_changed`. A
 * process listens and counts: `generation` moves on every notification, and also whenever notifications
 * were or may have been missed (the listener's connection lost, or back). A cache tags what it reads
 * with the generation it read it under and trusts it only while `live` and the generation has not moved.
 * While not `live` a cache reads the database every time, so a lost listener makes answers slower,
 * never stale.
 *
 * PostgreSQL: a dedicated connection (not from the pool) runs LISTEN. PostgreSQL delivers a notification
 * to every listening process when the writing transaction commits. When that connection drops, or a
 * heartbeat on it fails, the feed is not live until it has reconnected and listens again.
 * PGlite: one process owns the DATA_DIR, so its own in-process LISTEN sees every change; PGlite runs the
 * callback before the writing query's promise resolves.
 *
 * A guest's own data (basket, checkout, payment, order) is never kept in memory, so nothing here covers it
 * (docs/decisions/021-one-caching-story.md).
 *
 * The same listener hears each restaurant event's notification (migration 0019: `NOTIFY restaurant_event` at the
 * commit of every event written, with the restaurant, the sequence number and, when it fits, the event itself):
 * one listening connection per process, for caches and staff screens alike. The log (restaurant_event, with its
 * sequence numbers) is the truth: a notification's event may stand in for a read only where it provably follows
 * what a reader has (event-hub.ts), and a lost listener is told to subscribers as `onListenerChange`, so they
 * re-read from where they were.
 */
import { randomBytes } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { restaurantEvent } from "./schema/kitchen";

export const CACHE_CHANGED_CHANNEL = "cache_changed";
/** Migration 0019's trigger: one notification per event written, at the writer's commit (RestaurantEventRing). */
export const RESTAURANT_EVENT_CHANNEL = "restaurant_event";
/** settleEverywhere(): a process asks every listener to answer once it has heard all changes before. */
const SYNC_CHANNEL = "cache_sync";
const SYNCED_CHANNEL = "cache_synced";

/** A row of the restaurant's event log, as a read of restaurant_event answers it. */
export type LoggedRestaurantEvent = typeof restaurantEvent.$inferSelect;

/** What the notification of one restaurant event says. */
export type RestaurantEventRing = {
  productionUnitId: number;
  /** The event's sequence number in its restaurant's log. */
  seq: number;
  /** The event as the log holds it; null when it did not fit into the notification (read the log). */
  event: LoggedRestaurantEvent | null;
};

export type ChangeFeed = {
  /** Moves whenever something cached may have changed; compare, never do arithmetic on it. */
  readonly generation: number;
  /** True while every change is known to be notified; when false, read the database. */
  readonly live: boolean;
  /**
   * Resolves once every process listening on the database has heard every change committed before the
   * call (or, for one that does not answer within the heartbeat, it lost its listener and reads the
   * database): the barrier after an edit that every process's next read must show. Answers how many
   * processes confirmed.
   */
  settleEverywhere: () => Promise<number>;
  /**
   * Calls `listener` for each restaurant event committed, in commit order, as its notification arrives. A
   * notification can be lost with the listener (`onListenerChange`): what a ring says is true, but not every
   * event is rung for. Answers the unsubscribe function.
   */
  onRestaurantEvent: (listener: (ring: RestaurantEventRing) => void) => () => void;
  /**
   * Calls `listener` when the listener connection is lost (false) and when it listens again (true). Rings may
   * have been missed around either: a subscriber re-reads every restaurant it follows from its last sequence
   * number. Answers the unsubscribe function.
   */
  onListenerChange: (listener: (live: boolean) => void) => () => void;
  close: () => Promise<void>;
};

type MutableFeed = { -readonly [K in keyof ChangeFeed]: ChangeFeed[K] } & {
  /** Tells this feed's subscribers of a restaurant event (what a notification does; tests play it). */
  ringRestaurant: (ring: RestaurantEventRing) => void;
  /** Tells this feed's subscribers the listener was lost or is back (tests play it; PGlite never loses it). */
  changeListener: (live: boolean) => void;
};

/** The subscribers of one kind of call, each called in turn; one that throws does not stop the others. */
class Subscribers<T> {
  private readonly listeners = new Set<(value: T) => void>();

  add(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  call(value: T): void {
    for (const listener of this.listeners) {
      try {
        listener(value);
      } catch (error) {
        console.error("A change feed subscriber failed", error);
      }
    }
  }
}

/**
 * Reads migration 0019's payload: JSON of `productionUnitId` and `seq`, with `type`, `data` and `createdAt` when
 * the event fit. Anything else is not ours to ring for (null).
 */
export function parseRestaurantEventRing(payload: string | undefined): RestaurantEventRing | null {
  let body: unknown;
  try {
    body = JSON.parse(payload ?? "");
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null) return null;
  const { productionUnitId, seq, type, data, createdAt } = body as Record<string, unknown>;
  if (!isPositiveInteger(productionUnitId) || !isPositiveInteger(seq)) return null;
  const at = typeof createdAt === "string" ? new Date(createdAt) : null;
  const carried = typeof type === "string" && typeof data === "object" && data !== null && at && !Number.isNaN(+at);
  const event = carried ? { productionUnitId, seq, type, data: data as Record<string, unknown>, createdAt: at } : null;
  return { productionUnitId, seq, event };
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value > 0;
}

/**
 * A live feed of one process that hears every change as it is made (PGlite's in-process LISTEN; tests that
 * play the notifications): nothing to wait for when settling.
 */
export function inProcessFeed(): MutableFeed {
  const rings = new Subscribers<RestaurantEventRing>();
  const listenerChanges = new Subscribers<boolean>();
  return {
    generation: 0,
    live: true,
    settleEverywhere: async () => 1,
    onRestaurantEvent: (listener) => rings.add(listener),
    onListenerChange: (listener) => listenerChanges.add(listener),
    ringRestaurant: (ring) => rings.call(ring),
    changeListener: (live) => listenerChanges.call(live),
    close: async () => {},
  };
}

/** A feed that is never live: every cache reads through (tests of the uncached path, tools). */
export const readThroughFeed: ChangeFeed = { ...inProcessFeed(), live: false, settleEverywhere: async () => 0 };

export async function watchPgliteChanges(client: PGlite): Promise<ChangeFeed> {
  // PGlite delivers a notification before the writing query resolves; one process owns its database.
  const feed = inProcessFeed();
  const unlistenCache = await client.listen(CACHE_CHANGED_CHANNEL, () => {
    feed.generation++;
  });
  const unlistenEvents = await client.listen(RESTAURANT_EVENT_CHANNEL, (payload) => {
    const ring = parseRestaurantEventRing(payload);
    if (ring !== null) feed.ringRestaurant(ring);
  });
  feed.close = async () => {
    feed.live = false;
    // The database may be closing already.
    await unlistenCache().catch(() => {});
    await unlistenEvents().catch(() => {});
  };
  return feed;
}

export type ListenerTiming = {
  /** How long after losing its connection the listener tries again. */
  reconnectMs: number;
  /** How often the listener's connection is checked: a connection that died silently is found within this. */
  heartbeatMs: number;
};

const DEFAULT_TIMING: ListenerTiming = { reconnectMs: 1_000, heartbeatMs: 5_000 };
/** The application_name of the listener's connection (tests find and drop it by this name). */
export const LISTENER_APPLICATION_NAME = "storefront-api change feed";

/** Listens on PostgreSQL; resolves once the first attempt to connect is done (live or not). */
export async function watchPostgresChanges(url: string, timing: Partial<ListenerTiming> = {}): Promise<ChangeFeed> {
  const feed = new PostgresChangeFeed(url, { ...DEFAULT_TIMING, ...timing });
  await feed.connect();
  return feed;
}

class PostgresChangeFeed implements ChangeFeed {
  generation = 0;
  live = false;
  private client: pg.Client | undefined;
  /** Names this process's settleEverywhere() calls apart from every other process's. */
  private readonly processMark = randomBytes(8).toString("hex");
  private settleCount = 0;
  /** settleEverywhere() calls waiting for answers, by their mark. */
  private readonly syncing = new Map<string, () => void>();
  private closed = false;
  /** Set when a live listener lost its connection: its return is worth a log line. */
  private wasLost = false;
  private retry: NodeJS.Timeout | undefined;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly rings = new Subscribers<RestaurantEventRing>();
  private readonly listenerChanges = new Subscribers<boolean>();

  constructor(
    private readonly url: string,
    private readonly timing: ListenerTiming,
  ) {
    this.heartbeat = setInterval(() => void this.checkConnection(), timing.heartbeatMs);
    this.heartbeat.unref();
  }

  async connect(): Promise<void> {
    this.retry = undefined;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    });
    client.on("notification", ({ channel, payload = "" }) => {
      if (channel === CACHE_CHANGED_CHANNEL) this.generation++;
      else if (channel === RESTAURANT_EVENT_CHANNEL) this.ringFor(payload);
      else if (channel === SYNC_CHANNEL) this.answerSync(client, payload);
      else if (channel === SYNCED_CHANNEL) this.syncing.get(payload)?.();
    });
    client.on("error", () => this.lose(client));
    client.on("end", () => this.lose(client));
    try {
      await client.connect();
      await inTurn(
        client,
        `LISTEN ${CACHE_CHANGED_CHANNEL}; LISTEN ${RESTAURANT_EVENT_CHANNEL}; LISTEN ${SYNC_CHANNEL}; LISTEN ${SYNCED_CHANNEL}`,
      );
    } catch {
      this.lose(client);
      return;
    }
    if (this.closed) return void client.end().catch(() => {});
    this.client = client;
    // Whatever changed while nobody listened is unknown: everything read before now is suspect.
    this.generation++;
    this.live = true;
    if (this.wasLost) console.warn("Cache change listener is back: answers come from memory again");
    this.wasLost = false;
    this.listenerChanges.call(true);
  }

  onRestaurantEvent(listener: (ring: RestaurantEventRing) => void): () => void {
    return this.rings.add(listener);
  }

  onListenerChange(listener: (live: boolean) => void): () => void {
    return this.listenerChanges.add(listener);
  }

  private ringFor(payload: string): void {
    const ring = parseRestaurantEventRing(payload);
    if (ring !== null) this.rings.call(ring);
  }

  /** Idempotent per connection: 'error' and 'end' of one drop both arrive here. */
  private lose(client: pg.Client): void {
    if (this.client !== undefined && this.client !== client) return;
    const wasLive = this.live;
    this.live = false;
    this.generation++;
    this.client = undefined;
    void client.end().catch(() => {});
    if (this.closed || this.retry) return;
    if (wasLive) {
      this.wasLost = true;
      console.warn("Cache change listener lost its connection: reading the database on every request until it is back");
    }
    this.retry = setTimeout(() => void this.connect(), this.timing.reconnectMs);
    this.retry.unref();
    if (wasLive) this.listenerChanges.call(false);
  }

  /** Every notification before this one has been heard (they arrive in commit order): say so. */
  private answerSync(client: pg.Client, mark: string): void {
    if (client !== this.client) return;
    inTurn(client, "SELECT pg_notify($1, $2)", [SYNCED_CHANNEL, mark]).catch(() => this.lose(client));
  }

  async settleEverywhere(): Promise<number> {
    const client = this.client;
    if (!client || !this.live) return 0;
    const mark = `${this.processMark}:${++this.settleCount}`;
    try {
      const listening = await inTurn<{ count: number }>(
        client,
        "SELECT count(*)::int AS count FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()",
        [LISTENER_APPLICATION_NAME],
      );
      const expected = listening.rows[0]?.count ?? 0;
      let confirmed = 0;
      await new Promise<void>((resolve) => {
        const timeout = setTimeout(resolve, this.timing.heartbeatMs);
        this.syncing.set(mark, () => {
          if (++confirmed < expected) return;
          clearTimeout(timeout);
          resolve();
        });
        inTurn(client, "SELECT pg_notify($1, $2)", [SYNC_CHANNEL, mark]).catch(() => {
          clearTimeout(timeout);
          resolve();
        });
      });
      return confirmed;
    } catch {
      this.lose(client);
      return 0;
    } finally {
      this.syncing.delete(mark);
    }
  }

  /** A connection can die without a word (a dropped network path): a query on it must still answer. */
  private async checkConnection(): Promise<void> {
    const client = this.client;
    if (!client) return;
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("heartbeat timed out")), this.timing.heartbeatMs).unref(),
    );
    try {
      await Promise.race([inTurn(client, "SELECT 1"), timeout]);
    } catch {
      this.lose(client);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    clearInterval(this.heartbeat);
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}

/** The last query asked of each listener connection: the next one starts when it has ended. */
const lastQueryOf = new WeakMap<pg.Client, Promise<unknown>>();

/**
 * A listener connection runs one query at a time. Heartbeats, barriers and answers to other processes' barriers
 * overlap, and pg queued the overlapping queries itself, which pg 8 deprecates and pg 9 drops: they take turns
 * here, per connection, so a new connection never waits behind a lost one's queries.
 */
function inTurn<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  client: pg.Client,
  text: string,
  values?: unknown[],
): Promise<pg.QueryResult<Row>> {
  const previous = lastQueryOf.get(client) ?? Promise.resolve();
  const query = previous.then(() => client.query<Row>(text, values));
  lastQueryOf.set(
    client,
    query.catch(() => {}),
  );
  return query;
}
