/**
 * A payment holds the slot's kitchen units and the discount code's use from the moment it starts
 * (attempt-holds.ts): the guest who could pay gets the order at the price shown; the one who cannot
 * is refused before any money is asked for; an attempt that ends without an order gives both back,
 * and one that places its order keeps them, counted once.
 */
import { schema } from "@app/db";
import { and, eq } from "@app/db/orm";
import { CheckoutState, PaymentState } from "@app/domain";
import { beforeEach, describe, expect, test } from "vitest";
import {
  checkoutRow,
  giftcardRow,
  itemsUsed,
  pay,
  paymentsOf,
  preparedCheckout,
  pressTestButton,
  refilledDemoGiftcard,
  setItemsPerSlot,
  setSetting,
  testDeps,
} from "../../testing/order-fixtures";
import { useTestApp } from "../../testing/test-app";
import { settlePayments } from "./settle-payments";

const { t, clock } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen
const SLOT = new Date("2026-11-23T11:00:00Z"); // 12:00 in Copenhagen
const TWO_BURGERS = [{ product: "classic-burger", amount: 2 }];
const FAST50 = { code: "FAST50", amountMinor: 5000 };

beforeEach(async () => {
  await setItemsPerSlot(t, t.restaurantA, 30);
  await setSetting(t, t.restaurantA, "enforceCapacity", true);
  await t.db.delete(schema.capacityUsage);
  await setFast50({ usageCount: 0, usageLimit: 1, validUntil: null });
});

async function fast50() {
  const [row] = await t.db.select().from(schema.discountCode).where(eq(schema.discountCode.code, "FAST50"));
  return row!;
}

async function setFast50(values: { usageCount: number; usageLimit: number | null; validUntil?: Date | null }) {
  await t.db
    .update(schema.discountCode)
    .set(values)
    .where(eq(schema.discountCode.id, (await fast50()).id));
}

/** Two checkouts for the same slot, two burgers each (2 kitchen units), optionally with FAST50. */
async function twoCheckouts(discount?: typeof FAST50) {
  const options = { lines: TWO_BURGERS, orderReadyTime: SLOT, ...(discount ? { discount } : {}) };
  const first = await preparedCheckout(t, t.restaurantA, options);
  const second = await preparedCheckout(t, t.restaurantA, options);
  return [first.checkoutId, second.checkoutId] as const;
}

function cancel(paymentId: string) {
  return t.request({ method: "POST", url: "/api/payment/cancel", headers: t.restaurantA.auth, payload: { paymentId } });
}

/** What the orders of these checkouts (this test's) account for: kitchen units of the slot and uses of FAST50. */
async function recount(checkoutIds: string[]) {
  const orders = (
    await t.db
      .select()
      .from(schema.order)
      .where(
        and(
          eq(schema.order.orderReadyTime, SLOT),
          eq(schema.order.capacityInstanceId, t.restaurantA.module.capacityInstanceId),
        ),
      )
  ).filter((order) => checkoutIds.includes(order.checkoutId));
  const uses = await t.db
    .select()
    .from(schema.orderDiscount)
    .where(eq(schema.orderDiscount.discountCodeId, (await fast50()).id));
  const ordered = uses.filter((use) => orders.some((order) => order.id === use.orderId));
  return { items: orders.reduce((sum, order) => sum + order.itemCount, 0), uses: ordered.length };
}

async function counters() {
  return { items: await itemsUsed(t, t.restaurantA, SLOT), uses: (await fast50()).usageCount };
}

describe("a discount code with one use left and two checkouts", () => {
  test("the first Pay holds the use; the second is 422 Discount.Invalid, nothing charged, the code still applied", async () => {
    await refilledDemoGiftcard(t);
    const [first] = await twoCheckouts(FAST50);
    const second = (
      await preparedCheckout(t, t.restaurantA, {
        lines: TWO_BURGERS,
        orderReadyTime: SLOT,
        discount: FAST50,
        giftcards: [{ code: "GAVE-500", amountMinor: 5000 }],
      })
    ).checkoutId;
    const paid = await pay(t, first, { paymentMethods: "card" });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().amount).toBe(188); // 238 − 50: the discount the guest saw
    expect((await fast50()).usageCount).toBe(1);

    const refused = await pay(t, second, { paymentMethods: "card" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toEqual({
      code: "Discount.Invalid",
      message: expect.stringContaining("FAST50 has reached its usage limit"),
      field: "discountCode",
    });
    expect(await paymentsOf(t, second)).toEqual([]);
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(50000);
    expect((await checkoutRow(t, second)).state).toBe(CheckoutState.OPEN);
    const applied = await t.db
      .select()
      .from(schema.checkoutDiscount)
      .where(eq(schema.checkoutDiscount.checkoutId, second));
    expect(applied).toEqual([expect.objectContaining({ code: "FAST50", amountMinor: 5000 })]);
    expect((await fast50()).usageCount).toBe(1);
  });

  test("a code whose last valid day ends between applying it and Pay is 422 Discount.Invalid, never dropped", async () => {
    await setFast50({ usageCount: 0, usageLimit: null });
    const [checkoutId] = await twoCheckouts(FAST50);
    await t.db
      .update(schema.discountCode)
      .set({ validUntil: new Date(clock.now().getTime() - 1000) })
      .where(eq(schema.discountCode.id, (await fast50()).id));

    const refused = await pay(t, checkoutId, { paymentMethods: "card" });

    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toEqual({
      code: "Discount.Invalid",
      message: expect.stringContaining("FAST50 is no longer valid"),
      field: "discountCode",
    });
    expect(await paymentsOf(t, checkoutId)).toEqual([]);
    expect((await fast50()).usageCount).toBe(0);
  });

  test("a code with no limit is held and counted for every payment", async () => {
    await setFast50({ usageCount: 0, usageLimit: null });
    const [first, second] = await twoCheckouts(FAST50);
    expect((await pay(t, first, { paymentMethods: "card" })).statusCode).toBe(200);
    expect((await pay(t, second, { paymentMethods: "pickup" })).statusCode).toBe(200);
    expect((await fast50()).usageCount).toBe(2);
  });
});

describe("a slot with room for one basket and two checkouts", () => {
  test("one payment is created, the other Pay is 409 SLOT_FULL before any money is asked for", async () => {
    await setItemsPerSlot(t, t.restaurantA, 2);
    const [first, second] = await twoCheckouts();
    expect((await pay(t, first, { paymentMethods: "card" })).statusCode).toBe(200);
    const refused = await pay(t, second, { paymentMethods: "card" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].code).toBe("SLOT_FULL");
    expect(await paymentsOf(t, second)).toEqual([]);
    expect(await itemsUsed(t, t.restaurantA, SLOT)).toBe(2);
  });

  test("with enforceCapacity false nothing is held and both pay", async () => {
    await setSetting(t, t.restaurantA, "enforceCapacity", false);
    await setItemsPerSlot(t, t.restaurantA, 2);
    const [first, second] = await twoCheckouts();
    expect((await pay(t, first, { paymentMethods: "card" })).statusCode).toBe(200);
    expect((await pay(t, second, { paymentMethods: "card" })).statusCode).toBe(200);
    expect(await itemsUsed(t, t.restaurantA, SLOT)).toBe(0);
  });
});

describe("an attempt that ends without an order gives its holds back", () => {
  /** Slot room and code uses for one basket; the first checkout's card payment holds both. */
  async function firstHolds() {
    await setItemsPerSlot(t, t.restaurantA, 2);
    const [first, second] = await twoCheckouts(FAST50);
    const { id } = (await pay(t, first, { paymentMethods: "card" })).json();
    expect((await pay(t, second, { paymentMethods: "card" })).statusCode).toBe(409);
    expect(await counters()).toEqual({ items: 2, uses: 1 });
    return { id, second };
  }

  async function thirdCanPay(second: string) {
    expect(await counters()).toEqual({ items: 0, uses: 0 });
    const paid = await pay(t, second, { paymentMethods: "card" });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().amount).toBe(188);
    expect(await counters()).toEqual({ items: 2, uses: 1 });
  }

  test("the guest cancels", async () => {
    const { id, second } = await firstHolds();
    expect((await cancel(id)).statusCode).toBe(200);
    expect((await cancel(id)).statusCode).toBe(200); // cancelled again: nothing given back twice
    await thirdCanPay(second);
  });

  test("the provider declines", async () => {
    const { id, second } = await firstHolds();
    expect((await pressTestButton(t, id, "decline")).statusCode).toBe(303);
    expect((await pressTestButton(t, id, "decline")).statusCode).toBe(409); // a repeated report moves nothing
    await thirdCanPay(second);
  });

  test("the guest cancels on the provider's page", async () => {
    const { id, second } = await firstHolds();
    expect((await pressTestButton(t, id, "cancel")).statusCode).toBe(303);
    await thirdCanPay(second);
  });

  test("the payment expires", async () => {
    const { second } = await firstHolds();
    clock.set(new Date(clock.now().getTime() + (t.config.paymentExpiryMinutes + 1) * 60_000));
    expect((await settlePayments(testDeps(t))).expired).toBeGreaterThanOrEqual(1);
    expect((await settlePayments(testDeps(t))).expired).toBe(0);
    await thirdCanPay(second);
  });

  test("a new request replaces the waiting attempt: held once, not twice", async () => {
    const { second } = await firstHolds();
    const [first] = (await t.db.select().from(schema.payment)).filter((row) => row.state === PaymentState.CREATED);
    const again = await pay(t, first!.checkoutId, { paymentMethods: "card", receiptEmail: "other@example.dk" });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).not.toBe(first!.id);
    expect(await counters()).toEqual({ items: 2, uses: 1 });
    expect((await pay(t, second, { paymentMethods: "card" })).statusCode).toBe(409);
  });
});

describe("an attempt that places its order keeps its holds, counted once", () => {
  test("card: approved, reported twice, finalized again — counters equal the recount of the orders", async () => {
    const [first] = await twoCheckouts(FAST50);
    const { id } = (await pay(t, first, { paymentMethods: "card" })).json();
    expect((await pressTestButton(t, id, "approve")).statusCode).toBe(303);
    expect((await pressTestButton(t, id, "approve")).statusCode).toBe(409);
    const finalized = await t.request({
      method: "POST",
      url: `/api/checkout/${first}/finalize`,
      headers: t.restaurantA.auth,
    });
    expect(finalized.statusCode).toBe(200);
    expect(await counters()).toEqual({ items: 2, uses: 1 });
    expect(await recount([first])).toEqual(await counters());
    // Closing or cancelling afterwards gives nothing back: the order has the units and the use.
    expect((await cancel(id)).statusCode).toBe(409);
    expect(await counters()).toEqual({ items: 2, uses: 1 });
  });

  test("pay at pickup and gift cards paying everything are settled at once and counted once", async () => {
    await setFast50({ usageCount: 0, usageLimit: null });
    await refilledDemoGiftcard(t);
    const [pickup] = await twoCheckouts(FAST50);
    expect((await pay(t, pickup, { paymentMethods: "pickup" })).statusCode).toBe(200);
    const giftcardOnly = (
      await preparedCheckout(t, t.restaurantA, {
        lines: TWO_BURGERS,
        orderReadyTime: SLOT,
        discount: FAST50,
        giftcards: [{ code: "GAVE-500", amountMinor: 18800 }],
      })
    ).checkoutId;
    const paid = await pay(t, giftcardOnly, { paymentMethods: "card" });
    expect(paid.json()).toMatchObject({ type: 1, state: PaymentState.AUTHORIZED, amount: 188 });
    for (const id of [pickup, giftcardOnly]) expect((await checkoutRow(t, id)).state).toBe(CheckoutState.DONE);
    expect(await counters()).toEqual({ items: 4, uses: 2 });
    expect(await recount([pickup, giftcardOnly])).toEqual(await counters());
  });
});
