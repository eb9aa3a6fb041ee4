/**
 * A guest's basket and checkout replayed from memory (answer-replay.ts, decision 015), over real HTTP on
 * both databases: an answer is replayed until a row it was read from changes, whether the guest changed
 * it through this process or anything else wrote it straight into the database; the guest's own change
 * is seen by the very next read; the clock ends a basket at its expiry and a discount at its validity.
 */
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import type { Basket, Checkout } from "@app/contracts";
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { CheckoutState } from "@app/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { basketHelpers } from "../testing/basket-helpers";
import { createClock, createTestApp, type TestApp } from "../testing/test-app";

const MONDAY = "2026-11-23T10:00:00Z"; // 11:00 in Copenhagen

type Answer = { status: number; json: () => unknown };

function send(port: number, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const withType = payload === undefined ? headers : { ...headers, "content-type": "application/json" };
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers: withType }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) });
      });
    });
    req.on("error", reject);
    req.end(payload);
  });
}

describe.each(await testDbKinds())("a guest's basket and checkout from memory (%s)", (kind) => {
  let t: TestApp;
  let port: number;
  const clock = createClock(MONDAY);
  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(MONDAY));

  const call = (method: string, path: string, body?: unknown, auth = t.restaurantA.auth) =>
    send(port, method, path, auth, body);
  const replayed = () => t.app.answerReplay.replayedCount;

  const { productId } = basketHelpers(() => t);

  async function newBasket(): Promise<Basket> {
    return (await call("GET", "/api/basket?language=en-US")).json() as Basket;
  }

  const basketUrl = (id: string) => `/api/basket/${id}?language=en-US`;

  async function addLine(basketId: string, productName: string, amount = 1): Promise<Basket> {
    const answer = await call("POST", `/api/basket/${basketId}/products?language=en-US`, {
      productId: await productId(productName),
      amount,
      choices: [],
    });
    expect(answer.status).toBe(200);
    return answer.json() as Basket;
  }

  /** Reads until the answer comes from memory, so the next read would be replayed if nothing changed. */
  async function warm(path: string): Promise<unknown> {
    for (const _ of [1, 2]) await call("GET", path);
    const before = replayed();
    const answer = await call("GET", path);
    expect(replayed(), `${path} is replayed once warm`).toBe(before + 1);
    return answer.json();
  }

  /** Writes as another process or a tool would, and waits until this process heard of it. */
  async function writeElsewhere(write: () => Promise<unknown>): Promise<void> {
    const before = t.changes.rows.sequence;
    await write();
    await vi.waitFor(() => expect(t.changes.rows.sequence, "the row change was notified").not.toBe(before), {
      timeout: 5_000,
      interval: 2,
    });
  }

  test("the guest's own change is in the very next read, which is then replayed until the next change", async () => {
    const basket = await newBasket();
    await addLine(basket.id, "Coca-Cola");
    await warm(basketUrl(basket.id));
    for (let amount = 2; amount <= 4; amount++) {
      await addLine(basket.id, "Coca-Cola Zero");
      const next = (await call("GET", basketUrl(basket.id))).json() as Basket;
      expect(next.items.map((item) => item.amount)).toEqual([1, amount - 1]);
    }
    const warmAgain = (await warm(basketUrl(basket.id))) as Basket;
    expect(warmAgain.itemCount).toBe(4);
  });

  test("a line changed straight in the database ends the replay of that basket only", async () => {
    const [changed, untouched] = [await newBasket(), await newBasket()];
    await addLine(changed.id, "Coca-Cola");
    await addLine(untouched.id, "Coca-Cola");
    await warm(basketUrl(changed.id));
    await warm(basketUrl(untouched.id));
    await writeElsewhere(() =>
      t.db.update(schema.basketItem).set({ amount: 7 }).where(eq(schema.basketItem.basketId, changed.id)),
    );
    const before = replayed();
    expect(((await call("GET", basketUrl(untouched.id))).json() as Basket).items[0]!.amount).toBe(1);
    expect(((await call("GET", basketUrl(changed.id))).json() as Basket).items[0]!.amount).toBe(7);
    expect(replayed()).toBe(before + 1);
  });

  test("another unit's token is answered 404, however warm the basket is", async () => {
    const basket = await newBasket();
    await warm(basketUrl(basket.id));
    const before = replayed();
    const answer = await call("GET", basketUrl(basket.id), undefined, t.restaurantB.auth);
    expect([answer.status, replayed()]).toEqual([404, before]);
  });

  test("a basket replayed at its last valid moment is gone (410) the moment after", async () => {
    const basket = await newBasket();
    await warm(basketUrl(basket.id));
    clock.set(new Date(Date.parse(basket.createdTimeUtc) + 120 * 60_000));
    expect((await call("GET", basketUrl(basket.id))).status).toBe(200);
    clock.set(new Date(Date.parse(basket.createdTimeUtc) + 120 * 60_000 + 1));
    expect((await call("GET", basketUrl(basket.id))).status).toBe(410);
  });

  async function checkoutWith(basket: Basket): Promise<Checkout> {
    const { module } = t.restaurantA;
    const created = await call("POST", `/api/checkout?instanceId=${module.checkoutInstanceId}&moduleId=${module.id}`);
    const checkout = created.json() as Checkout;
    expect((await call("POST", `/api/checkout/${checkout.id}/basket?basketId=${basket.id}`)).status).toBe(200);
    return checkout;
  }

  test("a checkout follows its basket, its discount, its own row and its payments", async () => {
    const basket = await newBasket();
    await addLine(basket.id, "Coca-Cola", 2);
    const checkout = await checkoutWith(basket);
    const url = `/api/checkout/${checkout.id}`;
    const total = () => call("GET", url).then((answer) => (answer.json() as Checkout).totals);

    const warmTotals = ((await warm(url)) as Checkout).totals;
    await addLine(basket.id, "Coca-Cola", 3); // 175 kr.: over SOMMER10's 100 kr.
    expect((await total()).basketTotal).toBeGreaterThan(warmTotals.basketTotal);

    await warm(url);
    expect((await call("POST", `${url}/discount`, { discountCode: "SOMMER10" })).status).toBe(200);
    const discounted = await total();
    expect(discounted.discount).toBeCloseTo(discounted.basketTotal * 0.1, 2);

    // Used up elsewhere (another guest's order): the applied code no longer holds.
    await warm(url);
    await writeElsewhere(() =>
      t.db.update(schema.discountCode).set({ usageLimit: 0 }).where(eq(schema.discountCode.code, "SOMMER10")),
    );
    try {
      expect((await total()).discount).toBe(0);
    } finally {
      await writeElsewhere(() =>
        t.db.update(schema.discountCode).set({ usageLimit: null }).where(eq(schema.discountCode.code, "SOMMER10")),
      );
    }

    await warm(url);
    await writeElsewhere(() =>
      t.db.update(schema.checkout).set({ state: CheckoutState.PENDING }).where(eq(schema.checkout.id, checkout.id)),
    );
    expect(((await call("GET", url)).json() as Checkout).state).toBe(CheckoutState.PENDING);
  });

  test("a checkout replayed with a discount ends when the code's validity does", async () => {
    const basket = await newBasket();
    await addLine(basket.id, "Coca-Cola", 5);
    const checkout = await checkoutWith(basket);
    const url = `/api/checkout/${checkout.id}`;
    const validUntil = new Date(Date.parse(MONDAY) + 60 * 60_000);
    await writeElsewhere(() =>
      t.db.update(schema.discountCode).set({ validUntil }).where(eq(schema.discountCode.code, "SOMMER10")),
    );
    try {
      expect((await call("POST", `${url}/discount`, { discountCode: "SOMMER10" })).status).toBe(200);
      expect(((await warm(url)) as Checkout).totals.discount).toBeGreaterThan(0);
      clock.set(validUntil);
      expect(((await call("GET", url)).json() as Checkout).totals.discount).toBeGreaterThan(0);
      clock.set(new Date(validUntil.getTime() + 1));
      expect(((await call("GET", url)).json() as Checkout).totals.discount).toBe(0);
    } finally {
      await writeElsewhere(() =>
        t.db
          .update(schema.discountCode)
          .set({ validUntil: new Date("2030-12-31T22:59:59Z") })
          .where(eq(schema.discountCode.code, "SOMMER10")),
      );
    }
  });
});
