/**
 * The process's side of the staff screens' event streams. One reader per restaurant serves every stream of that
 * restaurant in this process: a lost or restored listener, a stream joining or draining, or the safety net every
 * few seconds kicks it, and it reads the log once from the lowest cursor of its streams and hands each stream the
 * events after its own cursor. 50 screens of one restaurant cost one query per read, not 50.
 *
 * An event's notification (NOTIFY restaurant_event at its commit, change-feed.ts) usually carries the event: the
 * reader hands it without reading to each stream whose cursor is the one before, since the log holds it and
 * everything before it (sequence numbers commit in order). A stream further behind (a notification lost on the
 * way, a stream resumed from an older id) or an event too big to carry makes it read. The log stays the truth; the
 * notification only saves a read where it provably follows (docs/decisions/034-live-events.md).
 *
 * While a restaurant has a stream here, this process marks it seen (screen_presence) every 30 s: the escalation
 * sweep of any process knows whether a screen is open. Timers run only while streams are open.
 */

import { type Db, eventReadsOf, type RestaurantEventRing } from "@app/db";
import { type BackgroundRun, backgroundRun } from "../../background-run";
import type { Deps } from "../../deps";
import { findEventsAfter, findLastSeqs, upsertScreenPresence } from "./repository";
import type { ScreenStream } from "./screen-stream";

export type HubTiming = {
  /** A comment on every stream (keeps proxies from closing it), and the session check. */
  heartbeatMs: number;
  /** Every reader reads even without a ring (a ring lost on the way, a listener that died silently). */
  safetyNetMs: number;
  /** How often the restaurants streamed here are marked seen. */
  presenceMs: number;
  /** A stream whose socket stayed full this long is cut: its client reconnects and resumes from the log. */
  blockedLimitMs: number;
};

export const DEFAULT_HUB_TIMING: HubTiming = {
  heartbeatMs: 15_000,
  safetyNetMs: 5_000,
  presenceMs: 30_000,
  blockedLimitMs: 30_000,
};

/** Events read per query; a reader reads pages until it has caught up. */
const PAGE = 500;

type HubDeps = Pick<Deps, "db" | "changes" | "now" | "log"> & {
  /** The log's read: the repository's (a test passes one that counts the reads). */
  findEventsAfter?: typeof findEventsAfter;
};

/** Where a new stream starts in each restaurant's log, and which restaurants it must refetch (resync). */
export type StartingPoint = { cursors: Map<number, number>; resyncs: Map<number, number> };

export class RestaurantEventHub {
  private readonly readers = new Map<number, RestaurantReader>();
  private readonly streams = new Set<ScreenStream>();
  private stopWatching: (() => void)[] = [];
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly deps: HubDeps,
    private readonly timing: HubTiming = DEFAULT_HUB_TIMING,
  ) {}

  /**
   * Where a stream of these restaurants starts: after `resumeAfter`'s sequence number where the client names
   * one, else at the restaurant's last event now. A resume point that cannot be replayed (its next event was
   * pruned, or it lies beyond the log: another database) starts at the last event with a resync; so does a
   * restaurant the client names no point for while it resumes others (an all-restaurants stream's browser
   * remembers only the last id it saw).
   */
  async startingPoint(productionUnitIds: number[], resumeAfter: Map<number, number>): Promise<StartingPoint> {
    const last = await findLastSeqs(this.deps.db, productionUnitIds);
    const cursors = new Map<number, number>();
    const resyncs = new Map<number, number>();
    for (const id of productionUnitIds) {
      const lastSeq = last.get(id) ?? 0;
      const after = resumeAfter.get(id);
      if (after === undefined) {
        cursors.set(id, lastSeq);
        if (resumeAfter.size > 0) resyncs.set(id, lastSeq);
      } else if (after > lastSeq) {
        cursors.set(id, lastSeq);
        resyncs.set(id, lastSeq);
      } else {
        const readLog = this.deps.findEventsAfter ?? findEventsAfter;
        const next = after < lastSeq ? await readLog(this.deps.db, id, after, 1) : [];
        const replayable = after === lastSeq || next[0]?.seq === after + 1;
        const from = replayable ? after : next[0] ? next[0].seq - 1 : lastSeq;
        cursors.set(id, from);
        if (!replayable) resyncs.set(id, from);
      }
    }
    return { cursors, resyncs };
  }

  /** The stream follows its cursors' restaurants from now on. */
  add(stream: ScreenStream): void {
    if (this.streams.size === 0) this.start();
    this.streams.add(stream);
    const newlyStreamed: number[] = [];
    for (const id of stream.productionUnitIds) {
      let reader = this.readers.get(id);
      if (!reader) {
        reader = new RestaurantReader(id, this.deps);
        this.readers.set(id, reader);
        newlyStreamed.push(id);
      }
      reader.streams.add(stream);
      reader.run.kick();
    }
    if (newlyStreamed.length > 0) this.markSeen(newlyStreamed);
  }

  remove(stream: ScreenStream): void {
    if (!this.streams.delete(stream)) return;
    for (const id of stream.productionUnitIds) {
      const reader = this.readers.get(id);
      reader?.streams.delete(stream);
      if (reader?.streams.size === 0) this.readers.delete(id);
    }
    if (this.streams.size === 0) this.stop();
  }

  /** A stream's socket drained: its readers send what it missed meanwhile. */
  resume(stream: ScreenStream): void {
    for (const id of stream.productionUnitIds) this.readers.get(id)?.run.kick();
  }

  get streamCount(): number {
    return this.streams.size;
  }

  /** Ends every stream (the server closes: clients reconnect to another process) and waits for running reads. */
  async close(): Promise<void> {
    for (const stream of [...this.streams]) {
      stream.end("closing");
      this.remove(stream);
    }
    await Promise.all([...this.readers.values()].map((reader) => reader.run.drain()));
  }

  private start(): void {
    const kickAll = () => {
      for (const reader of this.readers.values()) reader.run.kick();
    };
    this.stopWatching = [
      this.deps.changes.onRestaurantEvent((ring) => this.readers.get(ring.productionUnitId)?.heard(ring)),
      // Rings may have been missed while the listener was away: every reader reads.
      this.deps.changes.onListenerChange(kickAll),
    ];
    this.timers = [
      setInterval(kickAll, this.timing.safetyNetMs),
      setInterval(() => this.heartbeat(), this.timing.heartbeatMs),
      setInterval(() => this.markSeen([...this.readers.keys()]), this.timing.presenceMs),
    ];
    for (const timer of this.timers) timer.unref();
  }

  private stop(): void {
    for (const unsubscribe of this.stopWatching) unsubscribe();
    for (const timer of this.timers) clearInterval(timer);
    this.stopWatching = [];
    this.timers = [];
  }

  private heartbeat(): void {
    const now = performance.now();
    for (const stream of this.streams) {
      if (stream.blockedSince !== null && now - stream.blockedSince > this.timing.blockedLimitMs) {
        stream.end("too-slow");
        this.remove(stream);
        continue;
      }
      stream.heartbeat();
      stream.stillAllowed().then(
        (allowed) => {
          if (allowed) return;
          stream.end("signed-out");
          this.remove(stream);
        },
        (error: unknown) => this.deps.log.warn({ err: error }, "event stream: session check failed"),
      );
    }
  }

  private markSeen(productionUnitIds: number[]): void {
    upsertScreenPresence(this.deps.db, productionUnitIds, this.deps.now()).catch((error: unknown) =>
      this.deps.log.warn({ err: error, productionUnitIds }, "screen presence not saved"),
    );
  }
}

/** The one reader of a restaurant's log in this process. */
class RestaurantReader {
  readonly streams = new Set<ScreenStream>();
  readonly run: BackgroundRun;
  /** The log is read on connections requests never hold (a ring must not wait behind the guests' queries). */
  private readonly eventReads: Db;
  private readonly readLog: typeof findEventsAfter;

  constructor(
    private readonly productionUnitId: number,
    deps: HubDeps,
  ) {
    this.eventReads = eventReadsOf(deps.db);
    this.readLog = deps.findEventsAfter ?? findEventsAfter;
    this.run = backgroundRun(
      () => this.catchUp(),
      (error) => deps.log.warn({ err: error, productionUnitId }, "restaurant events not read"),
    );
  }

  /**
   * An event of this restaurant committed, and the log holds it and everything before it (sequence numbers commit
   * in order). A stream whose cursor is the one before has everything else, so the event is exactly what a read
   * would hand it next: it takes it from the notification. That holds during a read too: the read's events are
   * handed over after, and a stream skips those its cursor has passed. A stream that already has it skips it. A
   * stream further behind, or an event not carried (too big for a notification), is read.
   */
  heard(ring: RestaurantEventRing): void {
    let toRead = false;
    for (const stream of this.readyStreams()) {
      const cursor = stream.cursor(this.productionUnitId);
      if (ring.seq <= cursor) continue;
      if (ring.event !== null && ring.seq === cursor + 1) stream.deliver(ring.event);
      else toRead = true;
    }
    if (toRead) this.run.kick();
  }

  /**
   * Reads from the lowest cursor of the streams that take events and hands each its own part. A stream that
   * joins during a read waits for the next one (the kick it made runs it), so no stream is handed a page
   * that began after its cursor. A full page means more: read on.
   */
  private async catchUp(): Promise<void> {
    for (;;) {
      const ready = this.readyStreams();
      if (ready.length === 0) return;
      const from = Math.min(...ready.map((stream) => stream.cursor(this.productionUnitId)));
      const rows = await this.readLog(this.eventReads, this.productionUnitId, from, PAGE);
      for (const row of rows) {
        for (const stream of ready) stream.deliver(row);
      }
      if (rows.length < PAGE) return;
    }
  }

  private readyStreams(): ScreenStream[] {
    return [...this.streams].filter((stream) => stream.ready);
  }
}
