/**
 * The hub's readers and the events their notifications carry (migration 0019), on PGlite's real notifications
 * relayed through a scripted feed (so a test can lose one, or the listener): an event that is the very next one
 * after every stream's cursor goes out without reading the log; a gap, an event too big to carry, a lost listener
 * or a stream behind the others is read. Every stream gets every event once, in order. Reads are counted on
 * `findEventsAfter`.
 */

import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Database, RestaurantEventRing } from "@app/db";
import { schema } from "@app/db";
import { openTestDatabase, scriptedChangeFeed } from "@app/db/testing";
import Fastify from "fastify";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { appendRestaurantEvent } from "./append-event";
import { RestaurantEventHub } from "./event-hub";
import { findEventsAfter, insertEvent } from "./repository";
import { ScreenStream } from "./screen-stream";

// Counted through the hub's own seam, not vi.mock: the suite's workers share one module graph (isolate: false), so
// a module mock here would miss an event hub another file loaded first.
const readLog = findEventsAfter;
const reads = vi.fn(readLog);

/** Timers out of the way: only what a test does makes a reader read. */
const TIMING = { heartbeatMs: 60_000, safetyNetMs: 60_000, presenceMs: 60_000, blockedLimitMs: 60_000 };

let database: Database;
let feed: ReturnType<typeof scriptedChangeFeed>;
let hub: RestaurantEventHub;
let restaurant: number;
/** What the relay passes on of each real notification: the ring, another ring, or nothing (lost on the way). */
let relay: (ring: RestaurantEventRing) => RestaurantEventRing | null;

beforeEach(async () => {
  database = await openTestDatabase("pglite", "demoData");
  const [unit] = await database.db.select().from(schema.productionUnit).orderBy(schema.productionUnit.id).limit(1);
  restaurant = unit!.id;
  feed = scriptedChangeFeed();
  relay = (ring) => ring;
  database.changes.onRestaurantEvent((ring) => {
    const passed = relay(ring);
    if (passed) feed.ringRestaurant(passed);
  });
  hub = new RestaurantEventHub(
    { db: database.db, changes: feed, now: () => new Date(), log: Fastify().log, findEventsAfter: reads },
    TIMING,
  );
  reads.mockClear();
});
afterEach(async () => {
  await hub.close();
  await database.close();
});

type Screen = { stream: ScreenStream; ids: () => string[]; fill: () => void; drain: () => void };

/**
 * A stream on a response that records its frames; `fill` makes its socket full, `drain` empties it. `beforeAdd`
 * runs once its starting point is known, just before it joins the hub.
 */
async function screen(resumeAfter?: number, beforeAdd = () => {}): Promise<Screen> {
  const frames: string[] = [];
  let full = false;
  let onDrain: (() => void) | undefined;
  const response = {
    write: (frame: string) => {
      frames.push(frame);
      return !full;
    },
    once: (_event: "drain", listener: () => void) => {
      onDrain = listener;
    },
    end: () => {},
    destroy: () => {},
  } as unknown as ServerResponse;
  const resume = new Map(resumeAfter === undefined ? [] : [[restaurant, resumeAfter]]);
  const { cursors } = await hub.startingPoint([restaurant], resume);
  const stream = new ScreenStream(
    response,
    cursors,
    async () => true,
    (drained) => hub.resume(drained),
  );
  beforeAdd();
  hub.add(stream);
  return {
    stream,
    ids: () => frames.filter((frame) => frame.startsWith("id: ")).map((frame) => frame.split("\n")[0]!.slice(4)),
    fill: () => {
      full = true;
    },
    drain: () => {
      full = false;
      onDrain?.();
    },
  };
}

/** Writes events as a feature does, all in one transaction; answers their ids. */
async function append(count = 1): Promise<string[]> {
  return database.db.transaction(async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      ids.push(
        await appendRestaurantEvent(
          tx,
          "order.placed",
          { productionUnitId: restaurant, orderId: randomUUID(), receiptNumber: 1 },
          new Date(),
        ),
      );
    }
    return ids;
  });
}

/** The next read of the log waits until the function answered is called. */
function holdNextRead(): () => void {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  reads.mockImplementationOnce(async (...args) => {
    await answered;
    return readLog(...args);
  });
  return answer;
}

/** Resolves once every read asked for has answered and none followed within a moment. */
async function readsSettled(): Promise<void> {
  for (;;) {
    const asked = reads.mock.calls.length;
    await Promise.allSettled(reads.mock.results.map((result) => result.value));
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (reads.mock.calls.length === asked) return;
  }
}

test("an event its notification carries, next after every stream's cursor, reaches them all without a read", async () => {
  const screens = [await screen(), await screen()];
  await readsSettled();
  const before = reads.mock.calls.length;
  const written = [...(await append()), ...(await append(2)), ...(await append())];
  for (const { ids } of screens) expect(ids()).toEqual(written);
  await readsSettled();
  expect(reads.mock.calls.length).toBe(before);
});

test("a notification lost on the way: the next one is after a gap, so the log is read and both go out, in order", async () => {
  const { ids } = await screen();
  await readsSettled();
  const before = reads.mock.calls.length;
  relay = () => null;
  const lost = await append();
  relay = (ring) => ring;
  expect(ids()).toEqual([]);
  const next = await append();
  await vi.waitFor(() => expect(ids()).toEqual([...lost, ...next]), { timeout: 2_000, interval: 5 });
  expect(reads.mock.calls.length).toBe(before + 1);
});

test("an event too big for its notification is read from the log; the next small one is carried again", async () => {
  const { ids } = await screen();
  await readsSettled();
  const before = reads.mock.calls.length;
  const seq = await database.db.transaction((tx) =>
    insertEvent(tx, {
      productionUnitId: restaurant,
      type: "order.placed",
      data: { productionUnitId: restaurant, note: "ø".repeat(4_000) },
      createdAt: new Date(),
    }),
  );
  await vi.waitFor(() => expect(ids()).toEqual([`${restaurant}:${seq}`]), { timeout: 2_000, interval: 5 });
  await readsSettled();
  expect(reads.mock.calls.length).toBe(before + 1);
  const next = await append();
  expect(ids()).toEqual([`${restaurant}:${seq}`, ...next]);
  await readsSettled();
  expect(reads.mock.calls.length).toBe(before + 1);
});

test("a lost listener: back, every reader reads what was missed; what follows is carried again", async () => {
  const { ids } = await screen();
  await readsSettled();
  relay = () => null;
  feed.changeListener(false);
  await readsSettled();
  const missed = await append();
  await readsSettled();
  expect(ids()).toEqual([]);
  relay = (ring) => ring;
  const before = reads.mock.calls.length;
  feed.changeListener(true);
  await vi.waitFor(() => expect(ids()).toEqual(missed), { timeout: 2_000, interval: 5 });
  await readsSettled();
  expect(reads.mock.calls.length).toBe(before + 1);
  const next = await append();
  expect(ids()).toEqual([...missed, ...next]);
  await readsSettled();
  expect(reads.mock.calls.length).toBe(before + 1);
});

test("a stream behind the others (its socket was full) gets what it missed from the log when it drains, once, in order", async () => {
  const fast = await screen();
  const slow = await screen();
  await readsSettled();
  const first = await append();
  slow.fill();
  const second = await append();
  const third = await append(2);
  expect(fast.ids()).toEqual([...first, ...second, ...third]);
  expect(slow.ids(), "its full socket took the frame it was given, then no more").toEqual([...first, ...second]);
  const before = reads.mock.calls.length;
  slow.drain();
  await vi.waitFor(() => expect(slow.ids()).toEqual([...first, ...second, ...third]), { timeout: 2_000, interval: 5 });
  expect(reads.mock.calls.length).toBe(before + 1);
  expect(fast.ids()).toEqual([...first, ...second, ...third]);
});

test("a stream resumed from an earlier id reads what it missed, then the next event; the others get it at once", async () => {
  const [old] = await append();
  const missed = await append(2);
  const current = await screen();
  await readsSettled();
  let answer!: () => void;
  const resumed = await screen(Number(old!.split(":")[1]), () => {
    answer = holdNextRead();
  });
  const next = await append();
  expect(current.ids(), "not held up by the stream behind").toEqual(next);
  expect(resumed.ids(), "nothing before what it missed").toEqual([]);
  answer();
  await vi.waitFor(() => expect(resumed.ids()).toEqual([...missed, ...next]), { timeout: 2_000, interval: 5 });
  await readsSettled();
  expect(resumed.ids()).toEqual([...missed, ...next]);
  expect(current.ids()).toEqual(next);
});

test("an event carried while a read is under way goes out at once; the read's copy of it is not sent again", async () => {
  const { ids } = await screen();
  await readsSettled();
  const answer = holdNextRead();
  const before = reads.mock.calls.length;
  feed.changeListener(true);
  expect(reads.mock.calls.length, "the read is under way").toBe(before + 1);
  const during = await append();
  expect(ids()).toEqual(during);
  answer();
  await readsSettled();
  const after = await append();
  expect(ids()).toEqual([...during, ...after]);
});
