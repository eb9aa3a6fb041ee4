/**
 * GET /payment/{id}/open and the sweeper's release of payments whose link was not followed within
 * PAYMENT_PAGE_OPEN_MINUTES (decision 025), with the product's default of 3 minutes and the test clock.
 */
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { CheckoutState, PaymentState } from "@app/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  checkoutRow,
  followPaymentUrl,
  itemsUsed,
  pay,
  paymentsOf,
  preparedCheckout,
  pressTestButton,
  setItemsPerSlot,
  slotAfter,
  testDeps,
} from "../../testing/order-fixtures";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";
import { settlePayments } from "./settle-payments";

const START = "2026-11-23T10:00:00Z"; // a Monday, 11:00 in Copenhagen

describe("a payment's page must be opened within PAYMENT_PAGE_OPEN_MINUTES", () => {
  let t: TestApp;
  const clock = createClock(START);
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { PAYMENT_PAGE_OPEN_MINUTES: "3", PAYMENT_EXPIRY_MINUTES: "30" } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock.set(START);
    await setItemsPerSlot(t, t.restaurantA, 30);
    await t.db.delete(schema.capacityUsage);
  });

  async function waitingPayment(options: { discount?: boolean } = {}) {
    const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
      lines: [{ product: "classic-burger", amount: 30 }],
      ...(options.discount ? { discount: { code: "FAST50", amountMinor: 5000 } } : {}),
    });
    const res = await pay(t, checkoutId, { paymentMethods: "card" });
    expect(res.statusCode).toBe(200);
    return { checkoutId, payment: res.json<{ id: string; paymentUrl: string }>() };
  }

  const slot = () => slotAfter(new Date(START));
  const stateOf = async (checkoutId: string, id: string) =>
    (await paymentsOf(t, checkoutId)).find((row) => row.id === id)?.state;

  test("paymentUrl is our link: it records the opening once and redirects (303) to the provider's page", async () => {
    const { checkoutId, payment } = await waitingPayment();
    expect(payment.paymentUrl).toBe(`http://localhost:80/api/payment/${payment.id}/open`);
    clock.advanceMinutes(1);
    const page = await followPaymentUrl(t, payment.paymentUrl);
    expect(page.pathname).toBe(`/api/payment/test/${payment.id}`);
    const [row] = await paymentsOf(t, checkoutId);
    expect(row!.providerPageUrl).toBe(`http://localhost:80/api/payment/test/${payment.id}`);
    const opened = row!.openedAt;
    expect(opened?.toISOString()).toBe("2026-11-23T10:01:00.000Z");
    clock.advanceMinutes(1);
    await followPaymentUrl(t, payment.paymentUrl); // a reload: the first opening stands
    expect((await paymentsOf(t, checkoutId))[0]!.openedAt?.toISOString()).toBe("2026-11-23T10:01:00.000Z");
    // GET /payment/checkout/{id} hands out the same link.
    const read = await t.request({
      method: "GET",
      url: `/api/payment/checkout/${checkoutId}`,
      headers: t.restaurantA.auth,
    });
    expect(read.json().paymentUrl).toBe(payment.paymentUrl);
  });

  test("a hold whose page is not opened within 3 minutes is released by the sweeper, as expiry does", async () => {
    const deps = testDeps(t);
    const [code] = await t.db.select().from(schema.discountCode).where(eq(schema.discountCode.code, "FAST50"));
    const usesBefore = code!.usageCount;
    const { checkoutId, payment } = await waitingPayment({ discount: true });
    expect(await itemsUsed(t, t.restaurantA, slot())).toBe(30);

    clock.advanceMinutes(2);
    expect((await settlePayments(deps)).unopened).toBe(0);
    expect(await stateOf(checkoutId, payment.id)).toBe(PaymentState.CREATED);

    clock.advanceMinutes(1);
    expect((await settlePayments(deps)).unopened).toBe(1);
    expect(await stateOf(checkoutId, payment.id)).toBe(PaymentState.CANCELLED);
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.OPEN);
    expect(await itemsUsed(t, t.restaurantA, slot())).toBe(0);
    const [after] = await t.db.select().from(schema.discountCode).where(eq(schema.discountCode.id, code!.id));
    expect(after!.usageCount).toBe(usesBefore);
    const [hold] = await t.db.select().from(schema.paymentHold).where(eq(schema.paymentHold.checkoutId, checkoutId));
    expect(hold!.state).toBe("released");

    // Opening the link now sends the guest back to the shop's page, which shows the payment cancelled.
    const late = await t.request({ method: "GET", url: new URL(payment.paymentUrl).pathname });
    expect(late.statusCode).toBe(303);
    expect(late.headers.location).toBe(`http://localhost:5173/payment/${checkoutId}`);
    expect(await stateOf(checkoutId, payment.id)).toBe(PaymentState.CANCELLED);
  });

  test("a page opened within 3 minutes keeps its hold until PAYMENT_EXPIRY_MINUTES, and can be paid", async () => {
    const deps = testDeps(t);
    const { checkoutId, payment } = await waitingPayment();
    clock.advanceMinutes(2);
    await followPaymentUrl(t, payment.paymentUrl);

    clock.advanceMinutes(27); // 29 minutes after the start
    expect(await settlePayments(deps)).toMatchObject({ unopened: 0, expired: 0 });
    expect(await stateOf(checkoutId, payment.id)).toBe(PaymentState.CREATED);
    expect(await itemsUsed(t, t.restaurantA, slot())).toBe(30);
    expect((await pressTestButton(t, payment.id, "approve")).statusCode).toBe(303);
    expect((await checkoutRow(t, checkoutId)).state).toBe(CheckoutState.DONE);
  });

  test("an opened page still expires after PAYMENT_EXPIRY_MINUTES", async () => {
    const deps = testDeps(t);
    const { checkoutId, payment } = await waitingPayment();
    await followPaymentUrl(t, payment.paymentUrl);
    clock.advanceMinutes(31);
    const report = await settlePayments(deps);
    expect(report.unopened).toBe(0);
    expect(report.expired).toBeGreaterThanOrEqual(1); // the first test's opened payment expires too
    expect(await stateOf(checkoutId, payment.id)).toBe(PaymentState.CANCELLED);
    expect(await itemsUsed(t, t.restaurantA, slot())).toBe(0);
  });

  test("an unknown payment's link is 404", async () => {
    const res = await t.request({ method: "GET", url: "/api/payment/3b0c6f7e-0000-4000-8000-000000000099/open" });
    expect(res.statusCode).toBe(404);
  });
});
