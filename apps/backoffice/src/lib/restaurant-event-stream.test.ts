import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { openRestaurantEventStream, reconnectDelayMs, type StreamEvent } from "./restaurant-event-stream";

/** A stand-in for the browser's EventSource: the test opens, sends and breaks it. */
class FakeSource {
  static all: FakeSource[] = [];
  readonly url: string;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  send(type: string, id: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}
const latest = () => FakeSource.all.at(-1) as FakeSource;

function open(lastEventId: string | null) {
  const events: StreamEvent[] = [];
  const connections: string[] = [];
  const gaps = { count: 0, signedOut: 0 };
  const stream = openRestaurantEventStream({
    restaurantId: 1,
    lastEventId,
    EventSourceClass: FakeSource as unknown as typeof EventSource,
    onEvent: (event) => events.push(event),
    onConnection: (connection) => connections.push(connection),
    onGap: () => gaps.count++,
    onSignedOut: () => gaps.signedOut++,
  });
  return { stream, events, connections, gaps };
}

beforeEach(() => {
  FakeSource.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

test("starts after the queue's last event id and hands on each event", () => {
  const { events, connections } = open("1:41");
  expect(latest().url).toBe("/api/admin/events?restaurantId=1&lastEventId=1%3A41");
  latest().onopen?.();
  latest().send("order.placed", "1:42", {
    productionUnitId: 1,
    orderId: "00000000-0000-4000-8000-000000000001",
    version: 1,
  });
  expect(connections).toEqual(["connecting", "live"]);
  expect(events.map((e) => [e.type, e.id])).toEqual([["order.placed", "1:42"]]);
});

test("after a break it says so, waits, and resumes from the last id it got: nothing to read again", () => {
  const { connections, gaps } = open("1:41");
  latest().onopen?.();
  latest().send("order.accepted", "1:43", { productionUnitId: 1 });
  const broken = latest();
  broken.onerror?.();
  expect(broken.closed).toBe(true);
  expect(connections.at(-1)).toBe("reconnecting");
  expect(FakeSource.all).toHaveLength(1);
  vi.advanceTimersByTime(1_300);
  expect(latest().url).toContain("lastEventId=1%3A43");
  latest().onopen?.();
  expect(connections.at(-1)).toBe("live");
  expect(gaps.count).toBe(0);
});

test("without any id the stream starts at the server's now: the queue is read again on each opening", () => {
  const { gaps } = open(null);
  latest().onopen?.();
  expect(gaps.count).toBe(1);
  latest().onerror?.();
  vi.advanceTimersByTime(1_300);
  expect(latest().url).toBe("/api/admin/events?restaurantId=1");
  latest().onopen?.();
  expect(gaps.count).toBe(2);
});

test("signed out: the stream ends for good and says so", () => {
  const { gaps } = open("1:1");
  latest().send("signed-out", "", {});
  latest().onerror?.();
  vi.advanceTimersByTime(60_000);
  expect(FakeSource.all).toHaveLength(1);
  expect(gaps.signedOut).toBe(1);
});

test("a resync event asks for the queue to be read again", () => {
  const { gaps, events } = open("1:1");
  latest().send("resync", "1:90", { productionUnitId: 1 });
  expect(gaps.count).toBe(1);
  expect(events).toEqual([]);
});

test("the pause before reconnecting doubles up to 30 s, spread ±20 %", () => {
  expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => reconnectDelayMs(attempt, () => 0.5))).toEqual([
    1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
  ]);
  expect(reconnectDelayMs(0, () => 0)).toBe(800);
  expect(reconnectDelayMs(0, () => 1)).toBe(1_200);
});

test("closed, it neither reconnects nor reports", () => {
  const { stream, connections } = open("1:1");
  stream.close();
  latest().onerror?.();
  vi.advanceTimersByTime(60_000);
  expect(FakeSource.all).toHaveLength(1);
  expect(connections).toEqual(["connecting"]);
});
