/**
 * The retention sweep on both databases: unordered baskets and checkouts older than RETENTION_DAYS
 * (default 7) are deleted in batches with everything hanging off them; orders, and checkouts whose
 * payment still waits or holds money, stay whatever their age. Menu images nothing has named for 30 days go too
 * (in detail: menu-images/collect-unreferenced-images.test.ts).
 */

import { menuImageUrl } from "@app/contracts";
import { schema } from "@app/db";
import { eq, inArray, sql } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { PaymentState } from "@app/domain";
import type { FastifyBaseLogger } from "fastify";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { insertBasket } from "../../testing/checkout-fixtures";
import { pay, paymentsOf, preparedCheckout, pressTestButton, testDeps } from "../../testing/order-fixtures";
import { type TestApp, useTestApp } from "../../testing/test-app";
import { sweepRetention } from "./sweep-retention";

const START = "2026-11-23T10:00:00Z";
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const at = (days: number) => new Date(new Date(START).getTime() + days * DAY_MS);

async function basketExists(t: TestApp, id: string) {
  return (await t.db.select().from(schema.basket).where(eq(schema.basket.id, id))).length === 1;
}
async function checkoutExists(t: TestApp, id: string) {
  return (await t.db.select().from(schema.checkout).where(eq(schema.checkout.id, id))).length === 1;
}
const LINE = [{ product: "classic-burger", amount: 2 }];

/** A menu image (one tiny variant) as an upload at `uploadedAt` stores it; answers its hash. */
async function insertMenuImage(t: TestApp, seed: string, uploadedAt: Date): Promise<string> {
  const hash = seed.repeat(64);
  const productInstanceId = t.restaurantA.module.productInstanceId;
  await t.db
    .insert(schema.menuImage)
    .values({ hash, productInstanceId, width: 1, height: 1, unreferencedSince: uploadedAt });
  await t.db.insert(schema.menuImageVariant).values({ hash, width: 1, height: 1, bytes: Buffer.from("webp") });
  return hash;
}
async function menuImageHashes(t: TestApp): Promise<string[]> {
  return (await t.db.select({ hash: schema.menuImage.hash }).from(schema.menuImage)).map((row) => row.hash).sort();
}

describe.each(await testDbKinds())("retention sweep on %s", (kind) => {
  const { t, clock } = useTestApp(START, { kind });
  /** The sweep as of `now`, with the default RETENTION_DAYS (7). */
  const sweepAt = (now: Date, batchSize?: number) => sweepRetention({ ...testDeps(t), now: () => now }, batchSize);

  // What earlier tests left behind and may be deleted at all is gone before each test, so the figures are exact.
  beforeEach(async () => {
    expect(t.config.retentionDays).toBe(7);
    await sweepAt(at(3650));
  });

  test("an unordered basket and checkout older than the retention time are removed with their lines, discounts, gift cards, ended payments and released holds", async () => {
    const oldBasket = await insertBasket(t, t.restaurantA, LINE);
    const old = await preparedCheckout(t, t.restaurantA, {
      discount: { code: "FAST50", amountMinor: 5000 },
    });
    const { id: paymentId } = (await pay(t, old.checkoutId, { paymentMethods: "card" })).json();
    expect((await pressTestButton(t, paymentId, "cancel")).statusCode).toBeLessThan(400);
    expect((await paymentsOf(t, old.checkoutId)).map((p) => p.state)).toEqual([PaymentState.CANCELLED]);

    const withGiftcard = await preparedCheckout(t, t.restaurantA, {
      giftcards: [{ code: "GAVE-500", amountMinor: 1000 }],
    });

    const result = await sweepAt(at(7.01));

    expect(result).toMatchObject({ checkouts: 2, baskets: 3 });
    expect(await checkoutExists(t, withGiftcard.checkoutId)).toBe(false);
    const giftcards = schema.checkoutGiftcard;
    expect(await t.db.select().from(giftcards).where(eq(giftcards.checkoutId, withGiftcard.checkoutId))).toEqual([]);
    expect(await basketExists(t, oldBasket)).toBe(false);
    expect(await basketExists(t, old.basketId)).toBe(false);
    expect(await checkoutExists(t, old.checkoutId)).toBe(false);
    const basketIds = [oldBasket, old.basketId];
    expect(await t.db.select().from(schema.basketItem).where(inArray(schema.basketItem.basketId, basketIds))).toEqual(
      [],
    );
    for (const table of [schema.checkoutDiscount, schema.payment, schema.paymentHold]) {
      expect(await t.db.select().from(table).where(eq(table.checkoutId, old.checkoutId))).toEqual([]);
    }
  });

  test("baskets and checkouts younger than the retention time stay", async () => {
    const basketId = await insertBasket(t, t.restaurantA, LINE);
    const { checkoutId } = await preparedCheckout(t);

    expect(await sweepAt(at(6.99))).toMatchObject({ checkouts: 0, baskets: 0 });

    expect(await basketExists(t, basketId)).toBe(true);
    expect(await checkoutExists(t, checkoutId)).toBe(true);
  });

  test("an ordered checkout and its basket stay whatever their age", async () => {
    const { checkoutId, basketId } = await preparedCheckout(t);
    const { id: paymentId } = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    await pressTestButton(t, paymentId, "approve");
    const orders = await t.db.select().from(schema.order).where(eq(schema.order.checkoutId, checkoutId));
    expect(orders).toHaveLength(1);

    expect(await sweepAt(at(3650))).toMatchObject({ checkouts: 0, baskets: 0 });

    expect(await checkoutExists(t, checkoutId)).toBe(true);
    expect(await basketExists(t, basketId)).toBe(true);
    expect(await paymentsOf(t, checkoutId)).toHaveLength(1);
  });

  test("a checkout whose payment still waits on the provider's page stays, with its basket and hold", async () => {
    const { checkoutId, basketId } = await preparedCheckout(t);
    expect((await pay(t, checkoutId, { paymentMethods: "card" })).statusCode).toBe(200);
    expect((await paymentsOf(t, checkoutId)).map((p) => p.state)).toEqual([PaymentState.CREATED]);

    expect(await sweepAt(at(30))).toMatchObject({ checkouts: 0, baskets: 0 });

    expect(await checkoutExists(t, checkoutId)).toBe(true);
    expect(await basketExists(t, basketId)).toBe(true);
    const holds = await t.db.select().from(schema.paymentHold).where(eq(schema.paymentHold.checkoutId, checkoutId));
    expect(holds.map((h) => h.state)).toEqual(["held"]);
  });

  test("a checkout whose payment holds money without an order yet stays", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const { id: paymentId } = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    await t.db.update(schema.payment).set({ state: PaymentState.AUTHORIZED }).where(eq(schema.payment.id, paymentId));

    expect(await sweepAt(at(30))).toMatchObject({ checkouts: 0 });

    expect(await checkoutExists(t, checkoutId)).toBe(true);
  });

  test("a backlog larger than the batch size is removed completely, batch after batch, and the figures are logged", async () => {
    const baskets = [];
    for (let i = 0; i < 7; i++) baskets.push(await insertBasket(t, t.restaurantA, LINE));
    const checkouts = [];
    for (let i = 0; i < 5; i++) checkouts.push((await preparedCheckout(t)).checkoutId);
    clock.set(at(1));
    const recent = await insertBasket(t, t.restaurantA, LINE);
    const info = vi.fn();
    const log = { ...t.app.log, info } as unknown as FastifyBaseLogger;

    const result = await sweepRetention({ ...testDeps(t), log, now: () => at(7.5) }, 2);

    expect(result).toEqual({
      checkouts: 5,
      baskets: 12,
      emptyBaskets: 0,
      rateLimitCounters: 0,
      webhookEvents: 0,
      menuImages: 0,
      before: at(0.5),
    });
    expect(await t.db.select().from(schema.checkout).where(inArray(schema.checkout.id, checkouts))).toEqual([]);
    expect(await t.db.select().from(schema.basket).where(inArray(schema.basket.id, baskets))).toEqual([]);
    expect(await basketExists(t, recent)).toBe(true);
    expect(info).toHaveBeenCalledWith(
      {
        checkouts: 5,
        baskets: 12,
        emptyBaskets: 0,
        rateLimitCounters: 0,
        webhookEvents: 0,
        menuImages: 0,
        before: at(0.5).toISOString(),
      },
      "retention sweep removed unordered rows",
    );
  });

  test("a basket that never got a line nor a checkout is removed once it is EMPTY_BASKET_RETENTION_HOURS (3) old", async () => {
    expect(t.config.emptyBasketRetentionHours).toBe(3);
    const empty = await insertBasket(t, t.restaurantA, []);
    const withLine = await insertBasket(t, t.restaurantA, LINE);
    const { checkoutId, basketId: linked } = await preparedCheckout(t);
    await t.db.delete(schema.basketItem).where(eq(schema.basketItem.basketId, linked));
    const younger = await insertBasket(t, t.restaurantA, [], new Date(at(0).getTime() + HOUR_MS));

    expect(await sweepAt(new Date(at(0).getTime() + 3.01 * HOUR_MS))).toMatchObject({ emptyBaskets: 1, baskets: 0 });

    expect(await basketExists(t, empty)).toBe(false);
    expect(await basketExists(t, withLine), "a basket with a line waits for RETENTION_DAYS").toBe(true);
    expect(await basketExists(t, linked), "a checkout's basket stays with its checkout").toBe(true);
    expect(await checkoutExists(t, checkoutId)).toBe(true);
    expect(await basketExists(t, younger), "an empty basket younger than 3 hours stays").toBe(true);
  });

  test("rate-limit counters whose window is over are removed; those still counting stay", async () => {
    await t.db.insert(schema.rateLimitCounter).values([
      { key: "guess:giftcard:tries:address:192.0.2.1:1", count: 11, expiresAt: sql`now() - interval '1 minute'` },
      { key: "guess:giftcard:tries:address:192.0.2.1:2", count: 3, expiresAt: sql`now() + interval '1 minute'` },
    ]);

    expect(await sweepAt(at(0))).toMatchObject({ rateLimitCounters: 1 });
    expect((await t.db.select().from(schema.rateLimitCounter)).map((row) => row.key)).toEqual([
      "guess:giftcard:tries:address:192.0.2.1:2",
    ]);
  });

  test("webhook events handled more than 30 days ago are forgotten; younger ones stay (Stripe retries for 3 days)", async () => {
    await t.db.insert(schema.paymentWebhookEvent).values([
      { provider: "stripe", eventId: "evt_old", type: "checkout.session.completed", receivedAt: at(-31) },
      { provider: "stripe", eventId: "evt_recent", type: "checkout.session.completed", receivedAt: at(-29) },
    ]);

    expect(await sweepAt(at(0))).toMatchObject({ webhookEvents: 1 });
    expect((await t.db.select().from(schema.paymentWebhookEvent)).map((row) => row.eventId)).toEqual(["evt_recent"]);
  });

  test("menu images nothing has named for 30 days are deleted with their variants; younger and named ones stay", async () => {
    const named = await insertMenuImage(t, "a", at(-400));
    await t.db
      .update(schema.product)
      .set({ imageUrl: menuImageUrl(named, 640) })
      .where(eq(schema.product.productInstanceId, t.restaurantA.module.productInstanceId));
    const old = await insertMenuImage(t, "b", at(-30.1));
    const young = await insertMenuImage(t, "c", at(-29.9));

    expect(await sweepAt(at(0))).toMatchObject({ menuImages: 1 });

    expect(await menuImageHashes(t)).toEqual([named, young].sort());
    expect(await t.db.select().from(schema.menuImageVariant).where(eq(schema.menuImageVariant.hash, old))).toEqual([]);
  });

  test("a second sweep right after, as another process would run it, finds nothing left to do", async () => {
    await insertBasket(t, t.restaurantA, LINE);
    await preparedCheckout(t);
    for (const seed of ["d", "e", "f"]) await insertMenuImage(t, seed, at(-31));

    const [first, second] = await Promise.all([sweepAt(at(8), 1), sweepAt(at(8), 1)]);
    const again = await sweepAt(at(8));

    expect(first.checkouts + second.checkouts).toBe(1);
    expect(first.baskets + second.baskets).toBe(2);
    expect(first.menuImages + second.menuImages).toBe(3);
    expect(again).toMatchObject({ checkouts: 0, baskets: 0, menuImages: 0 });
  });
});
