/**
 * POST /checkout/{id}/payment under concurrency, on PGlite and on PostgreSQL (when reachable): a
 * repeated Pay answers the same payment, and the discount uses a payment holds can never pass the
 * code's limit (the kitchen slot's race is in order/finalize-checkout.concurrency.test.ts).
 */
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { CheckoutState } from "@app/domain";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkoutRow, pay, preparedCheckout, pressTestButton, setItemsPerSlot } from "../../testing/order-fixtures";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";

const SLOT = new Date("2026-11-23T11:00:00Z");

function tally(responses: { statusCode: number; json: () => { errors?: { code: string }[] } }[]) {
  const counts: Record<string, number> = {};
  for (const res of responses) {
    const key = res.statusCode === 200 ? "200" : `${res.statusCode} ${res.json().errors?.[0]?.code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe.each(await testDbKinds())("payment concurrency on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, clock: createClock("2026-11-23T10:00:00Z") });
    await setItemsPerSlot(t, t.restaurantA, 1000);
  });
  afterAll(() => t.close());

  test("50 identical Pays for one checkout: one payment id, one paymentUrl, no error", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, { orderReadyTime: SLOT });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => pay(t, checkoutId, { paymentMethods: "card" })),
    );
    const counts = tally(responses);
    const ids = new Set(responses.map((res) => res.json().id));
    const urls = new Set(responses.map((res) => res.json().paymentUrl));
    console.info(`[${kind}] 50 identical Pays: ${JSON.stringify(counts)}, ${ids.size} id(s), ${urls.size} URL(s)`);

    expect(counts).toEqual({ "200": 50 });
    expect(ids.size).toBe(1);
    expect(urls.size).toBe(1);
    expect([...urls][0]).toMatch(/\/payment\/[^/]+\/open$/);
    const rows = await t.db.select().from(schema.payment).where(eq(schema.payment.checkoutId, checkoutId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: [...ids][0], providerReference: `test_${[...ids][0]}` });
    const holds = await t.db.select().from(schema.paymentHold).where(eq(schema.paymentHold.checkoutId, checkoutId));
    expect(holds).toEqual([expect.objectContaining({ state: "held", items: 1 })]);
  });

  test("30 Pays with a code that has 5 uses left: 5 payments at the discount, 25 Discount.Invalid; orders count 5 uses", async () => {
    const [code] = await t.db.select().from(schema.discountCode).where(eq(schema.discountCode.code, "FAST50"));
    await t.db
      .update(schema.discountCode)
      .set({ usageCount: 0, usageLimit: 5 })
      .where(eq(schema.discountCode.id, code!.id));
    const checkoutIds: string[] = [];
    for (let i = 0; i < 30; i++) {
      const prepared = await preparedCheckout(t, t.restaurantA, {
        lines: [{ product: "classic-burger", amount: 2 }],
        orderReadyTime: SLOT,
        discount: { code: "FAST50", amountMinor: 5000 },
      });
      checkoutIds.push(prepared.checkoutId);
    }
    const responses = await Promise.all(checkoutIds.map((id) => pay(t, id, { paymentMethods: "card" })));
    const counts = tally(responses);
    console.info(`[${kind}] 30 Pays, code with 5 uses: ${JSON.stringify(counts)}`);

    expect(counts).toEqual({ "200": 5, "422 Discount.Invalid": 25 });
    const paid = responses.filter((res) => res.statusCode === 200).map((res) => res.json());
    for (const payment of paid) expect(payment.amount).toBe(188); // never the full 238
    const [held] = await t.db.select().from(schema.discountCode).where(eq(schema.discountCode.id, code!.id));
    expect(held!.usageCount).toBe(5);

    const approvals = await Promise.all(paid.map((payment) => pressTestButton(t, payment.id, "approve")));
    expect(approvals.map((res) => res.statusCode)).toEqual(paid.map(() => 303));
    const states = await Promise.all(checkoutIds.map(async (id) => (await checkoutRow(t, id)).state));
    expect(states.filter((state) => state === CheckoutState.DONE)).toHaveLength(5);
    const uses = await t.db
      .select()
      .from(schema.orderDiscount)
      .where(eq(schema.orderDiscount.discountCodeId, code!.id));
    expect(uses).toHaveLength(5);
    const [after] = await t.db.select().from(schema.discountCode).where(eq(schema.discountCode.id, code!.id));
    expect(after!.usageCount).toBe(uses.length);
  });
});
