/**
 * Case 3, double finalize (issue 11; shopware PR 20097 made two orders from a stale second tab): a
 * guest's approval races 20 parallel finalizes, 20 more retries follow once the order is placed, and a
 * second tab that still shows the checkout before payment presses Pay, Approve and finalize again.
 * Exactly one order with one receipt number comes of it, every successful finalize answers that same
 * orderId, the second tab starts no new payment, and nothing answers a 5xx.
 */
import { afterAll, expect, test } from "vitest";
import { type Answer, apiClient, type Client } from "../harness/client";
import { livePaymentsOfCheckout, ordersOfCheckout, setShopSlotCapacity } from "../harness/database";
import {
  awaitSettled,
  CheckoutState,
  fillCheckout,
  type Guest,
  loadPaymentPage,
  openShop,
  postButton,
  type Shop,
  startPayment,
} from "../harness/guest-flow";
import type { Product } from "../harness/product";
import { figures, inParallel, onBothDatabases, size, start } from "../harness/suite";

const GUESTS = size(4, 25);
const PARALLEL_FINALIZES = 20;
const LATER_RETRIES = 20;

type FinalizeAnswer = Answer<{ state: number; orderId: string | null }>;

function finalize(client: Client, guest: Guest): Promise<FinalizeAnswer> {
  return client.call("POST", `/api/checkout/${guest.checkoutId}/finalize`, { token: guest.token });
}

/** One guest's attack; answers every answer it got and the orderId the guest finally sees. */
async function attack(client: Client, shop: Shop) {
  const guest = await fillCheckout(client, shop);
  const staleTab = await client.call("GET", `/api/checkout/${guest.checkoutId}`, { token: guest.token });
  const payment = await startPayment(client, shop, guest);
  if (payment.status !== 200) throw new Error(`payment: ${payment.status} ${payment.text}`);

  const page = await loadPaymentPage(client, payment.body.id);
  const [approved, ...racing] = await Promise.all([
    postButton(client, payment.body.id, "approve", page),
    ...Array.from({ length: PARALLEL_FINALIZES }, () => finalize(client, guest)),
  ]);
  const settled = await awaitSettled(client, guest);
  const retries = await Promise.all(Array.from({ length: LATER_RETRIES }, () => finalize(client, guest)));
  // The second tab still shows the checkout as it was before paying: it presses Pay, the old page's
  // Approve again, and finalize.
  const secondTab = [
    await startPayment(client, shop, guest),
    await postButton(client, payment.body.id, "approve", page),
    await finalize(client, guest),
  ];
  return { guest, staleTab, approved: approved!, racing, settled, retries, secondTab };
}

await onBothDatabases("double finalize", (kind) => {
  let product: Product | undefined;
  afterAll(() => product?.stop());

  test(`${GUESTS} guests: approval + ${PARALLEL_FINALIZES} parallel finalizes + ${LATER_RETRIES} retries + a stale second tab`, async () => {
    product = await start(kind, { prepare: (db) => setShopSlotCapacity(db, 1000) });
    const startedAt = Date.now();
    const client = apiClient(product.urls);
    const shop = await openShop(client);
    const attacks = await inParallel(GUESTS, GUESTS, () => attack(client, shop));
    const stored = await product.inspectStopped((db) =>
      Promise.all(
        attacks.map(async ({ guest }) => ({
          orders: await ordersOfCheckout(db, guest.checkoutId),
          livePayments: await livePaymentsOfCheckout(db, guest.checkoutId),
        })),
      ),
    );

    const all = attacks.flatMap((a) => [a.approved, ...a.racing, ...a.retries, ...a.secondTab]);
    const successes = attacks
      .flatMap((a) => [...a.racing, ...a.retries, a.secondTab[2]!])
      .filter((r) => r.status === 200);
    const serverErrors = all.filter((answer) => answer.status >= 500);
    const orders = stored.flatMap((s) => s.orders);
    figures(
      "double-finalize",
      product,
      `${GUESTS} guests, ${all.length} calls, ${successes.length} successful finalizes, ${orders.length} orders, ${new Set(orders.map((o) => o.receiptNumber)).size} receipt numbers, ${serverErrors.length} errors`,
      startedAt,
    );

    expect(
      serverErrors.map((answer) => answer.text),
      "no 5xx",
    ).toEqual([]);
    attacks.forEach((a, i) => {
      const { orders: own, livePayments } = stored[i]!;
      expect(a.approved.status, "the approval itself went through").toBe(303);
      expect(a.settled.state).toBe(CheckoutState.DONE);
      expect(own, "exactly one order per checkout").toHaveLength(1);
      const orderId = own[0]!.orderId;
      expect(a.settled.orderId).toBe(orderId);
      for (const answer of [...a.racing, ...a.retries, a.secondTab[2]!].filter((r) => r.status === 200))
        expect(answer.body, "every successful finalize answers the one order").toMatchObject({
          state: CheckoutState.DONE,
          orderId,
        });
      for (const answer of a.retries) expect(answer.status, "a retry after the order is placed succeeds").toBe(200);
      expect(a.secondTab[0]!.status, "the second tab's Pay is refused, not a new payment").toBeGreaterThanOrEqual(400);
      expect(a.secondTab[1]!.status, "the old page's Approve cannot move the payment again").toBe(409);
      expect(livePayments, "one payment holds the money; the second tab started none").toBe(1);
      expect((a.staleTab.body as { state: number }).state).toBe(CheckoutState.OPEN);
    });
    expect(new Set(orders.map((o) => o.receiptNumber)).size, "one receipt number per order").toBe(GUESTS);
  });
});
