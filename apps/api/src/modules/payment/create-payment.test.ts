/**
 * createPayment with payment providers that misbehave: slow (a double click overtakes it), failing,
 * or a real (non-test) one. The demo modules use the provider named "test", so these stand in for it.
 */
import type { CreatePaymentQuery } from "@app/contracts";
import { CheckoutState, PaymentState } from "@app/domain";
import { describe, expect, test } from "vitest";
import { AppError } from "../../errors";
import {
  checkoutRow,
  giftcardRow,
  paymentsOf,
  preparedCheckout,
  refilledDemoGiftcard,
  testDeps,
} from "../../testing/order-fixtures";
import { useTestApp } from "../../testing/test-app";
import { createPayment } from "./create-payment";
import type { PaymentProvider, PaymentRow } from "./providers/provider";
import { testPaymentProvider } from "./providers/test-provider";

const { t } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen

const API = "http://localhost:80/api";

function query(extra: Partial<CreatePaymentQuery> = {}): CreatePaymentQuery {
  return {
    moduleId: t.restaurantA.module.id,
    continuationUrl: "http://localhost:5173/payment/x",
    cancellationUrl: "http://localhost:5173/checkout",
    paymentMethods: ["card"],
    language: "da-DK",
    ...extra,
  };
}

function payWith(provider: PaymentProvider, checkoutId: string, extra: Partial<CreatePaymentQuery> = {}) {
  return createPayment(testDeps(t, [provider]), {
    checkoutId,
    productionUnitId: t.restaurantA.module.productionUnitId,
    query: query(extra),
    apiBaseUrl: API,
    client: { tokenId: "guest-token", address: "192.0.2.10" },
  });
}

/** The test provider, but its first createPayment waits until `release()`; records what it voids. */
function slowProvider() {
  const base = testPaymentProvider();
  const voided: PaymentRow[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered = () => {};
  const started = new Promise<void>((resolve) => {
    entered = resolve;
  });
  let calls = 0;
  const provider: PaymentProvider = {
    ...base,
    async createPayment(input) {
      if (++calls === 1) {
        entered();
        await gate;
      }
      return base.createPayment(input);
    },
    async cancel(payment) {
      voided.push(payment);
    },
  };
  return { provider, voided, started, release };
}

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

describe("a double click on Pay", () => {
  test("the same request while the provider still answers the first gets the same payment and hosted page", async () => {
    const slow = slowProvider();
    const { checkoutId } = await preparedCheckout(t);
    const first = payWith(slow.provider, checkoutId);
    await slow.started;
    // The same request again: the first has no provider reference yet; it is started again, not replaced.
    const second = await payWith(slow.provider, checkoutId);
    slow.release();
    const answered = await first;
    expect(answered).toEqual(second);
    expect(second).toMatchObject({ state: PaymentState.CREATED, paymentUrl: `${API}/payment/${second.id}/open` });
    expect(await paymentsOf(t, checkoutId)).toEqual([
      expect.objectContaining({ id: second.id, state: PaymentState.CREATED, providerReference: `test_${second.id}` }),
    ]);
    expect(slow.voided).toEqual([]);
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.PENDING);
  });

  test("a different request overtaking the one its provider answers gets it 409 PAYMENT_REPLACED, voided", async () => {
    const slow = slowProvider();
    const { checkoutId } = await preparedCheckout(t);
    const first = payWith(slow.provider, checkoutId);
    await slow.started;
    // Another receipt address: a new attempt replaces the waiting one, which has no provider reference yet.
    const second = await payWith(slow.provider, checkoutId, { receiptEmail: "other@example.dk" });
    slow.release();
    const refused = await errorOf(first);
    expect(refused).toMatchObject({ status: 409, code: "PAYMENT_REPLACED" });

    const rows = await paymentsOf(t, checkoutId);
    const firstRow = rows.find((row) => row.id !== second.id)!;
    expect(firstRow).toMatchObject({ state: PaymentState.CANCELLED, providerReference: null });
    expect(rows.find((row) => row.id === second.id)).toMatchObject({
      state: PaymentState.CREATED,
      providerReference: `test_${second.id}`,
    });
    // Voided with the reference the provider gave it, so nobody can pay it any more.
    expect(slow.voided).toEqual([
      expect.objectContaining({ id: firstRow.id, providerReference: `test_${firstRow.id}` }),
    ]);
    expect(second).toMatchObject({ state: PaymentState.CREATED, paymentUrl: `${API}/payment/${second.id}/open` });
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.PENDING);
  });
});

describe("a provider that cannot start the payment", () => {
  test("is 503 PAYMENT_PROVIDER_UNAVAILABLE: the attempt is cancelled, gift cards given back, the checkout OPEN", async () => {
    await refilledDemoGiftcard(t);
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      lines: [{ product: "classic-burger", amount: 2 }],
      giftcards: [{ code: "GAVE-500", amountMinor: 5000 }],
    });
    const broken: PaymentProvider = {
      ...testPaymentProvider(),
      async createPayment() {
        throw new Error("connect ECONNREFUSED");
      },
    };
    const error = await errorOf(payWith(broken, checkoutId));
    expect(error).toMatchObject({ status: 503, code: "PAYMENT_PROVIDER_UNAVAILABLE" });
    const states = (await paymentsOf(t, checkoutId)).map((row) => row.state).sort();
    expect(states).toEqual([PaymentState.CANCELLED, PaymentState.REFUNDED]);
    expect((await giftcardRow(t, t.restaurantA, "GAVE-500")).balanceMinor).toBe(50000);
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.OPEN);
  });
});

describe("test mode", () => {
  test("a real provider's payment is never a test, whatever the query says", async () => {
    const real: PaymentProvider = { ...testPaymentProvider(), testMode: false };
    const { checkoutId } = await preparedCheckout(t);
    await payWith(real, checkoutId, { isTest: true });
    expect((await paymentsOf(t, checkoutId))[0]!.isTest).toBe(false);
  });
});
