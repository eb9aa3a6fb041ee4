/**
 * Reliability case 6 (issue 11): the payment state machine under random, duplicated and
 * out-of-order reports, model-based with fast-check against the real use cases on the real database
 * (PGlite, and PostgreSQL when reachable).
 *
 * Each run opens a few checkouts of restaurant A, pays them, and then plays a random sequence of
 * what the outside world and the guest can do to a payment, in any order and as often as they
 * like: the provider reporting authorized, failed or cancelled (outcomes.report, what every
 * provider's webhook or page calls) for any payment ever started — replaced and ended ones
 * included —, the guest cancelling, the sweeper expiring waiting payments, finalize, and new Pay
 * requests (card, MobilePay or pay at pickup) that replace a waiting attempt. After every step the
 * payments and orders are read back and checked against the model:
 *
 * - a report on a waiting (CREATED) payment moves it exactly as reported; on any other payment it
 *   changes nothing (409 PAYMENT_NOT_CREATED, or PAYMENT_REFUNDED with a refund queued for an
 *   approval of a payment the core had cancelled or that was declined);
 * - no payment ever goes back to CREATED, and an ended one (CANCELLED, FAILED, REFUNDED) never moves;
 * - an order exists only for a checkout whose current attempt is AUTHORIZED/CAPTURED online or
 *   UNPAID, never for a cancelled or failed one, and never two for one checkout.
 *
 * Size: RELIABILITY_LONG=1 plays 10,000 steps per database; the default plays 600.
 */
import { schema } from "@app/db";
import { eq, inArray } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { CheckoutState, PaymentState, PaymentType } from "@app/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Deps } from "../../deps";
import { AppError } from "../../errors";
import { withFreshToken } from "../../testing/checkout-fixtures";
import { finalize, pay, preparedCheckout, setItemsPerSlot, testDeps } from "../../testing/order-fixtures";
import { createClock, createTestApp, type DemoRestaurant, type TestApp } from "../../testing/test-app";
import { cancelPayment } from "./cancel-payment";
import { paymentOutcomes } from "./outcomes";
import type { PaymentOutcome, PaymentOutcomes } from "./providers/provider";
import { settlePayments } from "./settle-payments";

/** Building the app on a fresh database takes seconds, but minutes on a busy 2-core machine. */
const SETUP_TIMEOUT_MS = 180_000;

const LONG = process.env.RELIABILITY_LONG === "1";
const RUNS = LONG ? 100 : 6;
const STEPS_PER_RUN = 100;
const CHECKOUTS_PER_RUN = 3;
const TIMEOUT_MS = LONG ? 1_800_000 : 300_000;
const START = "2026-11-23T08:00:00Z"; // a Monday, 09:00 in Copenhagen

type Step =
  | { kind: "report"; pick: number; outcome: PaymentOutcome }
  | { kind: "guestCancel"; pick: number }
  | { kind: "expire" }
  | { kind: "finalize"; checkout: number }
  | { kind: "pay"; checkout: number; method: "card" | "mobilepay" | "pickup" };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant("report" as const),
      pick: fc.nat(),
      outcome: fc.constantFrom<PaymentOutcome>("authorized", "failed", "cancelled"),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("guestCancel" as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("expire" as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("finalize" as const), checkout: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("pay" as const),
      checkout: fc.nat(),
      method: fc.constantFrom("card" as const, "mobilepay" as const, "pickup" as const),
    }),
  },
);

/** States a payment never leaves. */
const ENDED: number[] = [PaymentState.CANCELLED, PaymentState.FAILED, PaymentState.REFUNDED];
/**
 * The moves a payment may make: a waiting one ends as reported; a holding one only when its order can
 * never be placed (release-attempt.ts "closed": online and gift-card money REFUNDED, pay at pickup CANCELLED).
 */
const ALLOWED: Record<number, number[]> = {
  [PaymentState.CREATED]: [PaymentState.AUTHORIZED, PaymentState.FAILED, PaymentState.CANCELLED],
  [PaymentState.AUTHORIZED]: [PaymentState.REFUNDED, PaymentState.CANCELLED],
};
/** Ended payments whose late approval is refunded (outcomes.ts). */
const ENDED_BY_CORE_OR_DECLINED: number[] = [PaymentState.CANCELLED, PaymentState.FAILED];
/** States an order may be placed from (with UNPAID for pay at pickup). */
const ORDERABLE: number[] = [PaymentState.AUTHORIZED, PaymentState.PARTIALLYCAPTURED, PaymentState.CAPTURED];

type PaymentView = { id: string; checkoutId: string; state: number; type: number; attempt: number };
type World = { payments: Map<string, PaymentView>; orders: Map<string, number>; checkoutStates: Map<string, number> };

type Figures = {
  steps: Record<Step["kind"], number>;
  terminalChanges: number;
  orders: number;
  ordersFrom: Record<string, number>;
  refundsQueued: number;
};

describe.each(await testDbKinds())("payment state machine on %s", (kind) => {
  let t: TestApp;
  let deps: Deps;
  let outcomes: PaymentOutcomes;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock: createClock(START) });
    await setItemsPerSlot(t, t.restaurantA, 1_000_000);
    deps = testDeps(t);
    outcomes = paymentOutcomes(deps, "test");
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  async function read(checkoutIds: string[]): Promise<World> {
    const payments = await t.db.select().from(schema.payment).where(inArray(schema.payment.checkoutId, checkoutIds));
    const orders = await t.db.select().from(schema.order).where(inArray(schema.order.checkoutId, checkoutIds));
    const checkouts = await t.db.select().from(schema.checkout).where(inArray(schema.checkout.id, checkoutIds));
    const orderCount = new Map<string, number>();
    for (const order of orders) orderCount.set(order.checkoutId, (orderCount.get(order.checkoutId) ?? 0) + 1);
    return {
      payments: new Map(
        payments.map((row) => [
          row.id,
          { id: row.id, checkoutId: row.checkoutId, state: row.state, type: row.type, attempt: row.attempt },
        ]),
      ),
      orders: orderCount,
      checkoutStates: new Map(checkouts.map((row) => [row.id, row.state])),
    };
  }

  /** The main (non-gift-card) payment of the checkout's latest attempt. */
  function currentMain(world: World, checkoutId: string): PaymentView | undefined {
    const mains = [...world.payments.values()].filter(
      (row) => row.checkoutId === checkoutId && row.type !== PaymentType.GIFTCARD,
    );
    return mains.sort((a, b) => b.attempt - a.attempt)[0];
  }

  /** Every change between two readings must be one the state machine allows; answers the count of ended payments that moved. */
  function checkTransitions(before: World, after: World, step: Step): number {
    let terminalChanges = 0;
    for (const [id, was] of before.payments) {
      const now = after.payments.get(id);
      expect(now, `payment ${id} disappeared after ${JSON.stringify(step)}`).toBeDefined();
      if (now!.state === was.state) continue;
      if (ENDED.includes(was.state)) terminalChanges++;
      expect(
        ENDED,
        `payment ${id} left ended state ${was.state} for ${now!.state} on ${JSON.stringify(step)}`,
      ).not.toContain(was.state);
      expect(now!.state, `payment ${id} went back to CREATED on ${JSON.stringify(step)}`).not.toBe(
        PaymentState.CREATED,
      );
      expect(ALLOWED[was.state], `payment ${id}: ${was.state} → ${now!.state} on ${JSON.stringify(step)}`).toContain(
        now!.state,
      );
      expect(before.orders.has(was.checkoutId), `payment ${id} of an ordered checkout moved`).toBe(false);
    }
    return terminalChanges;
  }

  /** Orders only from an orderable payment, one per checkout, and a checkout with an order is DONE. */
  function checkOrders(world: World, figures: Figures, before: World): void {
    for (const [checkoutId, count] of world.orders) {
      expect(count, `checkout ${checkoutId} has ${count} orders`).toBe(1);
      const main = currentMain(world, checkoutId);
      expect(main, `order of checkout ${checkoutId} without any payment`).toBeDefined();
      const orderable = main!.type === PaymentType.UNPAID || ORDERABLE.includes(main!.state);
      expect(orderable, `order of checkout ${checkoutId} from payment state ${main!.state} type ${main!.type}`).toBe(
        true,
      );
      expect(world.checkoutStates.get(checkoutId)).toBe(CheckoutState.DONE);
      if (!before.orders.has(checkoutId)) {
        figures.orders++;
        const from = main!.type === PaymentType.UNPAID ? "UNPAID" : paymentStateName(main!.state);
        figures.ordersFrom[from] = (figures.ordersFrom[from] ?? 0) + 1;
      }
    }
  }

  /** POST /checkout/{id}/payment with restaurant A's shop URLs, under a token that may be fresher than t.restaurantA's. */
  function payAsA(checkoutId: string, method: string, restaurantA: DemoRestaurant) {
    const urls = {
      continuationUrl: `http://localhost:5173/payment/${checkoutId}`,
      cancellationUrl: "http://localhost:5173/checkout",
    };
    return pay(t, checkoutId, { paymentMethods: method, ...urls }, restaurantA);
  }

  async function refundsOf(paymentId: string) {
    return t.db.select().from(schema.paymentRefund).where(eq(schema.paymentRefund.paymentId, paymentId));
  }

  /** Plays one step against the real use cases; checks what the model predicts of its answer. */
  async function play(step: Step, world: World, checkoutIds: string[], figures: Figures, who: { r: DemoRestaurant }) {
    const online = [...world.payments.values()].filter((row) => row.type === PaymentType.ONLINE);
    switch (step.kind) {
      case "report": {
        if (online.length === 0) return;
        const target = online[step.pick % online.length]!;
        const result = await outcomes.report(target.id, step.outcome, t.app.log).then(
          (reported) => ({ ok: true as const, state: reported.payment.state }),
          (error: unknown) => ({ ok: false as const, code: error instanceof AppError ? error.code : String(error) }),
        );
        if (target.state === PaymentState.CREATED) {
          expect(result, `report ${step.outcome} on a waiting payment`).toMatchObject({ ok: true });
          return;
        }
        const late = step.outcome === "authorized" && ENDED_BY_CORE_OR_DECLINED.includes(target.state);
        expect(result, `report ${step.outcome} on a payment in state ${target.state}`).toEqual({
          ok: false,
          code: late ? "PAYMENT_REFUNDED" : "PAYMENT_NOT_CREATED",
        });
        if (late) {
          expect(await refundsOf(target.id), "a late approval of an ended payment is refunded").toHaveLength(1);
          figures.refundsQueued++;
        }
        return;
      }
      case "guestCancel": {
        if (online.length === 0) return;
        const target = online[step.pick % online.length]!;
        const result = await cancelPayment(deps, {
          paymentId: target.id,
          productionUnitId: who.r.module.productionUnitId,
          apiBaseUrl: "http://localhost/api",
        }).then(
          () => "ok",
          (error: unknown) => (error instanceof AppError ? error.code : String(error)),
        );
        const expected =
          target.state === PaymentState.CREATED || target.state === PaymentState.CANCELLED
            ? "ok"
            : ORDERABLE.includes(target.state)
              ? "ALREADY_PAID"
              : "PAYMENT_NOT_CANCELLABLE";
        expect(result, `guest cancel of a payment in state ${target.state}`).toBe(expected);
        return;
      }
      case "expire": {
        t.clock.advanceMinutes(t.config.paymentExpiryMinutes + 1);
        who.r = await withFreshToken(t, t.restaurantA);
        await settlePayments(deps);
        return;
      }
      case "finalize": {
        const checkoutId = checkoutIds[step.checkout % checkoutIds.length]!;
        const res = await finalize(t, checkoutId, who.r);
        expect(res.statusCode, `finalize: ${res.body}`).toBeLessThan(500);
        return;
      }
      case "pay": {
        const checkoutId = checkoutIds[step.checkout % checkoutIds.length]!;
        const res = await payAsA(checkoutId, step.method, who.r);
        expect(res.statusCode, `pay ${step.method}: ${res.body}`).toBeLessThan(500);
        return;
      }
    }
  }

  /** Ends what a run left waiting, so the sweeper's batches of later runs see only their own payments. */
  async function endRun(who: { r: DemoRestaurant }) {
    t.clock.advanceMinutes(t.config.paymentExpiryMinutes + 1);
    while ((await settlePayments(deps)).expired > 0);
    who.r = await withFreshToken(t, t.restaurantA);
  }

  test(
    `${RUNS * STEPS_PER_RUN} random duplicated and out-of-order reports: no ended payment moves, orders only from paid attempts`,
    async () => {
      const started = Date.now();
      const figures: Figures = {
        steps: { report: 0, guestCancel: 0, expire: 0, finalize: 0, pay: 0 },
        terminalChanges: 0,
        orders: 0,
        ordersFrom: {},
        refundsQueued: 0,
      };
      const who = { r: await withFreshToken(t, t.restaurantA) };

      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: STEPS_PER_RUN, maxLength: STEPS_PER_RUN }), async (steps) => {
          const checkoutIds: string[] = [];
          for (let i = 0; i < CHECKOUTS_PER_RUN; i++) {
            const { checkoutId } = await preparedCheckout(t, t.restaurantA);
            const res = await payAsA(checkoutId, "card", who.r);
            expect(res.statusCode, res.body).toBe(200);
            checkoutIds.push(checkoutId);
          }
          try {
            let world = await read(checkoutIds);
            for (const step of steps) {
              figures.steps[step.kind]++;
              await play(step, world, checkoutIds, figures, who);
              const next = await read(checkoutIds);
              figures.terminalChanges += checkTransitions(world, next, step);
              checkOrders(next, figures, world);
              if (step.kind === "report" && step.outcome === "authorized") checkApprovalPlaced(world, next, step);
              world = next;
            }
          } finally {
            await endRun(who);
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `payment-state ${kind}: ${RUNS * STEPS_PER_RUN} steps (${figures.steps.report} provider reports, ` +
          `${figures.steps.guestCancel} guest cancels, ${figures.steps.expire} expiries, ${figures.steps.finalize} finalizes, ` +
          `${figures.steps.pay} Pays), ${figures.terminalChanges} terminal changes, ${figures.orders} orders ` +
          `(${JSON.stringify(figures.ordersFrom)}), ${figures.refundsQueued} late approvals refunded, ${seconds} s`,
      );
      expect(figures.terminalChanges).toBe(0);
      expect(figures.orders).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );

  /** An approval of a waiting payment places its order, or (pickup time gone) closes the checkout with the money back. */
  function checkApprovalPlaced(before: World, after: World, step: Extract<Step, { kind: "report" }>) {
    for (const [id, was] of before.payments) {
      const now = after.payments.get(id)!;
      if (was.state !== PaymentState.CREATED || now.state === PaymentState.CREATED || now.type !== PaymentType.ONLINE) {
        continue;
      }
      if (now.state === PaymentState.AUTHORIZED) {
        expect(
          after.orders.get(now.checkoutId),
          `approved payment ${id} without an order (${JSON.stringify(step)})`,
        ).toBe(1);
      } else if (now.state === PaymentState.REFUNDED) {
        expect(after.checkoutStates.get(now.checkoutId)).toBe(CheckoutState.ERROR);
      }
    }
  }
});

function paymentStateName(state: number): string {
  return Object.entries(PaymentState).find(([, value]) => value === state)?.[0] ?? String(state);
}
