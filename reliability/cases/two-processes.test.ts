/**
 * Issue 40's must-show (docs/decisions/021-one-caching-story.md): two API processes on one PostgreSQL behind a
 * round-robin client. 200 guests each walk SPEC §7's basket and checkout calls, every call on the other process
 * than the guest's previous one, and every read must show the guest's last write — by construction, since a
 * guest's basket and checkout are read from the database on every request: 0 stale answers.
 *
 * Then the restaurant edits as its tool will: a price and a sold-out product written straight into the
 * database, then the edit barrier (every process has heard the change: ChangeFeed.settleEverywhere). The next
 * catalogue read of both processes, warm before the edit, shows it.
 */
import { sql } from "@app/db/orm";
import { postgresReachable, TEST_POSTGRES_URL } from "@app/db/testing";
import { afterAll, expect, test } from "vitest";
import { apiClient, type Client, expectStatus } from "../harness/client";
import { scalar } from "../harness/database";
import { guestToken, openShop, type Shop } from "../harness/guest-flow";
import { type Product, startProduct } from "../harness/product";
import { figures, inParallel } from "../harness/suite";

const GUESTS = 200;
const AT_ONCE = 20;

type BasketAnswer = { id: string; items: { id: string; productId: number; amount: number }[] };
type CheckoutAnswer = {
  guestInformation: { name: string | null };
  orderReadyTime: string | null;
  totals: { basketTotal: number };
};
type ProductAnswer = { id: number; price: number };

let product: Product | undefined;
afterAll(() => product?.stop());

const reachable = await postgresReachable();
test.skipIf(!reachable)(
  `a guest's every read shows their last write on either process; an edit reaches both (pg×2 at ${TEST_POSTGRES_URL})`,
  async () => {
    const startedAt = Date.now();
    product = await startProduct({ kind: "pg", processes: 2 });
    const running = product;
    const shop = await openShop(apiClient([running.urls[0]!]));
    const second = await secondPlainProduct(apiClient([running.urls[0]!]), shop);

    const stale: string[] = [];
    const reads = await inParallel(GUESTS, AT_ONCE, (index) =>
      // Its own client per guest: consecutive calls of one guest alternate between the two processes.
      guestFlow(apiClient(running.urls), shop, second, index, stale),
    );
    const readCount = reads.reduce((sum, n) => sum + n, 0);
    expect(stale, "reads that did not show the guest's last write").toEqual([]);

    const edits = await editsReachBoth(running, shop);
    figures(
      "two-processes",
      running,
      `${GUESTS} guests, ${readCount} reads after a write on the other process, ${stale.length} stale; ${edits} catalogue edits seen by the next read in 2/2 processes`,
      startedAt,
    );
  },
  120_000,
);

/**
 * One guest's basket and checkout, as the storefront calls them (SPEC §7): each write is followed by a read
 * that must show it, and the round-robin client sends that read to the other process. Answers the reads made.
 */
async function guestFlow(client: Client, shop: Shop, second: number, index: number, stale: string[]) {
  const { module } = shop;
  const token = await guestToken(client, module);
  const call = <T>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, json?: unknown) =>
    expectStatus<T>(`${method} ${path}`, client.call<T>(method, path, { token, json }));
  let reads = 0;
  const expectRead = async <T>(path: string, what: string, shows: (answer: T) => boolean) => {
    reads++;
    const answer = await call<T>("GET", path);
    if (!shows(answer)) stale.push(`guest ${index}: ${what}: ${JSON.stringify(answer)}`);
  };
  const basket = await call<BasketAnswer>("GET", "/api/basket");
  const basketPath = `/api/basket/${basket.id}`;
  const line = (productId: number, amount: number) => ({ productId, amount, choices: [] });
  const amounts = (answer: BasketAnswer) => answer.items.map((item) => `${item.productId}×${item.amount}`).join(" ");

  const added = await call<BasketAnswer>("POST", `${basketPath}/products`, line(shop.product.id, 1));
  const firstLine = added.items[0]!.id;
  await expectRead<BasketAnswer>(basketPath, "the added line", (b) => amounts(b) === `${shop.product.id}×1`);
  await call("PUT", `${basketPath}/products/${firstLine}`, line(shop.product.id, 3));
  await expectRead<BasketAnswer>(basketPath, "the changed amount", (b) => amounts(b) === `${shop.product.id}×3`);
  const withSecond = await call<BasketAnswer>("POST", `${basketPath}/products`, line(second, 2));
  await expectRead<BasketAnswer>(basketPath, "the second line", (b) => b.items.length === 2);
  const secondLine = withSecond.items.find((item) => item.productId === second)!.id;
  await call("DELETE", `${basketPath}/products/${secondLine}`);
  await expectRead<BasketAnswer>(basketPath, "the line removed", (b) => amounts(b) === `${shop.product.id}×3`);

  const checkout = await call<{ id: string }>(
    "POST",
    `/api/checkout?instanceId=${module.checkoutInstanceId}&moduleId=${module.id}`,
  );
  const checkoutPath = `/api/checkout/${checkout.id}`;
  await expectRead<CheckoutAnswer>(checkoutPath, "the new checkout", (c) => c.totals.basketTotal === 0);
  await call("POST", `${checkoutPath}/basket?basketId=${basket.id}`);
  const total = (amount: number) => (c: CheckoutAnswer) => c.totals.basketTotal === amount * shop.product.price;
  await expectRead<CheckoutAnswer>(checkoutPath, "the linked basket's total", total(3));
  const guest = (name: string) => ({
    name,
    phone: "12345678",
    email: "guest@example.dk",
    orderReadyTime: shop.slotTime,
  });
  await call("POST", `${checkoutPath}/guestInformation`, guest(`Guest ${index}`));
  await expectRead<CheckoutAnswer>(
    checkoutPath,
    "the guest information",
    (c) => c.guestInformation.name === `Guest ${index}` && c.orderReadyTime !== null,
  );
  await call("PUT", `${basketPath}/products/${firstLine}`, line(shop.product.id, 2));
  await expectRead<CheckoutAnswer>(checkoutPath, "the basket's new total in the checkout", total(2));
  await call("POST", `${checkoutPath}/guestInformation`, guest(`Guest ${index} again`));
  await expectRead<CheckoutAnswer>(
    checkoutPath,
    "the changed name",
    (c) => c.guestInformation.name === `Guest ${index} again`,
  );
  return reads;
}

/**
 * A price and a sold-out product, each written straight into the database and followed by the edit barrier,
 * are in the next product and blocked-products read of both processes (each warm, its answers in memory).
 * Answers the edits made.
 */
async function editsReachBoth(running: Product, shop: Shop): Promise<number> {
  const processes = running.urls.map((url) => apiClient([url]));
  const token = await guestToken(processes[0]!, shop.module);
  const { module } = shop;
  // Cola: no weekday sale, so its answer's price is the price written.
  const id: number = await running.withDatabase((db) =>
    scalar(
      db,
      sql`select id from product where internal_name = 'cola' and product_instance_id = ${module.productInstanceId}`,
    ),
  );
  const readProduct = (client: Client) =>
    expectStatus<ProductAnswer>(
      "product",
      client.call("GET", `/api/product/${id}?instanceId=${module.productInstanceId}`, { token }),
    );
  const readBlocked = async (client: Client) =>
    (
      await expectStatus<{ productId: number }[]>(
        "blocked",
        client.call("GET", `/api/blockedProduct?productionUnitId=${module.productionUnitId}`, { token }),
      )
    ).map((blocked) => blocked.productId);
  const edit = async (change: string) => {
    for (const client of processes) await Promise.all([readProduct(client), readBlocked(client)]);
    await running.withDatabase((db) => db.execute(sql.raw(change)));
    expect(await running.changesHeardEverywhere(), "processes (and the suite) that heard the edit").toBe(3);
  };

  const price = (await readProduct(processes[0]!)).price + 7;
  await edit(`update product set price_minor = ${price * 100} where id = ${id}`);
  for (const client of processes) expect((await readProduct(client)).price, "the new price").toBe(price);
  await edit(`insert into blocked_product (production_unit_id, product_id) values (${module.productionUnitId}, ${id})`);
  for (const client of processes) expect(await readBlocked(client), "sold out").toContain(id);
  await edit(`delete from blocked_product where product_id = ${id}`);
  for (const client of processes) expect(await readBlocked(client), "back on sale").not.toContain(id);
  return 3;
}

/** Another product of the menu a guest may add without picking options (not the shop's own one). */
async function secondPlainProduct(client: Client, shop: Shop): Promise<number> {
  const { module } = shop;
  const token = await guestToken(client, module);
  const [menu] = await expectStatus<{ id: number }[]>(
    "menu",
    client.call("GET", `/api/menu?instanceId=${module.menuInstanceId}`, { token }),
  );
  const categories = await expectStatus<{ products: { productId: number }[] }[]>(
    "categories",
    client.call("GET", `/api/category/menu/${menu!.id}?instanceId=${module.menuInstanceId}`, { token }),
  );
  const ids = [...new Set(categories.flatMap((category) => category.products.map((p) => p.productId)))];
  const context = await expectStatus<{
    products: { id: number; isGiftcard: boolean; modifiers: { choicesIncluded: number }[] }[];
  }>("context", client.call("POST", "/api/context", { token, json: ids }));
  const plain = context.products.find(
    (p) =>
      p.id !== shop.product.id &&
      p.id !== module.bagFeeItem &&
      !p.isGiftcard &&
      p.modifiers.every((group) => group.choicesIncluded === 0),
  );
  if (!plain) throw new Error("restaurant A sells no second product without required options");
  return plain.id;
}
