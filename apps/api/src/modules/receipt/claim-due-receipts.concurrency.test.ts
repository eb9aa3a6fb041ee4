import { schema } from "@app/db";
import { eq, sql } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { finalize, pay, preparedCheckout } from "../../testing/order-fixtures";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";
import { claimDueReceipts } from "./repository";

const NOW = new Date("2026-11-23T10:00:00Z");
const LEASE_UNTIL = new Date("2026-11-23T10:05:00Z");

describe.each(await testDbKinds())("claiming due receipts on %s", (kind) => {
  let t: TestApp;
  let orderId: string;
  beforeAll(async () => {
    t = await createTestApp({ kind, clock: createClock(NOW.toISOString()) });
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      orderReadyTime: new Date("2026-11-23T11:00:00Z"),
    });
    expect((await pay(t, checkoutId, { paymentMethods: "pickup" })).statusCode).toBe(200);
    orderId = (await finalize(t, checkoutId)).json().orderId;
    // The order's own receipt goes out in the background first: these tests claim only their own messages.
    await vi.waitFor(async () => {
      const [receipt] = await t.db
        .select()
        .from(schema.receiptMessage)
        .where(eq(schema.receiptMessage.orderId, orderId));
      expect(receipt?.status).toBe("sent");
    });
  });
  afterAll(() => t.close());

  let messageKeys = 0;
  const insertMessages = (count: number, changes: Partial<typeof schema.receiptMessage.$inferInsert> = {}) =>
    t.db
      .insert(schema.receiptMessage)
      .values(
        Array.from({ length: count }, (_, i) => ({
          orderId,
          channel: "email" as const,
          recipient: `guest${i}@example.dk`,
          // Many messages of one order, each its own (order, channel, kind, dedupe key): the ready time's moves.
          kind: "ready-time-changed" as const,
          dedupeKey: String(++messageKeys),
          nextAttemptAt: new Date(NOW.getTime() - 60_000 + i),
          createdAt: NOW,
          ...changes,
        })),
      )
      .returning({ id: schema.receiptMessage.id });

  test("two senders claiming at once each lease their own due messages, together all of them, none twice", async () => {
    await t.db.delete(schema.receiptMessage);
    const due = await insertMessages(30);
    await insertMessages(2, { nextAttemptAt: new Date(NOW.getTime() + 60_000) });
    await insertMessages(1, { status: "sent" });

    const claim = () => claimDueReceipts(t.db, { at: NOW, limit: 20, leaseUntil: LEASE_UNTIL });
    const [first, second] = await Promise.all([claim(), claim()]);

    expect(first.length).toBeLessThanOrEqual(20);
    expect(second.length).toBeLessThanOrEqual(20);
    const claimed = [...first, ...second].map((row) => row.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual(due.map((row) => row.id).sort());
    for (const row of [...first, ...second]) expect(row.nextAttemptAt).toEqual(LEASE_UNTIL);
    expect(await claim()).toEqual([]);
  });

  test.runIf(kind === "postgres")(
    "skips a message another sender holds locked, and claims it once it is free",
    async () => {
      await t.db.delete(schema.receiptMessage);
      const [locked, free] = await insertMessages(2);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let lockTaken = () => {};
      const taken = new Promise<void>((resolve) => {
        lockTaken = resolve;
      });
      const holder = t.db.transaction(async (tx) => {
        await tx.execute(sql`select id from receipt_message where id = ${locked!.id} for update`);
        lockTaken();
        await held;
      });
      await taken;
      const whileLocked = await claimDueReceipts(t.db, { at: NOW, limit: 20, leaseUntil: LEASE_UNTIL });
      release();
      await holder;
      expect(whileLocked.map((row) => row.id)).toEqual([free!.id]);
      const afterwards = await claimDueReceipts(t.db, { at: NOW, limit: 20, leaseUntil: LEASE_UNTIL });
      expect(afterwards.map((row) => row.id)).toEqual([locked!.id]);
      const [stored] = await t.db.select().from(schema.receiptMessage).where(eq(schema.receiptMessage.id, locked!.id));
      expect(stored?.nextAttemptAt).toEqual(LEASE_UNTIL);
    },
  );
});
