/**
 * Issue 12: menu reads come from memory in every API process, so an edit must reach every process's
 * memory. Two processes on one PostgreSQL, both with warm caches: a price change, a catalogue edit (a
 * product's name) and a blocked product, written straight into the database as a restaurant's tool would,
 * once committed and heard by every process (the barrier such a tool waits on: PostgreSQL delivers a
 * notification moments after the commit), are seen by the very next read in both. Then the same after the processes' change listeners lose their
 * connections (terminated by PostgreSQL): while a listener is away its process reads the database, and
 * once it is back, from memory again, still current.
 *
 * A guest's basket and checkout are read from the database on every request (decision 021): a line the guest
 * adds in one process, an amount changed through the other, and a line and the checkout's guest name changed
 * straight in the database are in the very next read of both.
 *
 * A restaurant's setup (shared/restaurant-setup.ts) the same way: a closed date and the kitchen's items per
 * slot, written straight into the database, are in the very next pickup times of both processes.
 */
import type { Db } from "@app/db";
import { sql } from "@app/db/orm";
import { postgresReachable, TEST_POSTGRES_URL } from "@app/db/testing";
import { afterAll, expect, test } from "vitest";
import { apiClient, type Client, expectStatus } from "../harness/client";
import { rows, scalar } from "../harness/database";
import { availableSlots, guestToken, restaurantDay, type ShopModule } from "../harness/guest-flow";
import { type Product, startProduct } from "../harness/product";
import { figures } from "../harness/suite";

const LISTENER = "storefront-api change feed";
const LISTENER_RETRY_MS = 3_000;

type Translations = Record<string, string>;
type ProductAnswer = { id: number; name: Translations; price: number };
type CategoryAnswer = { id: number; name: Translations; products: { productId: number }[] }[];

let product: Product | undefined;
afterAll(() => product?.stop());

const reachable = await postgresReachable();
test.skipIf(!reachable)(
  `every process sees the next edit, also after its listener was dropped (pg×2 at ${TEST_POSTGRES_URL})`,
  async () => {
    const startedAt = Date.now();
    // Listeners come back 3 s after a drop: long enough for the "dropped" round to run while they are away.
    product = await startProduct({
      kind: "pg",
      processes: 2,
      env: { CHANGE_LISTENER_RETRY_MS: String(LISTENER_RETRY_MS) },
    });
    const running = product;
    const processes = running.urls.map((url) => apiClient([url]));
    const module = await expectStatus<ShopModule>("module", processes[0]!.call("GET", "/api/module/domain/localhost"));
    const token = await guestToken(processes[0]!, module);
    const menuId = await firstMenuId(processes[0]!, module, token);
    const firstCategory = (await readCategories(processes[0]!, module, menuId, token))[0]!;
    const categoryId = firstCategory.id;
    const productId = firstCategory.products[0]!.productId;

    const read = (client: Client) => readEverything(client, module, menuId, categoryId, productId, token);
    /**
     * Writes as a restaurant's tool would: committed, then heard by every listening process (the barrier such a
     * tool waits on; PostgreSQL delivers a notification moments after the commit, not with it). A process whose
     * listener is away confirms nothing and reads the database.
     */
    const edit = async (change: (db: Db) => Promise<unknown>) => {
      await running.withDatabase(change);
      await running.changesHeardEverywhere();
    };
    // Both API processes and the suite's own handle, which listens as the product does.
    expect(await running.changesHeardEverywhere(), "listeners that confirm").toBe(3);
    /** Each process's next read shows the change: both twice, the second from memory if it kept the first. */
    const expectEverywhere = async (check: (seen: Seen) => void) => {
      for (const client of processes) for (const _ of [1, 2]) check(await read(client));
    };
    let edits = 0;
    const editAndCheck = async (round: string) => {
      // Warm: every process has the current answers in memory before the edit.
      for (const client of processes) await read(client);
      const price = 100 + ++edits;
      const name = `Renamed ${round} ${edits}`;
      await edit((db) => db.execute(sql`update product set price_minor = ${price * 100} where id = ${productId}`));
      await expectEverywhere((seen) => expect(seen.product.price, `price after ${round}`).toBe(price));
      const names = JSON.stringify({ "da-DK": name, "en-US": name });
      await edit((db) => db.execute(sql`update product set name = ${names}::jsonb where id = ${productId}`));
      await edit((db) => db.execute(sql`update category set name = ${names}::jsonb where id = ${categoryId}`));
      await expectEverywhere((seen) => {
        expect(seen.product.name["en-US"], `product name after ${round}`).toBe(name);
        expect(seen.categoryNames, `category answer after ${round}`).toContain(name);
      });
      await edit((db) =>
        db.execute(
          sql`insert into blocked_product (production_unit_id, product_id) values (${module.productionUnitId}, ${productId})`,
        ),
      );
      await expectEverywhere((seen) => expect(seen.blocked, `blocked after ${round}`).toContain(productId));
      await edit((db) => db.execute(sql`delete from blocked_product where product_id = ${productId}`));
      await expectEverywhere((seen) => expect(seen.blocked, `unblocked after ${round}`).not.toContain(productId));
      await guestChangesAndCheck(round);
      await basketPricingAndCheck(round);
      await setupChangesAndCheck(round);
    };

    // A day with pickup times (restaurant A takes orders two days ahead): tomorrow, or else the day after.
    const dayWithSlots = async () => {
      for (const day of [restaurantDay(1), restaurantDay(2)]) {
        if ((await availableSlots(processes[0]!, module, token, day)).length > 0) return day;
      }
      throw new Error("restaurant A has no pickup times tomorrow or the day after");
    };
    const slotDay = await dayWithSlots();
    const openSlots = (await availableSlots(processes[0]!, module, token, slotDay)).length;
    /** Every process's next pickup times of `slotDay` (twice, the second from memory) number `expected`. */
    const expectSlotsEverywhere = async (expected: number, what: string) => {
      for (const client of processes) {
        for (const _ of [1, 2])
          expect((await availableSlots(client, module, token, slotDay)).length, what).toBe(expected);
      }
    };
    let setupEdits = 0;
    const setupChangesAndCheck = async (round: string) => {
      await expectSlotsEverywhere(openSlots, `pickup times before the setup edits ${round}`);
      await edit((db) =>
        db.execute(
          sql`insert into closed_date (production_unit_id, date) values (${module.productionUnitId}, ${slotDay})`,
        ),
      );
      await expectSlotsEverywhere(0, `pickup times on a closed date ${round}`);
      await edit((db) =>
        db.execute(
          sql`delete from closed_date where production_unit_id = ${module.productionUnitId} and date = ${slotDay}`,
        ),
      );
      await expectSlotsEverywhere(openSlots, `pickup times once open again ${round}`);
      const limit: number = await running.withDatabase((db) =>
        scalar(db, sql`select items_per_slot from capacity_instance where id = ${module.capacityInstanceId}`),
      );
      await edit((db) =>
        db.execute(sql`update capacity_instance set items_per_slot = 0 where id = ${module.capacityInstanceId}`),
      );
      await expectSlotsEverywhere(0, `pickup times with no kitchen capacity ${round}`);
      await edit((db) =>
        db.execute(sql`update capacity_instance set items_per_slot = ${limit} where id = ${module.capacityInstanceId}`),
      );
      await expectSlotsEverywhere(openSlots, `pickup times with the capacity back ${round}`);
      setupEdits += 4;
    };

    const colaId: number = await running.withDatabase((db) =>
      scalar(
        db,
        sql`select id from product where internal_name = 'cola' and product_instance_id = ${module.productInstanceId}`,
      ),
    );
    /**
     * Every process's next basket and checkout reads (twice) show what `check` wants: the process a guest's
     * request `wrote` through first, then the other one, neither waiting for anything.
     */
    const expectGuestEverywhere = async (
      ids: { basket: string; checkout: string },
      check: (guest: GuestSeen) => void,
      wrote?: Client,
    ) => {
      const order = wrote ? [wrote, ...processes.filter((client) => client !== wrote)] : processes;
      for (const client of order) {
        for (const _ of [1, 2]) {
          const basket = await expectStatus<BasketAnswer>(
            "basket",
            client.call("GET", `/api/basket/${ids.basket}`, { token }),
          );
          const checkout = await expectStatus<CheckoutAnswer>(
            "checkout",
            client.call("GET", `/api/checkout/${ids.checkout}`, { token }),
          );
          check({
            amounts: basket.items.map((item) => item.amount),
            guestName: checkout.guestInformation.name,
            total: checkout.totals.basketTotal,
          });
        }
      }
    };
    /**
     * Every process's next basket change prices from the catalogue as it is now (it keeps what it read, like the
     * menu): a new price, the product marked sold out, and back. Each add goes into a new basket of its own.
     */
    let pricingEdits = 0;
    const expectAddEverywhere = async (expected: { status: number; price?: number }, what: string) => {
      for (const client of processes) {
        for (const _ of [1, 2]) {
          const basket = await expectStatus<BasketAnswer>("new basket", client.call("GET", "/api/basket", { token }));
          const added = await client.call("POST", `/api/basket/${basket.id}/products`, {
            token,
            json: { productId: colaId, amount: 1, choices: [] },
          });
          expect(added.status, `${what}: ${added.text}`).toBe(expected.status);
          if (expected.price !== undefined)
            expect((added.body as BasketAnswer).items[0]!.price, what).toBe(expected.price);
        }
      }
    };
    const basketPricingAndCheck = async (round: string) => {
      const price: number = await running.withDatabase((db) =>
        scalar(db, sql`select price_minor from product where id = ${colaId}`),
      );
      await expectAddEverywhere({ status: 200, price: price / 100 }, `cola before the edits ${round}`);
      await edit((db) => db.execute(sql`update product set price_minor = ${price + 500} where id = ${colaId}`));
      await expectAddEverywhere({ status: 200, price: price / 100 + 5 }, `cola at its new price ${round}`);
      await edit((db) =>
        db.execute(
          sql`insert into blocked_product (production_unit_id, product_id) values (${module.productionUnitId}, ${colaId})`,
        ),
      );
      await expectAddEverywhere({ status: 409 }, `cola sold out ${round}`);
      await edit((db) => db.execute(sql`delete from blocked_product where product_id = ${colaId}`));
      await edit((db) => db.execute(sql`update product set price_minor = ${price} where id = ${colaId}`));
      await expectAddEverywhere({ status: 200, price: price / 100 }, `cola back on sale at its price ${round}`);
      pricingEdits += 4;
    };
    let guestEdits = 0;
    const guestChangesAndCheck = async (round: string) => {
      const [first, second] = processes as [Client, Client];
      const basket = await expectStatus<BasketAnswer>("new basket", first.call("GET", "/api/basket", { token }));
      const checkout = await expectStatus<{ id: string }>(
        "new checkout",
        first.call("POST", `/api/checkout?instanceId=${module.checkoutInstanceId}&moduleId=${module.id}`, { token }),
      );
      await expectStatus(
        "link",
        first.call("POST", `/api/checkout/${checkout.id}/basket?basketId=${basket.id}`, { token }),
      );
      const added = await expectStatus<BasketAnswer>(
        "add",
        first.call("POST", `/api/basket/${basket.id}/products`, {
          token,
          json: { productId: colaId, amount: 1, choices: [] },
        }),
      );
      const ids = { basket: basket.id, checkout: checkout.id };
      await expectGuestEverywhere(
        ids,
        (seen) => {
          expect(seen.amounts, `the added line after ${round}`).toEqual([1]);
          expect(seen.total, `the checkout's total after ${round}`).toBe(35);
        },
        first,
      );
      const lineId = added.items[0]!.id;
      await expectStatus(
        "change",
        second.call("PUT", `/api/basket/${basket.id}/products/${lineId}`, {
          token,
          json: { productId: colaId, amount: 2, choices: [] },
        }),
      );
      await expectGuestEverywhere(
        ids,
        (seen) => {
          expect(seen.amounts, `the amount changed in the other process after ${round}`).toEqual([2]);
          expect(seen.total, `the checkout's total after ${round}`).toBe(70);
        },
        second,
      );
      await edit((db) => db.execute(sql`update basket_item set amount = 3 where id = ${lineId}`));
      await edit((db) => db.execute(sql`update checkout set guest_name = ${round} where id = ${checkout.id}`));
      await expectGuestEverywhere(ids, (seen) => {
        expect(seen.amounts, `the amount written in the database after ${round}`).toEqual([3]);
        expect(seen.guestName, `the guest name written in the database after ${round}`).toBe(round);
      });
      guestEdits += 4;
    };

    await editAndCheck("with listeners");

    const dropped: number = await running.withDatabase((db) =>
      scalar(
        db,
        sql`select count(pg_terminate_backend(pid)) from pg_stat_activity
          where application_name = ${LISTENER} and datname = current_database()`,
      ),
    );
    // One per API process, and one of the suite's own database handle (it opens the database as the product does).
    expect(dropped, "a listener per process").toBeGreaterThanOrEqual(2);
    const droppedAt = Date.now();
    await editAndCheck("listeners dropped");
    const roundMs = Date.now() - droppedAt;
    expect(roundMs, "the round ran while the listeners were away").toBeLessThan(LISTENER_RETRY_MS);

    await waitForListeners(running, dropped);
    await editAndCheck("listeners back");
    figures(
      "cache-invalidation",
      running,
      `${edits * 5} menu edits (price, product and category name, block, unblock), ${guestEdits} guest changes (a line added, an amount changed in the other process, a line and a guest name in the database), ${pricingEdits} edits seen by basket pricing (a price, sold out, back) and ${setupEdits} setup edits (a closed date, items per slot) seen by the next read in 2/2 processes, with, without and after the change listener (${dropped} dropped)`,
      startedAt,
    );
  },
);

type Seen = { product: ProductAnswer; categoryNames: string[]; blocked: number[] };
type BasketAnswer = { id: string; items: { id: string; amount: number; price: number }[] };
type CheckoutAnswer = { guestInformation: { name: string | null }; totals: { basketTotal: number } };
type GuestSeen = { amounts: number[]; guestName: string | null; total: number };

async function readEverything(
  client: Client,
  module: ShopModule,
  menuId: number,
  categoryId: number,
  productId: number,
  token: string,
) {
  const [product, categories, blocked] = await Promise.all([
    expectStatus<ProductAnswer>(
      "product",
      client.call("GET", `/api/product/${productId}?instanceId=${module.productInstanceId}`, { token }),
    ),
    readCategories(client, module, menuId, token),
    expectStatus<{ productId: number }[]>(
      "blocked",
      client.call("GET", `/api/blockedProduct?productionUnitId=${module.productionUnitId}`, { token }),
    ),
  ]);
  return {
    product,
    categoryNames: categories.filter((category) => category.id === categoryId).map((c) => c.name["en-US"] ?? ""),
    blocked: blocked.map((b) => b.productId),
  } satisfies Seen;
}

function readCategories(client: Client, module: ShopModule, menuId: number, token: string) {
  return expectStatus<CategoryAnswer>(
    "categories",
    client.call("GET", `/api/category/menu/${menuId}?instanceId=${module.menuInstanceId}`, { token }),
  );
}

async function firstMenuId(client: Client, module: ShopModule, token: string): Promise<number> {
  const menus = await expectStatus<{ id: number }[]>(
    "menus",
    client.call("GET", `/api/menu?instanceId=${module.menuInstanceId}`, { token }),
  );
  return menus[0]!.id;
}

/** The listeners reconnect by themselves (within about a second): wait until both listen again. */
async function waitForListeners(running: Product, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const listening = await running.withDatabase((db) =>
      rows(
        db,
        sql`select pid from pg_stat_activity where application_name = ${LISTENER} and datname = current_database()`,
      ),
    );
    if (listening.length === count) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the change listeners did not come back within 30 s`);
}
