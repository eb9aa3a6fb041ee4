import { schema } from "@app/db";
import { asc, eq } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { preparedCheckout } from "../../testing/order-fixtures";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";
import { findAnswerRows, findCheckoutDiscounts, findCheckoutGiftcards, findPayments } from "./repository";

const kinds = await testDbKinds();
const { basketItem } = schema;

describe.each(kinds)("findAnswerRows on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, clock: createClock("2026-11-23T10:00:00Z") });
  });
  afterAll(() => t.close());

  /** What the four reads it replaces answer for the checkout. */
  async function readOneByOne(checkoutId: string, basketId: string) {
    return {
      discounts: await findCheckoutDiscounts(t.db, checkoutId),
      giftcards: await findCheckoutGiftcards(t.db, checkoutId),
      lines: await t.db
        .select({
          productId: basketItem.productId,
          amount: basketItem.amount,
          totalPriceMinor: basketItem.totalPriceMinor,
        })
        .from(basketItem)
        .where(eq(basketItem.basketId, basketId))
        .orderBy(asc(basketItem.createdAt), asc(basketItem.id)),
      payments: await findPayments(t.db, checkoutId),
    };
  }

  test("answers what the reads one by one answer: discounts with their end, gift cards, lines and payments, in order", async () => {
    const { checkoutId, basketId } = await preparedCheckout(t, t.restaurantA, {
      lines: [
        { product: "classic-burger", amount: 2 },
        { product: "cola", amount: 1 },
      ],
      discount: { code: "FAST50", amountMinor: 5000 },
      giftcards: [
        { code: "GAVE-500", amountMinor: 1000 },
        { code: "GAVE-100", amountMinor: 500 },
      ],
    });
    // An end of validity with microseconds: the answer holds through its millisecond, as drizzle's read gives it.
    const [applied] = await t.db
      .select()
      .from(schema.checkoutDiscount)
      .where(eq(schema.checkoutDiscount.checkoutId, checkoutId));
    await t.db.execute(
      `update discount_code set valid_until = '2030-12-31 22:59:59.123456+00' where id = ${applied!.discountCodeId}`,
    );
    for (const [attempt, state] of [
      [1, 2],
      [2, 1],
    ] as const) {
      await t.db.insert(schema.payment).values({
        checkoutId,
        productionUnitId: t.restaurantA.module.productionUnitId,
        state,
        type: 1,
        amountMinor: 1234 * attempt,
        provider: "test",
        method: "card",
        isTest: true,
        attempt,
        createdAt: new Date(Date.UTC(2026, 10, 23, 10, attempt)),
        updatedAt: new Date(Date.UTC(2026, 10, 23, 10, attempt)),
      });
    }

    const expected = await readOneByOne(checkoutId, basketId);
    expect(expected.discounts).toHaveLength(1);
    expect(expected.giftcards).toHaveLength(2);
    expect(expected.lines).toHaveLength(2);
    expect(expected.payments).toHaveLength(2);
    expect(await findAnswerRows(t.db, { id: checkoutId, basketId })).toEqual(expected);
  });

  test("answers empty lists for a checkout with nothing applied and no basket, and nothing for one that is gone", async () => {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA);
    const nothing = { discounts: [], giftcards: [], lines: [], payments: [] };
    expect(await findAnswerRows(t.db, { id: checkoutId, basketId: null })).toEqual(nothing);
    const gone = { id: "00000000-0000-4000-8000-000000000000", basketId: null };
    expect(await findAnswerRows(t.db, gone)).toBeUndefined();
  });
});
