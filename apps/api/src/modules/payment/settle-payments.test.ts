/**
 * The payment sweeper, driven directly with the test clock: expiry of abandoned payments, finalize
 * of checkouts whose payment settled while finalize never ran (a crash), and the refund outbox.
 */
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { CheckoutState, PaymentState } from "@app/domain";
import { beforeEach, describe, expect, test } from "vitest";
import type { Deps } from "../../deps";
import {
  authorizeWithoutOrder,
  checkoutRow,
  giftcardRow,
  pay,
  paymentsOf,
  preparedCheckout,
  pressTestButton,
  refilledDemoGiftcard,
  refundsOf,
  setItemsPerSlot,
  testDeps,
  withoutHolds,
} from "../../testing/order-fixtures";
import { createClock, createTestApp, useTestApp } from "../../testing/test-app";
import { createPayment } from "./create-payment";
import { paymentOutcomes } from "./outcomes";
import type { PaymentProvider, PaymentRow } from "./providers/provider";
import { testPaymentProvider } from "./providers/test-provider";
import { SETTLED_GRACE_MS, STUCK_ALARM_MS, settlePayments } from "./settle-payments";

const START = "2026-11-23T10:00:00Z"; // a Monday, 11:00 in Copenhagen
const { t, clock } = useTestApp(START);
beforeEach(async () => {
  await setItemsPerSlot(t, t.restaurantA, 30);
  await t.db.delete(schema.capacityUsage);
});

const advanceMs = (ms: number) => clock.set(new Date(clock.now().getTime() + ms));

/** The test provider, recording what the sweeper voids and refunds; its first `failRefunds` refunds are refused. */
function recordingProvider(failRefunds = 0) {
  const voided: PaymentRow[] = [];
  const refunds: { paymentId: string; amountMinor: number; refundId: string; ok: boolean }[] = [];
  const provider: PaymentProvider = {
    ...testPaymentProvider(),
    async cancel(payment) {
      voided.push(payment);
    },
    async refund(payment, amountMinor, refundId) {
      const ok = refunds.length >= failRefunds;
      refunds.push({ paymentId: payment.id, amountMinor, refundId, ok });
      if (!ok) throw new Error("503 from the provider");
    },
  };
  return { provider, voided, refunds };
}

async function ordersOf(checkoutId: string) {
  return t.db.select().from(schema.order).where(eq(schema.order.checkoutId, checkoutId));
}

describe("expiry of waiting payments", () => {
  test("a payment still waiting after PAYMENT_EXPIRY_MINUTES is cancelled: gift cards back, checkout OPEN, voided", async () => {
    const recording = recordingProvider();
    const deps = testDeps(t, [recording.provider]);
    await refilledDemoGiftcard(t);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      lines: [{ product: "classic-burger", amount: 2 }],
      giftcards: [{ code: "GAVE-500", amountMinor: 5000 }],
    });
    const { id } = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(45000);

    advanceMs((t.config.paymentExpiryMinutes - 1) * 60_000);
    await settlePayments(deps);
    expect((await paymentsOf(t, checkoutId)).find((row) => row.id === id)?.state).toBe(PaymentState.CREATED);

    advanceMs(2 * 60_000);
    const report = await settlePayments(deps);
    expect(report.expired).toBeGreaterThanOrEqual(1);
    const rows = await paymentsOf(t, checkoutId);
    expect(rows.find((row) => row.id === id)?.state).toBe(PaymentState.CANCELLED);
    expect(rows.find((row) => row.id !== id)?.state).toBe(PaymentState.REFUNDED);
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(50000);
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.OPEN);
    expect(recording.voided).toEqual([expect.objectContaining({ id, providerReference: `test_${id}` })]);

    // The guest approves on the stale page after all: the money goes back, no order.
    const late = await pressTestButton(t, id, "approve");
    expect(late.json().errors[0].code).toBe("PAYMENT_REFUNDED");
    expect(await ordersOf(checkoutId)).toEqual([]);
    expect(await refundsOf(t, id)).toEqual([expect.objectContaining({ amountMinor: 23800 - 5000 })]);
  });
});

describe("finalize after a crash", () => {
  test("a pay-at-pickup checkout whose finalize never ran gets its order from the sweeper, after the grace, once", async () => {
    const deps = testDeps(t);
    // The process dies right after the payment's commit: finalize never happens.
    const crashing: Deps = {
      ...deps,
      orders: {
        finalize: async () => {
          throw new Error("process died");
        },
      },
    };
    const { checkoutId } = await preparedCheckout(t);
    const payment = await createPayment(crashing, {
      checkoutId,
      productionUnitId: t.restaurantA.module.productionUnitId,
      query: {
        moduleId: t.restaurantA.module.id,
        continuationUrl: "http://localhost:5173/payment/x",
        cancellationUrl: "http://localhost:5173/checkout",
        paymentMethods: ["pickup"],
        language: "da-DK",
      },
      apiBaseUrl: "http://localhost/api",
      client: { tokenId: "guest-token", address: "192.0.2.10" },
    });
    expect(payment).toMatchObject({ state: PaymentState.AUTHORIZED });
    expect(await checkoutRow(t, checkoutId)).toMatchObject({ state: CheckoutState.PENDING, orderId: null });

    await settlePayments(deps);
    expect((await checkoutRow(t, checkoutId)).orderId).toBeNull(); // left to the request for a while

    advanceMs(SETTLED_GRACE_MS);
    await settlePayments(deps);
    const done = await checkoutRow(t, checkoutId);
    expect(done).toMatchObject({ state: CheckoutState.DONE, orderId: expect.any(String) });
    await settlePayments(deps);
    expect(await ordersOf(checkoutId)).toHaveLength(1);
    const receipts = await t.db
      .select()
      .from(schema.receiptMessage)
      .where(eq(schema.receiptMessage.orderId, done.orderId!));
    expect(receipts).toHaveLength(1);
  });

  test("an online payment approved just before the process died gets its order", async () => {
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    await authorizeWithoutOrder(t, id);
    advanceMs(SETTLED_GRACE_MS);
    const report = await settlePayments(testDeps(t));
    expect(report.finalized).toBeGreaterThanOrEqual(1);
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.DONE);
  });

  test("one without a hold (started before holds) whose slot filled up is closed: ERROR, the card payment refunded", async () => {
    const recording = recordingProvider();
    const deps = testDeps(t, [recording.provider]);
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    await authorizeWithoutOrder(t, id);
    await withoutHolds(t, checkoutId);
    await setItemsPerSlot(t, t.restaurantA, 0);
    advanceMs(SETTLED_GRACE_MS);
    await settlePayments(deps);
    await deps.refunds.drain();
    expect(await checkoutRow(t, checkoutId)).toMatchObject({ state: CheckoutState.ERROR, orderId: null });
    expect((await paymentsOf(t, checkoutId))[0]!.state).toBe(PaymentState.REFUNDED);
    expect(recording.refunds).toEqual([expect.objectContaining({ paymentId: id, amountMinor: 11900, ok: true })]);
    expect((await refundsOf(t, id))[0]!.doneAt).not.toBeNull();
  });
});

describe("a paid checkout whose finalize keeps failing", () => {
  test("goes to the back of the queue on every pass and is logged as an error once it has waited 10 minutes", async () => {
    const errors: { obj: unknown; msg: string }[] = [];
    const deps = testDeps(t);
    // The app's logger, but recording its errors.
    const log: Deps["log"] = Object.create(deps.log);
    log.error = ((obj: unknown, msg: string) => {
      errors.push({ obj, msg });
    }) as Deps["log"]["error"];
    const failing: Deps = {
      ...deps,
      log,
      orders: {
        finalize: async () => {
          throw new Error("database hiccup");
        },
      },
    };
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    await authorizeWithoutOrder(t, id);

    advanceMs(SETTLED_GRACE_MS);
    await settlePayments(failing);
    const stuck = (obj: unknown) => (obj as { checkoutId?: string }).checkoutId === checkoutId;
    expect(errors.filter((entry) => stuck(entry.obj) && entry.msg.startsWith("paid checkout"))).toEqual([]);
    expect((await checkoutRow(t, checkoutId)).updatedAt).toEqual(clock.now());

    advanceMs(STUCK_ALARM_MS);
    await settlePayments(failing);
    expect(errors.filter((entry) => stuck(entry.obj) && entry.msg.startsWith("paid checkout"))).toHaveLength(1);

    // Once finalize works again, the next pass places the order.
    advanceMs(SETTLED_GRACE_MS);
    await settlePayments(deps);
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.DONE);
  });
});

describe("the refund outbox", () => {
  test("a refund the provider refuses twice is retried with backoff until it goes through, then never again", async () => {
    const flaky = recordingProvider(2);
    const deps = testDeps(t, [flaky.provider]);
    const { checkoutId } = await preparedCheckout(t);
    const { id } = (await pay(t, checkoutId, { paymentMethods: "card" })).json();
    await t.request({
      method: "POST",
      url: "/api/payment/cancel",
      headers: t.restaurantA.auth,
      payload: { paymentId: id },
    });
    // The provider approves the cancelled payment after all: a refund is queued and started at once.
    await expect(paymentOutcomes(deps, "test").report(id, "authorized", deps.log)).rejects.toMatchObject({
      code: "PAYMENT_REFUNDED",
    });
    await deps.refunds.drain();
    let [refund] = await refundsOf(t, id);
    expect(refund).toMatchObject({ attempts: 1, doneAt: null, lastError: "503 from the provider" });
    expect(refund!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(30_000);

    await settlePayments(deps); // not due yet
    expect(flaky.refunds).toHaveLength(1);

    advanceMs(30_000);
    await settlePayments(deps);
    [refund] = await refundsOf(t, id);
    expect(refund).toMatchObject({ attempts: 2, doneAt: null });
    expect(refund!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(60_000);

    advanceMs(60_000);
    await settlePayments(deps);
    [refund] = await refundsOf(t, id);
    expect(refund).toMatchObject({ attempts: 3, lastError: null, doneAt: clock.now() });

    advanceMs(24 * 60 * 60_000);
    await settlePayments(deps);
    expect(flaky.refunds.map((call) => call.ok)).toEqual([false, false, true]);
    // One idempotency key for every try, so a repeated try can never pay back twice.
    expect(new Set(flaky.refunds.map((call) => call.refundId))).toEqual(new Set([refund!.id]));
    expect(flaky.refunds.every((call) => call.amountMinor === 11900)).toBe(true);
  });
});

describe("the loop in the server", () => {
  test("runs once the server listens (recovering at start) and stops when it closes", async () => {
    const own = createClock(START);
    const server = await createTestApp({ clock: own });
    try {
      const { checkoutId } = await preparedCheckout(server);
      const { id } = (await pay(server, checkoutId, { paymentMethods: "card" })).json();
      own.advanceMinutes(server.config.paymentExpiryMinutes + 1);
      await server.app.listen({ port: 0, host: "127.0.0.1" });
      const until = Date.now() + 5000;
      let state = PaymentState.CREATED as number;
      while (state === PaymentState.CREATED && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        state = (await paymentsOf(server, checkoutId))[0]!.state;
      }
      expect(state).toBe(PaymentState.CANCELLED);
      expect((await paymentsOf(server, checkoutId))[0]!.id).toBe(id);
    } finally {
      await server.close();
    }
  });
});
