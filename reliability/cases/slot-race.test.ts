/**
 * Case 1, slot race (issue 11): many guests race the whole way — basket to approved payment — into one
 * pickup slot whose kitchen makes 10 items. Exactly as many orders as fit are placed, every other
 * guest gets the clear capacity refusal (409 SLOT_FULL) and nobody a 5xx; the slot's usage counter
 * equals what the orders took, and no payment is left holding units. Once with 1-item baskets
 * (10 orders), once with 3-item baskets (3 orders: a 4th would need 12), each into its own slot.
 */
import { afterAll, expect, test } from "vitest";
import { apiClient } from "../harness/client";
import { capacityUsed, heldPayments, orderedItems, setShopSlotCapacity } from "../harness/database";
import { type FlowOutcome, fullGuestFlow, openShop, tally } from "../harness/guest-flow";
import type { Product } from "../harness/product";
import { figures, onBothDatabases, size, start } from "../harness/suite";

const CAPACITY = 10;
// Inside npm test four flows for each place in the slot; the long form, fifty.
const FLOWS = size(40, 500);
const VARIANTS = [
  { items: 1, slotIndex: 3 },
  { items: 3, slotIndex: 4 },
];

await onBothDatabases("slot race", (kind) => {
  let product: Product | undefined;
  afterAll(() => product?.stop());

  test(`${FLOWS} concurrent flows into a slot of ${CAPACITY}, with 1-item and with 3-item baskets`, async () => {
    product = await start(kind, { prepare: (db) => setShopSlotCapacity(db, CAPACITY) });
    const client = apiClient(product.urls);
    const races: { items: number; slotTime: string; outcomes: FlowOutcome[]; startedAt: number }[] = [];
    for (const { items, slotIndex } of VARIANTS) {
      const startedAt = Date.now();
      const shop = await openShop(client, slotIndex);
      const outcomes = await Promise.all(Array.from({ length: FLOWS }, () => fullGuestFlow(client, shop, { items })));
      races.push({ items, slotTime: shop.slotTime, outcomes, startedAt });
    }
    const { module } = await openShop(client);

    const stored = await product.inspectStopped(async (db) => ({
      held: await heldPayments(db),
      slots: await Promise.all(
        races.map(async (race) => ({
          used: await capacityUsed(db, module.capacityInstanceId, race.slotTime),
          ordered: await orderedItems(db, module.capacityInstanceId, race.slotTime),
        })),
      ),
    }));

    races.forEach((race, i) => {
      const { orders, refusals, errors, refusalText } = tally(race.outcomes);
      const { used, ordered } = stored.slots[i]!;
      figures(
        "slot-race",
        product!,
        `${FLOWS} flows × ${race.items} item(s), ${orders.length} orders, ${refusalText}, ${errors.length} errors, slot usage ${used}/${CAPACITY}`,
        race.startedAt,
      );
      expect(errors, "no 5xx, network failure or stuck checkout").toEqual([]);
      expect(orders).toHaveLength(Math.floor(CAPACITY / race.items));
      expect(refusals.get("SLOT_FULL") ?? 0, "every other guest is told the slot is full").toBe(FLOWS - orders.length);
      expect(ordered, "the placed orders of the slot take exactly what the answers acknowledged").toBe(
        orders.length * race.items,
      );
      expect(used, "the slot's usage counter equals what its orders took").toBe(ordered);
      expect(new Set(orders.map((order) => order.receiptNumber)).size, "one receipt number per order").toBe(
        orders.length,
      );
    });
    expect(stored.held, "no payment still holds kitchen units").toBe(0);
  });
});
