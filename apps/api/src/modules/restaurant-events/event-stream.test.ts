/**
 * GET /api/admin/events on a listening server (a real socket: a stream never ends for inject): a staff screen
 * gets its restaurants' events as they commit, in order; Last-Event-ID resumes after an id, none twice; what it
 * cannot replay is told as a resync; who may stream what.
 */
import { randomUUID } from "node:crypto";
import type { RestaurantEventType } from "@app/contracts";
import { schema } from "@app/db";
import { and, eq, lte, sql } from "@app/db/orm";
import { TEST_POSTGRES_POOL_SIZE, testDbKinds } from "@app/db/testing";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { signInAs } from "../../testing/admin-session";
import { connectSse, type SseConnection } from "../../testing/sse-client";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { appendRestaurantEvent } from "./append-event";

describe.each(await testDbKinds())("the event stream on %s", (kind) => {
  let t: TestApp;
  let base: string;
  let restaurantA: number;
  let restaurantB: number;
  let staffOfA: Record<string, string>;
  let ownerOfBoth: Record<string, string>;
  const open: SseConnection[] = [];

  beforeAll(async () => {
    t = await createTestApp({ kind });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    restaurantA = t.restaurantA.module.productionUnitId;
    restaurantB = t.restaurantB.module.productionUnitId;
    const [unitA] = await t.db.select().from(schema.productionUnit).where(eq(schema.productionUnit.id, restaurantA));
    staffOfA = (
      await signInAs(t.db, {
        organisationId: unitA!.organisationId!,
        role: "staff",
        productionUnitIds: [restaurantA],
        now: t.clock.now(),
        host: "127.0.0.1",
      })
    ).readHeaders;
    // B belongs to another organisation: an account with both memberships follows both.
    const owner = await signInAs(t.db, { organisationId: unitA!.organisationId!, role: "owner", now: t.clock.now() });
    const [unitB] = await t.db.select().from(schema.productionUnit).where(eq(schema.productionUnit.id, restaurantB));
    await t.db.insert(schema.membership).values({
      accountId: owner.accountId,
      organisationId: unitB!.organisationId!,
      role: "owner",
      acceptedAt: t.clock.now(),
    });
    ownerOfBoth = owner.readHeaders;
  });
  afterAll(async () => {
    for (const connection of open) connection.close();
    await t.close();
  });

  async function stream(path: string, headers: Record<string, string>, lastEventId?: string) {
    const connection = await connectSse(`${base}${path}`, headers, { lastEventId });
    open.push(connection);
    return connection;
  }

  /** Writes an event as a feature does, in its own transaction; answers its id. */
  async function append(productionUnitId: number, type: RestaurantEventType = "order.placed"): Promise<string> {
    return t.db.transaction((tx) =>
      appendRestaurantEvent(tx, type, { productionUnitId, orderId: randomUUID(), receiptNumber: 1 }, t.clock.now()),
    );
  }

  const ids = (connection: SseConnection) => connection.events.map((event) => event.id);

  test("sends retry once, then the restaurant's events as they commit, in order, with id, type and data", async () => {
    const screen = await stream(`/api/admin/events?restaurantId=${restaurantA}`, staffOfA);
    expect(screen.status).toBe(200);
    expect(screen.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(screen.headers["cache-control"]).toBe("no-store");
    const written = [await append(restaurantA), await append(restaurantA, "order.accepted"), await append(restaurantA)];
    await vi.waitFor(() => expect(ids(screen)).toEqual(written), { timeout: 5_000, interval: 10 });
    expect(screen.retryMs).toBe(2000);
    expect(screen.events[1]!.type).toBe("order.accepted");
    expect(JSON.parse(screen.events[0]!.data)).toMatchObject({ productionUnitId: restaurantA, receiptNumber: 1 });
  });

  test("starts at the restaurant's last event without Last-Event-ID: nothing from before", async () => {
    await append(restaurantA);
    const screen = await stream(`/api/admin/events?restaurantId=${restaurantA}`, staffOfA);
    const next = await append(restaurantA);
    await vi.waitFor(() => expect(ids(screen)).toEqual([next]), { timeout: 5_000, interval: 10 });
  });

  test("Last-Event-ID resumes after that id: every later event, in order, none twice", async () => {
    const from = await append(restaurantA);
    const missed = [await append(restaurantA), await append(restaurantA)];
    const screen = await stream(`/api/admin/events?restaurantId=${restaurantA}`, staffOfA, from);
    const later = await append(restaurantA);
    await vi.waitFor(() => expect(ids(screen)).toEqual([...missed, later]), { timeout: 5_000, interval: 10 });
  });

  test("?lastEventId= does the same for clients that cannot set the header", async () => {
    const from = await append(restaurantA);
    const missed = await append(restaurantA);
    const screen = await stream(
      `/api/admin/events?restaurantId=${restaurantA}&lastEventId=${encodeURIComponent(from)}`,
      staffOfA,
    );
    await vi.waitFor(() => expect(ids(screen)).toEqual([missed]), { timeout: 5_000, interval: 10 });
  });

  test("many screens of one restaurant each get every event once, in order", async () => {
    const screens = await Promise.all(
      Array.from({ length: 10 }, () => stream(`/api/admin/events?restaurantId=${restaurantA}`, staffOfA)),
    );
    const written: string[] = [];
    for (let i = 0; i < 20; i++) written.push(await append(restaurantA));
    for (const screen of screens) {
      await vi.waitFor(() => expect(ids(screen)).toEqual(written), { timeout: 5_000, interval: 10 });
    }
  });

  test("events no longer kept are told as a resync at the gap, then the stream goes on", async () => {
    const from = await append(restaurantA);
    const pruned = await append(restaurantA);
    const kept = await append(restaurantA);
    const prunedSeq = Number(pruned.split(":")[1]);
    await t.db
      .delete(schema.restaurantEvent)
      .where(and(eq(schema.restaurantEvent.productionUnitId, restaurantA), lte(schema.restaurantEvent.seq, prunedSeq)));
    const screen = await stream(`/api/admin/events?restaurantId=${restaurantA}`, staffOfA, from);
    await vi.waitFor(() => expect(ids(screen)).toEqual([pruned, kept]), { timeout: 5_000, interval: 10 });
    expect(screen.events[0]!.type).toBe("resync");
    expect(JSON.parse(screen.events[0]!.data)).toEqual({ productionUnitId: restaurantA, lastEventId: pruned });
  });

  test("an id beyond the log (another database) is a resync at the last event", async () => {
    const last = await append(restaurantA);
    const screen = await stream(`/api/admin/events?restaurantId=${restaurantA}`, staffOfA, `${restaurantA}:999999`);
    await vi.waitFor(() => expect(screen.events.map((e) => [e.type, e.id])).toEqual([["resync", last]]), {
      timeout: 5_000,
      interval: 10,
    });
  });

  test("without restaurantId: every restaurant the memberships cover; resuming one, the others are resynced", async () => {
    const lastB = await append(restaurantB);
    const fromA = await append(restaurantA);
    const missedA = await append(restaurantA);
    const all = await stream("/api/admin/events", ownerOfBoth, fromA);
    const nextB = await append(restaurantB);
    await vi.waitFor(
      () =>
        expect(all.events.map((e) => [e.type, e.id])).toEqual([
          ["resync", lastB],
          ["order.placed", missedA],
          ["order.placed", nextB],
        ]),
      { timeout: 5_000, interval: 10 },
    );
  });

  test("a staff member streams only the restaurants their membership names", async () => {
    const all = await stream("/api/admin/events", staffOfA);
    const a = await append(restaurantA);
    await append(restaurantB);
    const a2 = await append(restaurantA);
    await vi.waitFor(() => expect(ids(all)).toEqual([a, a2]), { timeout: 5_000, interval: 10 });
  });

  test.runIf(kind === "postgres")(
    "an event reaches the screen within a second while requests hold every connection of the pool",
    async () => {
      const screen = await stream(`/api/admin/events?restaurantId=${restaurantA}`, staffOfA);
      const first = await append(restaurantA);
      await vi.waitFor(() => expect(ids(screen)).toEqual([first]), { timeout: 5_000, interval: 10 });

      // Every connection of the main pool held by a transaction, as guests' requests hold them at a rush.
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let writeEvent!: (write: (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) => Promise<void>) => void;
      const writer = new Promise<Parameters<typeof writeEvent>[0]>((resolve) => {
        writeEvent = resolve;
      });
      const holding: Promise<void>[] = [];
      const held: Promise<void>[] = [];
      for (let i = 0; i < TEST_POSTGRES_POOL_SIZE; i++) {
        let heldNow!: () => void;
        held.push(new Promise((resolve) => (heldNow = resolve)));
        holding.push(
          t.db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            heldNow();
            // The first holder writes the event and commits; the others hold on until the end.
            if (i === 0) await (await writer)(tx);
            else await released;
          }),
        );
      }
      await Promise.all(held);
      const queued = Promise.all([t.db.execute(sql`select 1`), t.db.execute(sql`select pg_sleep(3)`)]);
      let probeAnswered = false;
      void queued.then(() => (probeAnswered = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(probeAnswered, "the pool is saturated: a query waits for a connection").toBe(false);

      // The writer's connection, once committed, goes to the queries waiting before: the pool stays full for 3 s.
      let written = "";
      writeEvent(async (tx) => {
        written = await appendRestaurantEvent(
          tx,
          "order.placed",
          { productionUnitId: restaurantA, orderId: randomUUID(), receiptNumber: 2 },
          t.clock.now(),
        );
      });
      await holding[0];
      const committedAt = performance.now();
      await vi.waitFor(() => expect(ids(screen)).toEqual([first, written]), { timeout: 1_000, interval: 5 });
      expect(screen.events[1]!.receivedAt - committedAt).toBeLessThan(1_000);
      release();
      await Promise.all([...holding, queued]);
    },
  );

  test("refused: 401 without a session, 404 for a restaurant not covered, 406 without Accept, 400 for a bad id", async () => {
    expect((await stream(`/api/admin/events?restaurantId=${restaurantA}`, {})).status).toBe(401);
    expect((await stream(`/api/admin/events?restaurantId=${restaurantB}`, staffOfA)).status).toBe(404);
    expect((await stream(`/api/admin/events`, { ...staffOfA, accept: "application/json" })).status).toBe(406);
    expect((await stream(`/api/admin/events`, staffOfA, "yesterday")).status).toBe(400);
  });

  test("the OpenAPI document declares the answer as text/event-stream", async () => {
    const doc = (await t.request({ method: "GET", url: "/api/openapi.json" })).json();
    expect(Object.keys(doc.paths["/api/admin/events"].get.responses["200"].content)).toEqual(["text/event-stream"]);
  });
});
