/**
 * Case 5, discount usage limit (issue 11; saleor issue 544 let a one-use voucher be used twice): a
 * code usable 5 times, applied by many guests who then all pay at the same moment. Exactly 5 payments
 * keep the code; every other guest is refused with Discount.Invalid before paying (never charged the
 * full price silently), takes the code off and orders at full price. Afterwards exactly 5 orders carry
 * the code, its usage count is 5, every guest has an order, and no authorized payment is left
 * without an order or a refund.
 */
import { afterAll, expect, test } from "vitest";
import { apiClient, type Client, expectStatus } from "../harness/client";
import {
  countOrders,
  createDiscountCode,
  discountUsageCount,
  ordersWithDiscount,
  paidWithoutOrderOrRefund,
  setShopSlotCapacity,
} from "../harness/database";
import {
  type FlowOutcome,
  fillCheckout,
  type Guest,
  openShop,
  outcomeOf,
  payAndApprove,
  type Shop,
  tally,
} from "../harness/guest-flow";
import type { Product } from "../harness/product";
import { figures, onBothDatabases, size, start } from "../harness/suite";

const CODE = "RELIABILITY5";
const USAGE_LIMIT = 5;
const GUESTS = size(30, 100);

/** Pays with the code; when the code is refused, takes it off and pays full price, as a guest told so would. */
async function payWithCodeOrWithout(client: Client, shop: Shop, guest: Guest) {
  const withCode = await outcomeOf(() => payAndApprove(client, shop, guest));
  if (withCode.kind !== "refused") return { withCode, withoutCode: null };
  const withoutCode = await outcomeOf(async () => {
    const checkout = await expectStatus<{ discounts: { id: string }[] }>(
      "read checkout",
      client.call("GET", `/api/checkout/${guest.checkoutId}`, { token: guest.token }),
    );
    for (const discount of checkout.discounts)
      await expectStatus(
        "remove discount",
        client.call("DELETE", `/api/checkout/${guest.checkoutId}/discount/${discount.id}`, { token: guest.token }),
      );
    return payAndApprove(client, shop, guest);
  });
  return { withCode, withoutCode };
}

await onBothDatabases("discount usage limit", (kind) => {
  let product: Product | undefined;
  afterAll(() => product?.stop());

  test(`a code usable ${USAGE_LIMIT} times, ${GUESTS} guests paying with it at once`, async () => {
    product = await start(kind, {
      prepare: async (db) => {
        await setShopSlotCapacity(db, 1000);
        await createDiscountCode(db, CODE, 10_00, USAGE_LIMIT);
      },
    });
    const startedAt = Date.now();
    const client = apiClient(product.urls);
    const shop = await openShop(client);
    // Every guest applies the code first (each sees it valid: no use is taken yet), then all pay at once.
    const guests = await Promise.all(
      Array.from({ length: GUESTS }, () => fillCheckout(client, shop, { discountCode: CODE })),
    );
    const results = await Promise.all(guests.map((guest) => payWithCodeOrWithout(client, shop, guest)));
    const stored = await product.inspectStopped(async (db) => ({
      discounted: await ordersWithDiscount(db, CODE),
      usageCount: await discountUsageCount(db, CODE),
      orders: await countOrders(db),
      paidWithoutOrder: await paidWithoutOrderOrRefund(db),
    }));

    const first = tally(results.map((r) => r.withCode));
    const second = tally(results.flatMap((r) => (r.withoutCode ? [r.withoutCode] : [])));
    const finalOutcomes: FlowOutcome[] = results.map((r) => r.withoutCode ?? r.withCode);
    figures(
      "discount-limit",
      product,
      `${GUESTS} guests on a ${USAGE_LIMIT}-use code, ${first.orders.length} discounted orders, ${first.refusalText}, then ${second.orders.length} full-price orders, ${first.errors.length + second.errors.length} errors; stored: ${stored.discounted} orders with the code, usage ${stored.usageCount}, ${stored.paidWithoutOrder} paid without order or refund`,
      startedAt,
    );
    expect([...first.errors, ...second.errors], "no 5xx, network failure or stuck checkout").toEqual([]);
    expect(first.orders, "exactly the code's uses are ordered with it").toHaveLength(USAGE_LIMIT);
    expect(first.refusals.get("Discount.Invalid"), "every other guest is told before paying").toBe(
      GUESTS - USAGE_LIMIT,
    );
    expect(second.orders, "each refused guest then orders at full price").toHaveLength(GUESTS - USAGE_LIMIT);
    expect(finalOutcomes.every((o) => o.kind === "order")).toBe(true);
    expect(stored.discounted, "orders stored with the code").toBe(USAGE_LIMIT);
    expect(stored.usageCount, "the code's usage counter").toBe(USAGE_LIMIT);
    expect(stored.orders).toBe(GUESTS);
    expect(stored.paidWithoutOrder, "no authorized payment without an order or a refund").toBe(0);
  });
});
