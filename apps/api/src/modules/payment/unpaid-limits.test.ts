/**
 * The limits on unpaid online payments (decision 025) through POST /checkout/{id}/payment, with the
 * product's default limits: 2 waiting at once per token, 5 at once and 30 started an hour per address.
 * Each test uses tokens and client addresses of its own, on one app per database (PGlite, and PostgreSQL
 * when reachable, where concurrent starts really run in parallel).
 */
import { schema } from "@app/db";
import { and, eq, inArray } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { PaymentState } from "@app/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { preparedCheckout, pressTestButton, setItemsPerSlot } from "../../testing/order-fixtures";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";

const START = "2026-11-23T10:00:00Z"; // a Monday, 11:00 in Copenhagen

/** The product's defaults, over the test app's "high" harness values. */
const PRODUCT_LIMITS = {
  PAYMENTS_UNPAID_PER_TOKEN: "2",
  PAYMENTS_UNPAID_PER_ADDRESS: "5",
  PAYMENTS_PER_ADDRESS_PER_HOUR: "30",
};

let addressCounter = 0;
/** A client address no other test uses (TEST-NET-3). */
const freshAddress = () => `203.0.113.${++addressCounter}`;

type Answer = Awaited<ReturnType<TestApp["request"]>>;

const codeOf = (res: Answer) => (res.statusCode === 200 ? "200" : `${res.statusCode} ${res.json().errors?.[0]?.code}`);

describe.each(await testDbKinds())("unpaid payments on %s", (kind) => {
  let t: TestApp;
  const clock = createClock(START);

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, env: PRODUCT_LIMITS });
    await setItemsPerSlot(t, t.restaurantA, 100_000);
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(START));

  /** A guest: a token of its own, at `address`. */
  async function guest(address: string) {
    const res = await t.request({ method: "GET", url: `/api/token/${t.restaurantA.module.productionUnitId}` });
    const { token } = res.json<{ token: string }>();
    return { address, authorization: `Bearer ${token}` };
  }
  type Guest = Awaited<ReturnType<typeof guest>>;

  /** POST /checkout/{id}/payment by `who` (its token, from its address). */
  function payAs(who: Guest, checkoutId: string, paymentMethods = "card") {
    const params = new URLSearchParams({
      moduleId: String(t.restaurantA.module.id),
      continuationUrl: `http://localhost:5173/payment/${checkoutId}`,
      cancellationUrl: "http://localhost:5173/checkout",
      paymentMethods,
    });
    return t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/payment?${params}`,
      headers: { authorization: who.authorization },
      remoteAddress: who.address,
    });
  }

  async function checkout() {
    return (await preparedCheckout(t, t.restaurantA)).checkoutId;
  }

  async function waitingOf(ids: string[]) {
    return t.db
      .select()
      .from(schema.payment)
      .where(and(inArray(schema.payment.checkoutId, ids), eq(schema.payment.state, PaymentState.CREATED)));
  }

  test("a third unpaid payment on one token is 429 TOO_MANY_PAYMENTS with Retry-After; nothing is held for it", async () => {
    const me = await guest(freshAddress());
    const [a, b, c] = [await checkout(), await checkout(), await checkout()];
    expect((await payAs(me, a)).statusCode).toBe(200);
    expect((await payAs(me, b)).statusCode).toBe(200);
    const third = await payAs(me, c);
    expect(codeOf(third)).toBe("429 TOO_MANY_PAYMENTS");
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(third.headers["retry-after"])).toBeLessThanOrEqual(120);
    expect(third.json().errors[0].message).toMatch(/2 payments waiting/);
    const rows = await t.db.select().from(schema.payment).where(eq(schema.payment.checkoutId, c));
    expect(rows).toEqual([]);
    const holds = await t.db.select().from(schema.paymentHold).where(eq(schema.paymentHold.checkoutId, c));
    expect(holds).toEqual([]);
  });

  test("the same token from another address is still the same guest: its third is refused", async () => {
    const me = await guest(freshAddress());
    expect((await payAs(me, await checkout())).statusCode).toBe(200);
    expect((await payAs({ ...me, address: freshAddress() }, await checkout())).statusCode).toBe(200);
    expect(codeOf(await payAs({ ...me, address: freshAddress() }, await checkout()))).toBe("429 TOO_MANY_PAYMENTS");
  });

  test("a payment replaced on the same checkout does not count: changing the method twice is fine", async () => {
    const me = await guest(freshAddress());
    const [a, b] = [await checkout(), await checkout()];
    expect((await payAs(me, a)).statusCode).toBe(200);
    expect((await payAs(me, b)).statusCode).toBe(200);
    // Two unpaid already: a new payment on a replaces a's, so there are still two.
    expect(codeOf(await payAs(me, a, "mobilepay"))).toBe("200");
    expect(codeOf(await payAs(me, a, "card"))).toBe("200");
    expect(await waitingOf([a, b])).toHaveLength(2);
    // The same Pay again (a double click) answers the waiting payment, never a 429.
    const again = await Promise.all([payAs(me, b), payAs(me, b)]);
    expect(again.map(codeOf)).toEqual(["200", "200"]);
  });

  test("cancelled, paid and pay-at-pickup payments do not count", async () => {
    const me = await guest(freshAddress());
    const [a, b, c, d, e] = [await checkout(), await checkout(), await checkout(), await checkout(), await checkout()];
    const first = (await payAs(me, a)).json();
    expect((await payAs(me, b)).statusCode).toBe(200);
    // Pay at pickup holds nothing unpaid: the order is placed at once.
    expect(codeOf(await payAs(me, c, "pickup"))).toBe("200");
    const cancel = await t.request({
      method: "POST",
      url: "/api/payment/cancel",
      headers: { authorization: me.authorization },
      payload: { paymentId: first.id },
    });
    expect(cancel.statusCode).toBe(200);
    const third = await payAs(me, d);
    expect(codeOf(third)).toBe("200");
    expect((await pressTestButton(t, third.json().id, "approve")).statusCode).toBe(303);
    expect(codeOf(await payAs(me, e))).toBe("200");
  });

  test("a sixth unpaid payment from one address is 429 whatever its token; another address is not affected", async () => {
    const address = freshAddress();
    const answers: Answer[] = [];
    for (let i = 0; i < 6; i++) answers.push(await payAs(await guest(address), await checkout()));
    expect(answers.map(codeOf)).toEqual(["200", "200", "200", "200", "200", "429 TOO_MANY_PAYMENTS"]);
    expect(Number(answers[5]!.headers["retry-after"])).toBeGreaterThan(0);
    expect(codeOf(await payAs(await guest(freshAddress()), await checkout()))).toBe("200");
  });

  test("30 payments an hour from one address; the 31st waits until the first leaves the hour", async () => {
    const address = freshAddress();
    const me = await guest(address);
    for (let i = 0; i < 30; i++) {
      const started = await payAs(me, await checkout());
      expect(codeOf(started), `payment ${i + 1}`).toBe("200");
      // Abandoned at once: none is waiting, so only the hourly limit applies.
      await t.request({
        method: "POST",
        url: "/api/payment/cancel",
        headers: { authorization: me.authorization },
        payload: { paymentId: started.json().id },
      });
      clock.advanceMinutes(1);
    }
    // 10:30: the first was started at 10:00, so the hour has room again at 11:00.
    const refused = await payAs(me, await checkout());
    expect(codeOf(refused)).toBe("429 TOO_MANY_PAYMENTS");
    expect(refused.headers["retry-after"]).toBe(String(30 * 60));
    clock.advanceMinutes(30);
    expect(codeOf(await payAs(me, await checkout()))).toBe("200");
  });

  test("20 payment starts at once from one token: exactly 2 unpaid, 18 × 429", async () => {
    const me = await guest(freshAddress());
    const ids = await Promise.all(Array.from({ length: 20 }, () => checkout()));
    const answers = await Promise.all(ids.map((id) => payAs(me, id)));
    const counts: Record<string, number> = {};
    for (const res of answers) counts[codeOf(res)] = (counts[codeOf(res)] ?? 0) + 1;
    console.info(`[${kind}] 20 concurrent starts, one token: ${JSON.stringify(counts)}`);
    expect(counts).toEqual({ "200": 2, "429 TOO_MANY_PAYMENTS": 18 });
    expect(await waitingOf(ids)).toHaveLength(2);
  });

  test("20 payment starts at once from one address with 20 tokens: exactly 5 unpaid", async () => {
    const address = freshAddress();
    const guests = await Promise.all(Array.from({ length: 20 }, () => guest(address)));
    const ids = await Promise.all(guests.map(() => checkout()));
    const answers = await Promise.all(guests.map((who, i) => payAs(who, ids[i]!)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((res) => codeOf(res) === "429 TOO_MANY_PAYMENTS")).toHaveLength(15);
    expect(await waitingOf(ids)).toHaveLength(5);
  });

  test("the payment records who started it", async () => {
    const me = await guest(freshAddress());
    const started = (await payAs(me, await checkout())).json();
    const [row] = await t.db.select().from(schema.payment).where(eq(schema.payment.id, started.id));
    expect(row).toMatchObject({ clientAddress: me.address, clientTokenId: expect.any(String), openedAt: null });
    expect(row!.clientTokenId).not.toBe("");
  });
});
